// Subjects named on the object's own page: "[[X]] joined as CTO", "[[X]] is our CTO", "[[X]] invested in this
// company", "由[[X]]创立", "[[X]]是我们的首席技术官", and attendee lines ("Attendees: [[A]], [[B]]", "参会人：").
// All point from the link target to this note (`in`). Target-aware typing (entity-kinds.ts) keeps them to pages
// that can be the object: "[[X]] joined" on a meeting page is not employment, it falls through to attended.
//
// A subject pattern reads the text after the link and must not run into another link: "[[X]] works at [[Y]]"
// says nothing about this note. The clause reader marks such a cut with LINK_MARK.
import { NA, NB, ROLE_EN, ROLE_KEYS_EN, ROLE_ZH, zh, type VerbPattern } from './verb-syntax';

/** Appended to the text after a link when the clause runs on into the next link. */
export const LINK_MARK = '\uFFFC';
const NO_LINK = String.raw`(?![^\uFFFC]*\uFFFC)`;
/** Words allowed between the subject and its verb: "[[X]] also / now / later / in 2021 joined". */
const LEAD_EN = String.raw`(?:,\s*)?(?:who\s+)?(?:(?:also|now|currently|later|then|recently|eventually|has|have|had|since)\s+|in\s+\d{4},?\s+)*`;

function subjectEn(verb: string): RegExp {
  return new RegExp(String.raw`^${NO_LINK}\s*${LEAD_EN}(?<v>${verb})${NA}`, 'iu');
}
function subjectZh(verb: string, lead = String.raw`[^，。；：:\uFFFC]{0,10}?`): RegExp {
  return new RegExp(String.raw`^${NO_LINK}\s*${lead}(?<v>${verb})`, 'iu');
}

/** "Team:", "**Board**:", "- GP: " at the start of its line, right before the (first) link. */
function labelLine(label: string): RegExp {
  return new RegExp(String.raw`^[ \t>*_-]*(?:\*\*|__)?(?<v>${label})(?:\*\*|__)?\s*[:：]\s*(?:\*\*|__)?\s*$`, 'iu');
}

const THIS_ORG = String.raw`(?:it|this|us|here|the\s+(?:company|firm|startup|business|lab|fund|team)|this\s+(?:company|firm|startup|business|lab|fund))`;

export const SUBJECT_PATTERNS: readonly VerbPattern[] = [
  // ---- founded ----
  { keys: ['found'], type: 'founded', direction: 'in', after: subjectEn(String.raw`co-?founded|cofounded|founded`) },
  { keys: ['start', 'establish', 'creat', 'set up', 'launch', 'incorporat'], type: 'founded', direction: 'in', after: subjectEn(String.raw`(?:started|established|created|set\s+up|launched|incorporated)\s+${THIS_ORG}`) },
  { keys: ['founder'], type: 'founded', direction: 'in', after: subjectEn(String.raw`(?:is|was)\s+(?:a|the|our|its|one\s+of\s+(?:the|our|its))\s+(?:co-?)?founders?`) },
  { keys: ['创', '成立'], type: 'founded', direction: 'in', after: subjectZh(String.raw`(?:联合)?(?:创立|创办|创建|成立)了?(?:这家|本|该)?(?:公司|企业|基金)?`) },
  { keys: ['创始'], type: 'founded', direction: 'in', after: subjectZh(String.raw`是(?:公司|我们|本公司)?的?(?:联合)?创始人`, '') },

  // ---- invested_in ----
  { keys: ['invest'], type: 'invested_in', direction: 'in', after: subjectEn(String.raw`invested|invests`) },
  { keys: ['led', 'participated', 'joined'], type: 'invested_in', direction: 'in', after: subjectEn(String.raw`(?:(?:co-)?led|participated\s+in|joined)\s+(?:the|our|its|this|a)\s+(?:[\p{L}\p{N}$€£¥.-]+\s+){0,3}?(?:round|raise|financing|investment|seed|series\s+[a-z]\d?)`) },
  { keys: ['investor', 'backer'], type: 'invested_in', direction: 'in', after: subjectEn(String.raw`(?:is|was|became)\s+(?:an?|our|the|its)\s+(?:early\s+|angel\s+|lead\s+|seed\s+|first\s+)?(?:investor|backer)`) },
  { keys: ['came in', 'came on'], type: 'invested_in', direction: 'in', after: subjectEn(String.raw`came\s+(?:in|on\s+board)\s+as\s+(?:an?\s+|the\s+)?(?:early\s+|seed\s+|lead\s+)?(?:angel|investor|backer|lead\s+investor)`) },
  { keys: ['backed', 'funded'], type: 'invested_in', direction: 'in', after: subjectEn(String.raw`(?:backed|funded|financed)\s+${THIS_ORG}`) },
  { keys: ['投', '注资'], type: 'invested_in', direction: 'in', after: subjectZh(String.raw`投资了?(?:公司|我们|本公司|这家公司)|领投|跟投|参投|注资`) },
  { keys: ['投资'], type: 'invested_in', direction: 'in', after: subjectZh(String.raw`是(?:公司|我们|本公司)?的?(?:早期|天使|领)?(?:投资人|投资方|股东)`, '') },

  // ---- advises ----
  { keys: ['advis', 'mentor', 'coach'], type: 'advises', direction: 'in', after: subjectEn(String.raw`advises|advised|mentors|mentored|coaches|coached`) },
  { keys: ['board'], type: 'advises', direction: 'in', after: subjectEn(String.raw`(?:sits|sat|serves|served|joined)\s+on\s+(?:our|the|its)\s+(?:advisory\s+)?board|joined\s+(?:our|the|its)\s+(?:advisory\s+)?board`) },
  { keys: ['advis'], type: 'advises', direction: 'in', after: subjectEn(String.raw`(?:is|was|became)\s+(?:an?|our|the|its)\s+(?:[\p{L}-]+\s+)?advis[oe]r`) },
  { keys: ['顾问'], type: 'advises', direction: 'in', after: subjectZh(String.raw`(?:担任|任|是|为)(?:公司|我们|本公司)?的?[\p{Script=Han}]{0,4}?顾问`, '') },

  // ---- works_at ----
  { keys: ['work'], type: 'works_at', direction: 'in', after: subjectEn(String.raw`(?:works|is\s+working|has\s+been\s+working)\s+(?:here|at|for|with\s+us|in|on)`) },
  { keys: ['join'], type: 'works_at', direction: 'in', after: subjectEn('joined|joins') },
  { keys: ['been with'], type: 'works_at', direction: 'in', after: subjectEn(String.raw`(?:has\s+)?been\s+with\s+(?:us|the\s+company|the\s+team|the\s+firm)`) },
  { keys: ['runs', 'leads', 'heads', 'manages'], type: 'works_at', direction: 'in', after: subjectEn(String.raw`(?:runs|leads|heads|manages)\s+(?:the\s+|our\s+|its\s+)?(?:[\p{L}&-]+\s+){0,2}(?:team|group|department|division|office|lab|org)`) },
  { keys: ['our', 'its', "company's"], type: 'works_at', direction: 'in', after: subjectEn(String.raw`(?:is|serves\s+as|works\s+as)\s+(?:our|its|the\s+company['’]s)\s+(?:new\s+|current\s+|acting\s+)?${ROLE_EN}`) },
  { keys: ['our'], type: 'works_at', direction: 'in', after: new RegExp(String.raw`^${NO_LINK}\s*,\s*(?<v>our\s+(?:new\s+|current\s+)?${ROLE_EN})${NA}`, 'iu') },
  { keys: ['(', '（'], type: 'works_at', direction: 'in', after: new RegExp(String.raw`^\s*[(（]\s*(?<v>${ROLE_EN}|${ROLE_ZH})\s*[)）]`, 'iu') },
  // Keyed on the role words (ROLE_EN needs one): "the" alone would run this unanchored regex on nearly every link.
  { keys: ROLE_KEYS_EN, type: 'works_at', direction: 'in', before: new RegExp(String.raw`${NB}(?<v>(?:our|the|its)\s+(?:new\s+|current\s+|former\s+)?${ROLE_EN})(?:\s+is)?\s*$`, 'iu') },
  // Past: "[[X]] left the company", "[[X]] used to work here".
  { keys: ['left', 'quit', 'depart', 'resign'], type: 'works_at', direction: 'in', past: true, after: subjectEn(String.raw`left|quit|departed|resigned`) },
  { keys: ['used to', 'worked'], type: 'works_at', direction: 'in', past: true, after: subjectEn(String.raw`(?:used\s+to\s+work|worked)\s+(?:here|at|for|with\s+us)`) },
  { keys: ['是', '为', '任'], type: 'works_at', direction: 'in', after: subjectZh(String.raw`(?:是|为|任|担任)(?:我们|公司|本公司|我司)的?(?:新任|现任)?${ROLE_ZH}`, '') },
  { keys: ['加入', '入职'], type: 'works_at', direction: 'in', after: subjectZh(String.raw`(?:加入|入职)`) },
  { keys: ['在公司', '在我们'], type: 'works_at', direction: 'in', after: subjectZh(String.raw`在(?:公司|我们这里|本公司)(?:担任|任职|工作|任)`, '') },
  { keys: ['曾', '以前'], type: 'works_at', direction: 'in', past: true, after: subjectZh(String.raw`(?:曾经?|以前)在(?:公司|这里|我们这里|本公司)`, '') },
  { keys: ['离职', '辞职', '离开'], type: 'works_at', direction: 'in', past: true, after: subjectZh(String.raw`离职|辞职|离开了?(?:公司|我们)`) },
  // "首席技术官[[X]]负责…": a role right before the name.
  { keys: ['首席', '总监', '经理', '工程师', '副总裁', '合伙人', '研究员', '设计师', 'cto', 'ceo', 'cfo'], type: 'works_at', direction: 'in', before: zh(String.raw`(?:前任|原|现任)?${ROLE_ZH}`, '') },

  // ---- attended ----
  { keys: ['attend', 'particip', 'present'], type: 'attended', direction: 'in', before: new RegExp(String.raw`${NB}(?<v>attendees|participants|present|in\s+attendance|attended\s+by|attending)\s*(?:\*\*|__)?\s*[:：]?\s*(?:\*\*|__)?\s*$`, 'iu') },
  { keys: ['参会', '与会', '出席', '参加', '参与'], type: 'attended', direction: 'in', before: zh(String.raw`(?:参会人员?|参会者|与会者|与会人员|出席人员?|出席者|参加人员?|参与者)(?:有|包括)?`, String.raw`\s*[:：]?`) },
  { keys: ['attend', 'dial', 'call', 'meeting'], type: 'attended', direction: 'in', after: subjectEn(String.raw`attended|dialed\s+in|dialled\s+in|joined\s+(?:the\s+)?(?:call|meeting|session|discussion)`) },
  { keys: ['attend', 'went to', 'was at'], type: 'attended', direction: 'out', before: new RegExp(String.raw`${NB}(?<v>attended|attends|went\s+to|was\s+at)\s+(?:the\s+)?$`, 'iu') },
  // "Met him at [[Collision 2024]]" on a person's page: that person was at the event. Weak (a place reads the same),
  // so only when the target is known to be a meeting or event.
  { keys: ['met'], type: 'attended', direction: 'out', strict: true, before: new RegExp(String.raw`${NB}(?<v>met\s+(?:him|her|them)\s+(?:at|during)|first\s+met\s+at)\s+(?:the\s+)?$`, 'iu') },

  // ---- label lines on an organisation's page ("Founders: [[A]], [[B]]", "Team: …", "Board: …", "Portfolio: …") ----
  // The label says what the listed notes are to this page. Weak evidence on its own (a project note has a "Team:"
  // too), so only taken when both ends' kinds are known to fit.
  { keys: ['founder', 'founding'], type: 'founded', direction: 'in', strict: true, before: labelLine(String.raw`(?:co-?)?founders?|founding\s+team`) },
  { keys: ['team', 'people', 'staff', 'gp', 'partner', 'leadership', 'management', 'employees'], type: 'works_at', direction: 'in', strict: true, before: labelLine(String.raw`team|key\s+people|people|staff|employees|leadership(?:\s+team)?|management(?:\s+team)?|gps?|partners|general\s+partners?|managing\s+partners?`) },
  { keys: ['board', 'mentor'], type: 'advises', direction: 'in', strict: true, before: labelLine(String.raw`board(?:\s+of\s+directors)?|board\s+members?|directors|mentors?`) },
  { keys: ['angel', 'backer', 'shareholder'], type: 'invested_in', direction: 'in', strict: true, before: labelLine(String.raw`angels?|angel\s+investors?|backers?|shareholders?`) },
  { keys: ['portfolio', 'investments'], type: 'invested_in', direction: 'out', strict: true, before: labelLine(String.raw`portfolio(?:\s+companies)?|investments`) },
  { keys: ['参加', '出席'], type: 'attended', direction: 'in', after: subjectZh(String.raw`(?:参加|出席|参与)了?(?:会议|本次会议|讨论)?`, '') },
];
