// Verb tables for typed edges (no LLM). A pattern reads the clause around a link: `before` must match
// the text that ends right at the link, `after` the text that starts right after it (both when both are
// given). The named group `v` is the evidence phrase. English patterns use letter/digit lookarounds as
// word boundaries (so `confounded`, `rejoined` or `leftover` never match).
//
// Ideas from GBrain (FOUNDED > INVESTED > ADVISES > WORKS_AT precedence over a context window); the
// patterns are our own: they must sit next to the link (at most a few filler words away) in the same
// clause, passives flip the direction, and past/negated forms are recognised.
import { ROLE_EN, ROLE_KEYS_EN, ROLE_KEYS_ZH, ROLE_ZH, NB, en, enAfter, zh, zhAfter, JUST_BEFORE, type VerbPattern } from './verb-syntax';
import { SUBJECT_PATTERNS } from './subject-patterns';

export { VERB_PRECEDENCE, type VerbPattern, type VerbType } from './verb-syntax';

const OWN_PATTERNS: readonly VerbPattern[] = [
  // ---- founded ----
  // "co-founded / founded / established [[Acme]]": the subject created the target.
  { keys: ['found', 'establish', 'incorporat'], type: 'founded', direction: 'out', before: en(String.raw`co-?founded|cofounded|founded|established|incorporated`) },
  // "co-founder / founder of [[Acme]]": the noun form.
  { keys: ['founder', 'founding'], type: 'founded', direction: 'out', before: en(String.raw`(?:co-?|co\s)?founder(?:\s+(?:and|&)\s+${ROLE_EN})?\s+(?:of|at)|founding\s+(?:CEO|CTO|partner)\s+(?:of|at)`, '') },
  // "started / launched a company called [[Acme]]": bare "started" is too common ("started using").
  { keys: ['started', 'launched', 'set up', 'built'], type: 'founded', direction: 'out', before: en(String.raw`(?:started|launched|set\s+up|built)\s+(?:(?:a|an|the|his|her|their|my|our)\s+)?(?:[\p{L}-]+\s+)?(?:company|startup|business|firm|venture|fund)(?:\s+(?:called|named))?`, '') },
  // "[[Acme]] co-founder" / "[[Acme]]'s founder" / "[[Acme]] as co-founder" (apposition after the link).
  { keys: ['founder'], type: 'founded', direction: 'out', after: enAfter(String.raw`(?:['’]s\s+|\s*as\s+(?:an?\s+|the\s+)?)?(?:co-?)?founder`) },
  // Passive "founded (in 2019) by [[Alice]]": the target founded the subject.
  { keys: ['found', 'start', 'establish', 'launch', 'creat', 'set up'], type: 'founded', direction: 'in', before: en(String.raw`(?:co-?founded|founded|started|established|launched|created|set\s+up)(?:\s+[\p{L}\p{N}]+){0,3}?\s+by`, '') },
  // "[[Alice]] founded it / the company" on the company's own page: the target founded the subject.
  // The object must be a pronoun or "the company", so "[[Alice]] founded [[Acme]]" elsewhere stays untouched.
  { keys: ['found', 'started', 'establish'], type: 'founded', direction: 'in', after: enAfter(String.raw`(?:co-?founded|cofounded|founded|started|established)\s+(?:it|this|us|the\s+(?:company|startup|firm|business|lab|fund))`) },
  // Chinese "创立/创办/成立/创建(了)[[X]]" and "[[X]]的(联合)创始人".
  { keys: ['创', '成立'], type: 'founded', direction: 'out', before: zh(String.raw`(?:联合)?(?:创立|创办|创建)(?:了)?|(?:成立|创立)了`) },
  { keys: ['创始', '创办'], type: 'founded', direction: 'out', after: zhAfter(String.raw`的?\s*(?:联合)?(?:创始人|创办人)`) },
  // Passive "由[[X]](联合)创立/创办/成立": the target founded the subject; "创始人[[X]]" names the founder.
  { keys: ['由'], type: 'founded', direction: 'in', before: JUST_BEFORE('由'), after: zhAfter(String.raw`(?:[^，。；]{0,8}?)(?:联合)?(?:创立|创办|成立|创建)`) },
  { keys: ['创始', '创办'], type: 'founded', direction: 'in', before: zh(String.raw`(?:联合)?(?:创始人|创办人)(?:是|为)?`, '[:：]?') },

  // ---- invested_in ----
  // "invested in / investor in / backed / funded [[Acme]]".
  { keys: ['invest', 'backer', 'backed', 'funded', 'financed'], type: 'invested_in', direction: 'out', before: en(String.raw`(?:invested|invests|investing|invest)\s+in|(?:angel\s+|early\s+|seed\s+|lead\s+)?investor\s+(?:in|at|of)|backer\s+of|backed|funded|financed`) },
  // "led / participated in the seed round of [[Acme]]", "led [[Acme]]'s Series A".
  { keys: ['led', 'participated', 'angel'], type: 'invested_in', direction: 'out', before: en(String.raw`(?:co-)?led\s+(?:the\s+|a\s+|an\s+)?(?:[\p{L}\p{N}$-]+\s+){0,3}(?:round|investment|financing)\s+(?:in|of|for|into)|participated\s+in\s+(?:the\s+|a\s+)?(?:[\p{L}\p{N}$-]+\s+){0,3}round\s+(?:of|in|for)|(?:participated\s+in|(?:co-)?led)\s+(?:the\s+|a\s+)?(?:pre-seed|seed|series\s+[a-z]\d?)(?:\s+(?:round|extension))?\s+(?:of|in|for)|angel\s+investment\s+in`, '') },
  { keys: ['led', 'participated'], type: 'invested_in', direction: 'out', before: JUST_BEFORE(String.raw`${NB}(?:co-)?led|participated\s+in`), after: enAfter(String.raw`['’]s\s+(?:(?:[\p{L}\p{N}$-]+\s+){0,3}?(?:round|raise|financing)|(?:seed|pre-seed|series\s+[a-z]\d?))`) },
  // "[[Acme]] as an (angel) investor", "[[Acme]]'s investor".
  { keys: ['investor'], type: 'invested_in', direction: 'out', after: enAfter(String.raw`(?:['’]s\s+|\s*as\s+(?:an?\s+|the\s+)?)(?:[\p{L}-]+\s+)?investor`) },
  // Passive "backed by / funded by / raised $5M from / round led by [[Sequoia]]".
  { keys: ['backed', 'funded', 'financed', 'invested', 'led by', 'raised', 'investor'], type: 'invested_in', direction: 'in', before: en(String.raw`(?:backed|funded|financed)\s+by|invested\s+in\s+by|(?:round|investment|raise|financing|seed|pre-seed|series\s+[a-z]\d?)\s+(?:round\s+)?(?:was\s+)?(?:co-)?led\s+by|raised\s+(?:[\p{L}\p{N}$€£¥.,-]+\s+){0,4}from|investors?\s*(?:include|includes|including|are|is|were|:)`, '') },
  // "[[Sequoia]] invested in it / led the round" on the company's own page.
  { keys: ['invest', 'led'], type: 'invested_in', direction: 'in', after: enAfter(String.raw`(?:invested\s+in\s+(?:it|us|the\s+company)|(?:co-)?led\s+(?:the|its|our)\s+(?:[\p{L}\p{N}$-]+\s+){0,2}round)`) },
  // Chinese "投资了/领投/跟投/注资/天使投资[[X]]"; "投资人" names the investor, so not here.
  { keys: ['投', '注资'], type: 'invested_in', direction: 'out', before: zh(String.raw`(?:天使)?投资(?![人方者机])(?:了)?|领投(?:了)?|跟投(?:了)?|参投(?:了)?|注资(?:了)?`) },
  { keys: ['投资', '股东'], type: 'invested_in', direction: 'out', after: zhAfter(String.raw`的?\s*(?:天使|早期|领)?(?:投资人|投资者|投资方|股东)`) },
  // Passive: "由[[红杉]]领投", "获得[[红杉]]的A轮投资", "投资人[[X]]", "[[红杉]]领投".
  { keys: ['由'], type: 'invested_in', direction: 'in', before: JUST_BEFORE('由'), after: zhAfter(String.raw`(?:领投|跟投|参投|投资|注资)`) },
  { keys: ['获', '得到', '接受'], type: 'invested_in', direction: 'in', before: zh(String.raw`获得了?|得到了?|获|接受了?`, ''), after: zhAfter(String.raw`[^，。；]{0,12}?(?:投资|注资|融资)`) },
  { keys: ['投资'], type: 'invested_in', direction: 'in', before: zh(String.raw`(?:投资人|投资方|投资者)(?:包括|有|是|为)?`, '[:：]?') },
  { keys: ['领投', '跟投', '参投', '注资'], type: 'invested_in', direction: 'in', after: zhAfter(String.raw`(?:领投|跟投|参投|注资)`) },

  // ---- advises ----
  // "advises / advisor to / on the board of / mentor to [[Acme]]".
  { keys: ['advis', 'board', 'mentor', 'counsel'], type: 'advises', direction: 'out', before: en(String.raw`advises|advised|advising|advise|(?:advisor|adviser)\s+(?:to|of|at|for)|advisory\s+(?:board|role)\s+(?:of|at|for)|board\s+(?:member\s+)?(?:of|at)|(?:sits|sat|serves|served|seat)\s+on\s+(?:the\s+)?(?:[\p{L}-]+\s+)?board\s+(?:of|at)|member\s+of\s+(?:the\s+)?(?:[\p{L}-]+\s+)?board\s+(?:of|at)|board\s+of\s+directors\s+(?:of|at)|mentor\s+(?:to|at|for)|mentors|mentored|mentoring|counsels`, '') },
  // "[[Acme]] as an advisor", "[[Acme]]'s board".
  { keys: ['advis', 'board', 'mentor'], type: 'advises', direction: 'out', after: enAfter(String.raw`(?:['’]s\s+|\s*as\s+(?:an?\s+|the\s+)?)(?:[\p{L}-]+\s+)?(?:advisor|adviser|board(?:\s+member)?|mentor)`) },
  // Passive "advised / mentored by [[Alice]]", "advisors include [[Alice]]".
  { keys: ['advised', 'mentored', 'counseled', 'advisors', 'advisers', 'advisory'], type: 'advises', direction: 'in', before: en(String.raw`(?:advised|mentored|counseled)\s+by|(?:advisors|advisers|advisory\s+board)\s*(?:include|includes|including|are|is|:)`, '') },
  // Chinese "[[X]]的顾问/董事/董事会成员/导师", "担任[[X]]顾问", "为[[X]]提供咨询".
  { keys: ['顾问', '董事', '导师'], type: 'advises', direction: 'out', after: zhAfter(String.raw`的?\s*(?:(?![是为])[\p{Script=Han}]){0,4}?(?:顾问|董事会成员|董事会|独立董事|董事|导师)`) },
  { keys: ['为'], type: 'advises', direction: 'out', before: JUST_BEFORE('为'), after: zhAfter(String.raw`提供[\p{Script=Han}]{0,4}?(?:咨询|顾问|建议|指导)`) },
  { keys: ['顾问', '导师'], type: 'advises', direction: 'in', before: zh(String.raw`(?:顾问|导师)(?:是|为|包括|有)?`, '[:：]?') },

  // ---- works_at ----
  // "works at / working for / joined / employed by / hired by [[Acme]]".
  { keys: ['work', 'employ', 'hired', 'recruited', 'join', 'intern', 'currently', 'now'], type: 'works_at', direction: 'out', before: en(String.raw`(?:works|work|working)\s+(?:at|for)|(?:employed|hired|recruited)\s+(?:by|at)|employee\s+(?:of|at)|joined|joins|joining|interned?\s+at|internship\s+at|(?:currently|now)\s+at`) },
  // Past: "worked at", "left", "quit", "resigned from", "previously at".
  { keys: ['worked', 'left', 'quit', 'leaving', 'depart', 'resign', 'retired', 'previously', 'formerly', 'alum'], type: 'works_at', direction: 'out', past: true, before: en(String.raw`worked\s+(?:at|for)|left|quit|leaving|departed|departed\s+from|resigned\s+from|retired\s+from|(?:previously|formerly)\s+(?:at|@|with)|alum(?:nus|na|ni)?\s+of`) },
  // "ex-[[Google]]", "(ex-[[Meta]])": a former employer, as profiles write it.
  { keys: ['ex-'], type: 'works_at', direction: 'out', past: true, before: new RegExp(String.raw`(?:^|[\s(/,])(?<v>ex-)\s*$`, 'iu') },
  // "CEO of / engineer at / Head of Product at [[Acme]]".
  { keys: ROLE_KEYS_EN, type: 'works_at', direction: 'out', before: en(String.raw`${ROLE_EN}\s*(?:at|of|@)`) },
  // "is a … at [[Acme]]" (current) and "was a … at [[Acme]]" (past).
  { keys: [' at', '@'], type: 'works_at', direction: 'out', before: en(String.raw`(?:is|am|are)\s+(?:an?|the)\s+(?:[\p{L}-]+\s+){0,3}(?:at|@)`, '') },
  { keys: [' at', '@'], type: 'works_at', direction: 'out', past: true, before: en(String.raw`(?:was|were)\s+(?:an?|the)\s+(?:[\p{L}-]+\s+){0,3}(?:at|@)`, '') },
  // "[[Acme]] CEO", "[[Acme]]'s CTO", "[[Acme]] as a PM" (apposition after the link).
  { keys: ROLE_KEYS_EN, type: 'works_at', direction: 'out', after: enAfter(String.raw`(?:['’]s\s+|\s*as\s+(?:an?\s+|the\s+)?)?(?:(?:senior|staff|principal|lead|founding|former|ex-)\s+)?${ROLE_EN}`) },
  // Passive "employs / hired [[Alice]]" on the employer's page.
  { keys: ['employ', 'hired', 'recruited'], type: 'works_at', direction: 'in', before: en(String.raw`employs|employed|hired|recruited`, '') },
  // Chinese "任职于/就职于/供职于/工作于/加入/入职[[X]]"; "离开[[X]]" is past.
  { keys: ['任职', '就职', '供职', '工作', '受雇', '效力', '加入', '入职', '担任'], type: 'works_at', direction: 'out', before: zh(String.raw`任职于|就职于|供职于|工作于|受雇于|效力于|加入了?|入职了?|担任`) },
  { keys: ['离开', '离职'], type: 'works_at', direction: 'out', past: true, before: zh(String.raw`离开了?|离职于`, '') },
  // "从[[X]]离职/辞职".
  { keys: ['从'], type: 'works_at', direction: 'out', past: true, before: JUST_BEFORE('从'), after: zhAfter(String.raw`(?:离职|辞职|退休)`) },
  // "在[[X]]工作/任职/上班/实习", "在[[X]]担任CTO".
  { keys: ['在', '于'], type: 'works_at', direction: 'out', before: JUST_BEFORE('在|于'), after: zhAfter(String.raw`[^，。；]{0,6}?(?:工作|任职|上班|就职|实习|供职|担任|当)`) },
  // "[[X]]的CTO", "[[X]]工程师", "[[X]]前CEO".
  { keys: ROLE_KEYS_ZH, type: 'works_at', direction: 'out', after: zhAfter(String.raw`的?\s*(?:前|原)?(?:(?![是为])[\p{Script=Han}]){0,4}?${ROLE_ZH}`) },
];

/**
 * Negation right before a verb or role noun: the relation is denied, so the link stays a mention. An article or a
 * possessive may sit between ("not an investor in", "never a board member of", "was never employed by").
 */
export const NEGATION = /(?:(?<![\p{L}])(?:never|not|no|didn['’]t|doesn['’]t|don['’]t|wasn['’]t|isn['’]t|hasn['’]t|haven['’]t|won['’]t)(?![\p{L}])(?:\s+(?:a|an|the|their|his|her|its|our|my|been|ever|once|actually|really))*|从未|从没|没有|并未|未曾|不是|并非|从来没有?|不曾)[\s\p{L}]{0,3}$/iu;

/**
 * An intention, a plan or a guess right before the verb ("should invest in", "might join", "considering joining",
 * "打算加入"): nothing has happened yet, so the link stays a mention. A wrong typed edge costs more than a missing one.
 */
export const NOT_YET = /(?:(?<![\p{L}])(?:should|could|would|might|must|shall|will|want(?:s|ed)?\s+to|plan(?:s|ned|ning)?\s+to|hop(?:e|es|ed|ing)\s+to|intend(?:s|ed)?\s+to|(?:is|are|am|was|were)\s+(?:about|going|likely)\s+to|going\s+to|about\s+to|trying\s+to|tries\s+to|consider(?:s|ed|ing)?|thinking\s+(?:of|about)|if|whether|maybe|perhaps)(?![\p{L}])|想要?|打算|计划|可能|也许|或许|考虑|准备|希望|应该|如果)[\s\p{L}]{0,3}$/iu;

/**
 * A role or founder noun introduced by an article after anything but a copula ("met the CEO of [[Acme]]", "intro to
 * a partner at [[Fund]]", "The founder of [[X]] called"): that person is someone else, not the page. After a copula
 * or "as" ("she is the CTO at", "joined as a partner at") the role stays the page's own. `lead` is the clause up to
 * the noun.
 */
export function someoneElsesRole(lead: string): boolean {
  if (!/(?:^|[^\p{L}])(?:the|an?)\s+$/iu.test(lead)) return false;
  const words = lead.match(/[\p{L}'’]+/gu) ?? [];
  const before = words.at(-2)?.toLowerCase();
  return before === undefined || !OWN_ROLE_LEAD.has(before);
}

const OWN_ROLE_LEAD = new Set(
  "is am are was were be been being became become becomes remains remained stays stayed as named appointed hired promoted now currently also still formerly previously once she's he's i'm she’s he’s i’m".split(' '),
);

/** Words in the clause before the verb that put the relation in the past. */
export const PAST_MARKER = /(?<![\p{L}])(?:(?:former|formerly|previously|used\s+to|no\s+longer|until|earlier)(?![\p{L}])|ex-)|曾经|曾|以前|此前|离开|前任|已离职|(?<![目眼当日提空之])前\s*$/iu;

/** "was a PM at": the clause right before a role noun is in the past tense. */
export const PAST_LEAD = /(?<![\p{L}])(?:was|were)\s+(?:an?|the|her|his|their)\s+(?:[\p{L}-]+\s+){0,3}$/iu;

/** Evidence phrases that start with a past marker (`前CEO`, `ex-CTO`, `former engineer`). */
export const PAST_PHRASE = /^(?:的?\s*前(?![端台])|的?\s*原|ex-|former)/iu;

export const VERB_PATTERNS: readonly VerbPattern[] = [...OWN_PATTERNS, ...SUBJECT_PATTERNS];
