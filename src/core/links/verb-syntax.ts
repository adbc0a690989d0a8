// The building blocks of the verb tables: pattern shape, word boundaries, fillers, role nouns, and the
// helpers that anchor a verb right before or right after a link.

export type VerbType = 'founded' | 'invested_in' | 'advises' | 'works_at' | 'attended';

/** When several verbs match one link, the earlier type in this list wins. */
export const VERB_PRECEDENCE: readonly VerbType[] = ['founded', 'invested_in', 'advises', 'works_at', 'attended'];

export interface VerbPattern {
  /** Lower-case substrings of which one must occur in the clause; a cheap filter before the regexes run. */
  keys: readonly string[];
  type: VerbType;
  /** `in` for passives: the link target did this to the note's subject. */
  direction: 'out' | 'in';
  before?: RegExp;
  after?: RegExp;
  /** The verb itself says the relation is over (`worked at`, `left`). */
  past?: boolean;
  /** Weak evidence (a label line, "met her at"): taken only when both ends' kinds are known to fit. */
  strict?: boolean;
}

export const NB = String.raw`(?<![\p{L}\p{N}])`; // no letter/digit before
export const NA = String.raw`(?![\p{L}\p{N}])`; // no letter/digit after
// Words that end a verb's reach: `worked at Google before [[Acme]]` says nothing about Acme.
export const STOP = String.raw`(?:and|or|but|then|before|after|with|without|from|than|while|when|where|who|which|whose|not|never|to|for|of|at|in|on|by|as|into|since|until|via)`;
// Up to three ordinary words between verb and link: `founded the robotics startup [[Acme]]`.
export const FILLER_EN = String.raw`(?:\s+(?!${STOP}${NA})[\p{L}\p{N}][\p{L}\p{N}'’&.\-]*){0,3}`;
// Up to six characters between a Chinese verb and the link: `创立了机器人公司[[Acme]]`.
export const FILLER_ZH = String.raw`[^\s，。；、,;！？!?：:“”"（）()]{0,6}`;

export const ROLE_EN = String.raw`(?:chief\s+[\p{L}]+\s+officer|CEO|CTO|CFO|COO|CPO|CMO|CIO|CISO|CRO|VP|SVP|EVP|vice[\s-]+president|president|head\s+of\s+[\p{L}&-]+(?:\s+[\p{L}&-]+)?|(?:software\s+|staff\s+|senior\s+|principal\s+)?engineer|developer|designer|PM|product\s+manager|manager|director|(?:tech\s+|team\s+)?lead|researcher|scientist|analyst|partner|principal|consultant|architect|recruiter|intern|employee|staffer|chair(?:man|woman|person)?|GM|general\s+manager)`;
export const ROLE_ZH = String.raw`(?:首席[\p{Script=Han}]{1,4}官|CEO|CTO|CFO|COO|CPO|VP|副总裁|总裁|总经理|经理|总监|主管|负责人|合伙人|工程师|研发|研究员|科学家|设计师|产品经理|分析师|架构师|实习生|员工|职员|董事长)`;

export const ROLE_KEYS_EN = ['chief', 'ceo', 'cto', 'cfo', 'coo', 'cpo', 'cmo', 'cio', 'ciso', 'cro', 'vp', 'president', 'head', 'engineer', 'developer', 'designer', 'pm', 'manager', 'director', 'lead', 'researcher', 'scientist', 'analyst', 'partner', 'principal', 'consultant', 'architect', 'recruiter', 'intern', 'employee', 'staffer', 'chair', 'gm'];
export const ROLE_KEYS_ZH = ['首席', 'ceo', 'cto', 'cfo', 'coo', 'cpo', 'vp', '总裁', '经理', '总监', '主管', '负责人', '合伙人', '工程师', '研发', '研究员', '科学家', '设计师', '分析师', '架构师', '实习生', '员工', '职员', '董事长'];

export function en(verb: string, filler = FILLER_EN): RegExp {
  return new RegExp(String.raw`${NB}(?<v>${verb})${filler}\s*$`, 'iu');
}
export function enAfter(verb: string): RegExp {
  return new RegExp(String.raw`^\s*(?<v>${verb})${NA}`, 'iu');
}
export function zh(verb: string, filler = FILLER_ZH): RegExp {
  return new RegExp(String.raw`(?<v>${verb})${filler}\s*$`, 'iu');
}
export function zhAfter(verb: string): RegExp {
  return new RegExp(String.raw`^\s*(?<v>${verb})`, 'iu');
}
export const JUST_BEFORE = (word: string): RegExp => new RegExp(String.raw`(?<v>${word})\s*$`, 'iu');

