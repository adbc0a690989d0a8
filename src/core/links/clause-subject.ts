// Whose clause is it? A verb before a link is read as the page's own act ("Invested in [[Acme]]", "She joined
// [[Acme]]", "Elena works at [[Harbor]]"), unless the clause opens with someone else named in plain text:
// "Harbor invested in [[Acme]]" on Elena's page says nothing about Elena, nor does "her husband works at [[X]]"
// or "王伟投资了[[X]]" on 李娜's page. Kept narrow on purpose: the clause must open with the name (after list
// markup, a date or a year) and go straight on to a finite verb, so sentence-opening words ("Founder and CEO of",
// "Recently joined", "These days") never count as a subject.

/** List bullets, bold dates and timeline separators before a clause's first word. */
const MARKUP = String.raw`^[\s>*_#-]*(?:(?:\*\*|__)?\d{4}(?:-\d{2}(?:-\d{2})?)?(?:\*\*|__)?\s*[:|：]?\s*)?`;
/** "In 2019, ", "Since 2021 ": a year before the subject. */
const YEAR_LEAD = String.raw`(?:(?:[Ii]n|[Ss]ince|[Bb]y|[Ff]rom)\s+\d{4},?\s+)?`;
/** Words between a subject and its verb: "Harbor also invested", "Bob later joined". */
const FILLER_EN = String.raw`(?:\s+(?:also|later|then|now|currently|recently|previously|formerly|eventually|once|since\s+\d{4}|in\s+\d{4}))*`;
/** Finite verbs that open the relations we type (the verb tables decide the relation; this only finds the subject). */
const VERB_EN = String.raw`(?:co-?founded|cofounded|founded|started|established|invested|invests|backed|funded|co-led|led|participated|joined|joins|works|worked|advises|advised|mentors|mentored|sits|sat|serves|served|runs|ran|left|quit|is|was|has|had|became|used\s+to)(?![\p{L}])`;
/** A capitalised name of one to four words (initials and "Mc"/"O'" forms included), possibly possessive. */
const WORD_EN = String.raw`\p{Lu}[\p{L}.-]*(?:['’]\p{Lu}[\p{L}-]*)?`;
const NAME_EN = String.raw`(?<name>${WORD_EN}(?:\s+${WORD_EN}){0,3})(?<poss>['’]s(?:\s+[\p{Ll}-]+){1,2})?`;
/** "her husband", "his co-founder", "my brother": a relative or colleague, not the page. */
const RELATIVE_EN = String.raw`(?:her|his|their|my|our)\s+(?:husband|wife|partner|spouse|brother|sister|father|mother|son|daughter|cousin|friend|colleague|boss|manager|co-?founder|fund|firm|company)`;

const OTHER_NAMED = new RegExp(`${MARKUP}${YEAR_LEAD}${NAME_EN}${FILLER_EN}\\s+${VERB_EN}`, 'u');
const OTHER_RELATIVE = new RegExp(`${MARKUP}${YEAR_LEAD}${RELATIVE_EN}${FILLER_EN}\\s+${VERB_EN}`, 'iu');

/** Words that open a sentence in capitals without naming anyone. */
const NOT_A_NAME = new Set(
  'the a an this that these those it its he she they we i you his her their our my who which there here then later now also today recently previously currently formerly eventually once since after before in on at by for from with while when where both each every some most many several one two three'.split(' '),
);

// Chinese: a person's name (an unambiguous surname and one or two characters) or an organisation's name (ending
// in a company word), then a verb that opens one of the relations.
const SURNAMES = '王李张刘陈杨黄赵吴周徐孙朱胡郭林罗梁宋郑谢韩唐冯萧蔡彭潘袁邓许傅沈吕苏卢蒋魏姚廖邹熊陆郝孔崔钟谭汪邵薛贾顾邱秦严钱褚卫何施曹华';
/** Everyday words that start with a surname character. */
const NOT_A_NAME_ZH = /^(?:周[末一二三四五六日年内]|林[地业]|黄金|朱红|谢谢|王牌|陈[述列旧]|许多|何时|华[人语丽]|施工|曹操)/u;
const ORG_SUFFIX = String.raw`(?:资本|创投|基金|科技|公司|集团|智能|投资|银行|实验室|研究院)`;
const VERB_ZH = String.raw`(?:也|还|已|曾经?|于\d{4}年|在\d{4}年)?(?:投资|领投|跟投|参投|注资|创立|创办|创建|成立|联合创立|加入|入职|任职|就职|供职|担任|在|是|为|离开|离职)`;
/** "他的太太", "我同事", "她哥哥": a relative or colleague named by a pronoun, then a verb of the relations. */
const RELATIVE_ZH = new RegExp(
  String.raw`${MARKUP}(?:他|她|我|他们|她们|我们)的?(?:太太|妻子|老婆|丈夫|先生|老公|爱人|哥哥|姐姐|弟弟|妹妹|父亲|母亲|爸爸|妈妈|儿子|女儿|朋友|同学|同事|老板|上司|领导|合伙人|联合创始人)${VERB_ZH}`,
  'u',
);
const OTHER_ZH = new RegExp(String.raw`${MARKUP}(?:(?<person>[${SURNAMES}][\p{Script=Han}]{1,2}?)|(?<org>[\p{Script=Han}]{1,8}?${ORG_SUFFIX}))${VERB_ZH}`, 'u');

/** The parts of the page's names a clause may call it by: "Elena Petrova" -> elena, petrova, elena petrova. */
export function nameTokens(names: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const n of names) {
    const full = n.trim().toLowerCase();
    if (full === '') continue;
    out.add(full);
    for (const part of full.split(/[\s.,()-]+/)) if (part.length > 1) out.add(part);
  }
  return out;
}

/**
 * True when the clause before a link (`clause`: from the clause start up to the link) opens with someone other
 * than the page as the subject of its verb. `pageNames`: `nameTokens` of the page's title, aliases and file name.
 */
export function opensWithOtherSubject(clause: string, pageNames: ReadonlySet<string>): boolean {
  if (OTHER_RELATIVE.test(clause) || RELATIVE_ZH.test(clause)) return true;
  const en = OTHER_NAMED.exec(clause);
  if (en?.groups?.name !== undefined) {
    const words = en.groups.name.split(/\s+/);
    if (NOT_A_NAME.has(words[0]!.toLowerCase())) return false;
    // "Elena's fund invested": someone's something is never the page itself.
    if (en.groups.poss !== undefined) return true;
    // "Dr. Chen", "Elena" on Elena Petrova's page: any word of the page's own name keeps the page the subject.
    return !pageNames.has(en.groups.name.toLowerCase()) && !words.some((w) => pageNames.has(w.replace(/[.]+$/u, '').toLowerCase()));
  }
  const zh = OTHER_ZH.exec(clause);
  if (!zh) return false;
  const name = zh.groups?.person ?? zh.groups?.org ?? '';
  if (NOT_A_NAME_ZH.test(name)) return false;
  // A Chinese name has no spaces: the page is named when the clause's name and one of the page's names overlap.
  return ![...pageNames].some((n) => n.startsWith(name) || name.startsWith(n));
}
