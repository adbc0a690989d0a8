// Recognises questions about typed relations ("who works at Acme", "谁投资了赤兔智能", "what connects A and B")
// and pulls out the relation and the names. Names are resolved to notes later, against the store.

export interface RelationAsk {
  kind: 'relation';
  relation: string;
  /** `subjects`: who is on the subject side (who works at X); `objects`: what X relates to (where X works). */
  want: 'subjects' | 'objects';
  name: string;
  tense: 'current' | 'any';
}

export interface ConnectsAsk {
  kind: 'connects';
  names: [string, string];
}

export type ParsedAsk = RelationAsk | ConnectsAsk;

interface Form {
  re: RegExp;
  relation: string;
  want: 'subjects' | 'objects';
  tense?: 'current' | 'any';
}

const WHO = String.raw`(?:who|which\s+(?:people|person|persons|investors?|companies|firms|funds|advisors?|advisers?)|what\s+(?:people|companies|firms|funds))`;
const BE = String.raw`(?:is|are|was|were)`;

const EN_FORMS: Form[] = [
  { re: new RegExp(String.raw`^${WHO}\s+(?:currently\s+|now\s+|still\s+)?(?:works?|${BE}\s+working|${BE}\s+employed)\s+(?:at|for|by)\s+(.+)$`, 'i'), relation: 'works_at', want: 'subjects', tense: 'current' },
  { re: new RegExp(String.raw`^${WHO}\s+(?:has\s+|have\s+|had\s+)?(?:worked|used\s+to\s+work)\s+(?:at|for)\s+(.+)$`, 'i'), relation: 'works_at', want: 'subjects', tense: 'any' },
  { re: new RegExp(String.raw`^(?:who\s+${BE}\s+)?(?:the\s+)?(?:employees|staff|people|team(?:\s+members)?)\s+(?:of|at)\s+(.+)$`, 'i'), relation: 'works_at', want: 'subjects', tense: 'current' },
  { re: new RegExp(String.raw`^${WHO}\s+(?:co-?)?(?:founded|started|created|established)\s+(.+)$`, 'i'), relation: 'founded', want: 'subjects' },
  { re: new RegExp(String.raw`^(?:who\s+${BE}\s+)?(?:the\s+)?(?:co-?)?founders?\s+of\s+(.+)$`, 'i'), relation: 'founded', want: 'subjects' },
  { re: new RegExp(String.raw`^${WHO}\s+(?:has\s+|have\s+)?(?:invested|invests|invest)\s+in\s+(.+)$`, 'i'), relation: 'invested_in', want: 'subjects' },
  { re: new RegExp(String.raw`^${WHO}\s+(?:backed|backs|funded|funds|financed)\s+(.+)$`, 'i'), relation: 'invested_in', want: 'subjects' },
  { re: new RegExp(String.raw`^(?:who\s+${BE}\s+)?(?:the\s+)?(?:investors?|backers?)\s+(?:in|of|behind)\s+(.+)$`, 'i'), relation: 'invested_in', want: 'subjects' },
  { re: new RegExp(String.raw`^${WHO}\s+(?:advises|advised|advise|${BE}\s+advising|mentors|mentored)\s+(.+)$`, 'i'), relation: 'advises', want: 'subjects' },
  { re: new RegExp(String.raw`^(?:who\s+${BE}\s+)?(?:the\s+|an?\s+)?(?:advisors?|advisers?)\s+(?:to|of|for|at)\s+(.+)$`, 'i'), relation: 'advises', want: 'subjects' },
  { re: new RegExp(String.raw`^${WHO}\s+(?:attended|attends|was\s+at|were\s+at|went\s+to|was\s+in|were\s+in|joined|participated\s+in)\s+(?:the\s+)?(.+)$`, 'i'), relation: 'attended', want: 'subjects' },
  { re: /^where\s+(?:does|do)\s+(.+?)\s+work(?:\s+now)?$/i, relation: 'works_at', want: 'objects', tense: 'current' },
  { re: /^where\s+(?:did|has|have)\s+(.+?)\s+(?:work|worked)$/i, relation: 'works_at', want: 'objects', tense: 'any' },
  { re: /^(?:what|which)(?:\s+compan(?:y|ies))?\s+(?:did|has|have)\s+(.+?)\s+(?:co-?)?(?:found|founded|start|started)$/i, relation: 'founded', want: 'objects' },
  { re: /^(?:what|which)(?:\s+compan(?:y|ies))?\s+(?:did|does|has|have)\s+(.+?)\s+(?:invest|invested)\s+in$/i, relation: 'invested_in', want: 'objects' },
  { re: /^(?:who|what|which(?:\s+compan(?:y|ies))?)\s+(?:does|did|do)\s+(.+?)\s+advise$/i, relation: 'advises', want: 'objects' },
  { re: /^(?:what|which)(?:\s+meetings?)?\s+(?:did|has|have)\s+(.+?)\s+attend(?:ed)?$/i, relation: 'attended', want: 'objects' },
];

const ZH_FORMS: Form[] = [
  { re: /^(?:谁|哪些人|有谁)(?:现在|目前)?在(.+?)(?:工作|任职|上班|就职)$/u, relation: 'works_at', want: 'subjects', tense: 'current' },
  { re: /^(?:谁|哪些人|有谁)(?:曾经|以前)在(.+?)(?:工作|任职|上班|就职)过?$/u, relation: 'works_at', want: 'subjects', tense: 'any' },
  { re: /^(.+?)(?:有哪些|有什么|都有谁|有谁|的)员工(?:是谁|有谁|有哪些)?$/u, relation: 'works_at', want: 'subjects', tense: 'current' },
  { re: /^(?:谁|哪些人|有谁)(?:创立|创办|创建|成立|联合创立|联合创办)了(.+)$/u, relation: 'founded', want: 'subjects' },
  { re: /^(.+?)(?:的)?(?:创始人|创办人|联合创始人)(?:是谁|有谁|有哪些)?$/u, relation: 'founded', want: 'subjects' },
  { re: /^(.+?)是(?:谁|哪些人)(?:创立|创办|创建)的$/u, relation: 'founded', want: 'subjects' },
  { re: /^(?:谁|哪些人|哪些机构|哪些公司|有谁)投资了(.+)$/u, relation: 'invested_in', want: 'subjects' },
  { re: /^(.+?)(?:的)?(?:投资人|投资方|投资者|投资机构)(?:是谁|有谁|有哪些)?$/u, relation: 'invested_in', want: 'subjects' },
  { re: /^(?:谁|哪些人|有谁)是(.+?)的顾问$/u, relation: 'advises', want: 'subjects' },
  { re: /^(?:谁|哪些人|有谁)(?:担任|在)(.+?)(?:的)?顾问$/u, relation: 'advises', want: 'subjects' },
  { re: /^(.+?)的顾问(?:是谁|有谁|有哪些)$/u, relation: 'advises', want: 'subjects' },
  { re: /^(?:谁|哪些人|有谁)(?:参加|出席|参与)了(.+)$/u, relation: 'attended', want: 'subjects' },
  { re: /^(.+?)(?:有谁|有哪些人)(?:参加|出席)(?:了)?$/u, relation: 'attended', want: 'subjects' },
  { re: /^(.+?)(?:现在|目前)?在(?:哪里|哪儿|哪家公司|什么公司)(?:工作|任职|上班)$/u, relation: 'works_at', want: 'objects', tense: 'current' },
  { re: /^(.+?)(?:创立|创办)了(?:什么|哪些|哪家)(?:公司)?$/u, relation: 'founded', want: 'objects' },
  { re: /^(.+?)投资了(?:什么|哪些|哪家)(?:公司)?$/u, relation: 'invested_in', want: 'objects' },
];

const EN_CONNECTS: RegExp[] = [
  /^(?:what|who|which\s+notes?)\s+(?:connects|links|ties|relates)\s+(.+?)\s+(?:and|to|with)\s+(.+)$/i,
  /^how\s+(?:is|are)\s+(.+?)\s+(?:and|connected\s+to|related\s+to|linked\s+to)\s+(.+?)(?:\s+(?:connected|related|linked))?$/i,
  /^what\s+do\s+(.+?)\s+and\s+(.+?)\s+have\s+in\s+common$/i,
  /^(?:the\s+)?(?:connection|link|relationship)\s+between\s+(.+?)\s+and\s+(.+)$/i,
  /^what\s+is\s+the\s+(?:connection|link|relationship)\s+between\s+(.+?)\s+and\s+(.+)$/i,
];

const ZH_CONNECTS: RegExp[] = [
  /^(.+?)(?:和|与|跟)(.+?)(?:之间)?(?:有什么|有何|是什么)(?:关系|联系|关联)$/u,
  /^什么(?:把|将)?(.+?)(?:和|与|跟)(.+?)(?:联系|连接|关联)(?:在一起|起来)?$/u,
  /^(.+?)(?:和|与|跟)(.+?)(?:是)?(?:怎么|如何)(?:联系|关联|认识)(?:起来|在一起)?的?$/u,
];

const TRAILING = /[\s?？!！。.,，;；:：]+$/u;
const LEADING = /^[\s"'“”‘’「」]+/u;

function cleanName(s: string): string {
  return s
    .replace(TRAILING, '')
    .replace(LEADING, '')
    .replace(/^\[\[|\]\]$/g, '')
    .replace(/["'“”‘’「」]+$/u, '')
    .trim();
}

/** The relation question in `query`, or null when it is not one. */
export function parseRelationAsk(query: string): ParsedAsk | null {
  const q = query.replace(TRAILING, '').replace(/\s+/g, ' ').trim();
  if (q.length === 0 || q.length > 300) return null;
  for (const re of [...EN_CONNECTS, ...ZH_CONNECTS]) {
    const m = re.exec(q);
    if (m?.[1] && m[2]) {
      const a = cleanName(m[1]);
      const b = cleanName(m[2]);
      if (a && b && a.toLowerCase() !== b.toLowerCase()) return { kind: 'connects', names: [a, b] };
    }
  }
  for (const f of [...EN_FORMS, ...ZH_FORMS]) {
    const m = f.re.exec(q);
    const name = m?.[1] ? cleanName(m[1]) : '';
    if (name) return { kind: 'relation', relation: f.relation, want: f.want, name, tense: f.tense ?? 'any' };
  }
  return null;
}
