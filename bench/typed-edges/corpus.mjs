// A generated people / company / fund / meeting vault with an answer key of typed relations, for measuring how
// precisely links are typed without an LLM (bench/typed-edges-bench.mjs). Written independently of the search
// eval generator (bench/vault-gen): its own names, its own phrasing, facts stated on the subject's page, on the
// object's page, in frontmatter, in timelines and in attendee lines, English and Chinese, with distractor links
// (competitors, customers, concepts, people named near a company without any relation).
//
// The answer key holds the strongest relation per (subject, object) pair, precedence
// founded > invested_in > advises > works_at > attended; `past` marks employment that ended.
//
// Halves: `dev` and `test` draw disjoint names (each pool is split in two), use different seeds, and some
// phrasings (marked `testOnly`) appear only in the test half, so a rule tuned on dev meets unseen wording.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { mulberry32 } from '../vault-gen/random.mjs';

const rng = mulberry32;

const FIRST = ['Ansel', 'Birgit', 'Caius', 'Delphine', 'Ezra', 'Fenna', 'Gideon', 'Hollis', 'Ilse', 'Jasper', 'Keziah', 'Linnea', 'Magnus', 'Nadia', 'Orrin', 'Petra', 'Quentin', 'Rosalind', 'Soren', 'Tamsin', 'Ulla', 'Vance', 'Wren', 'Xavier', 'Yara', 'Zeno', 'Ottilie', 'Corin', 'Marisol', 'Thaddeus', 'Imogen', 'Leif', 'Saskia', 'Ronan', 'Beatrix', 'Emeric', 'Giselle', 'Hugo', 'Isolde', 'Jarrah', 'Anouk', 'Bastian', 'Clio', 'Dorian', 'Elodie', 'Florian', 'Greta', 'Henrik'];
const LAST = ['Ashdown', 'Brannigan', 'Calloway', 'Drummond', 'Ellery', 'Fairweather', 'Galloway', 'Holloway', 'Ivers', 'Jessup', 'Kettering', 'Lindqvist', 'Marchetti', 'Norcross', 'Oyelaran', 'Pemberton', 'Quayle', 'Rasmussen', 'Stroud', 'Thorne', 'Underhill', 'Vasquez', 'Whitlock', 'Yoshida', 'Zielinski', 'Achterberg', 'Baptiste', 'Castellanos', 'Delacroix', 'Eriksen', 'Falkenrath', 'Grimaldi'];
const ZH_PEOPLE = ['赵明轩', '钱雨桐', '孙浩然', '周思远', '吴佳怡', '郑子豪', '冯晓雯', '陈嘉树', '褚一鸣', '卫雅琴', '蒋天宇', '沈梦洁', '韩立峰', '杨若曦', '朱家豪', '秦文博', '许静怡', '何俊杰', '吕诗涵', '施志强', '孔令仪', '曹振宇', '严书瑶', '华子墨'];
const CO_STEM = ['Quillstone', 'Tidewater', 'Brightfern', 'Copperleaf', 'Halcyon', 'Ironbark', 'Juniperline', 'Lodestar', 'Marrowby', 'Nettlefield', 'Oakhaven', 'Pinecrest', 'Quartzline', 'Riverbend', 'Saltmarsh', 'Thistledown', 'Umberfield', 'Verdantia', 'Wickerly', 'Yarrowgate', 'Zephyrine', 'Amberly', 'Bramblewood', 'Cinderpeak', 'Duskwater', 'Emberline', 'Foxglove', 'Glimmerton'];
const CO_STEM2 = ['Aldergrove', 'Blackthorn', 'Coldharbour', 'Dovetail', 'Elderflower', 'Fernhollow', 'Goldcrest', 'Hawthorne', 'Inkwell', 'Jadestone', 'Kingfisher', 'Lanternfly', 'Moonraker', 'Nightjar', 'Oxbow', 'Peregrine', 'Quicksilver', 'Rookery', 'Silverline', 'Tamarack'];
const CO_SUFFIX = ['Labs', 'Systems', 'Bio', 'Robotics', 'Analytics', 'Health', 'Energy', 'Software', 'Logistics', 'Foods', 'Materials', 'Security'];
const FUND_STEM = ['Birchwood', 'Orca', 'Granite Peak', 'Meridian', 'Starling', 'Blue Heron', 'Larkspur', 'Sequence', 'Hollow Oak', 'Northgate', 'Driftwood', 'Summit Line'];
const FUND_SUFFIX = ['Ventures', 'Capital', 'Partners', 'Seed Fund'];
const ZH_COMPANIES = ['青岚科技', '云栖智能', '星河数据', '海棠生物', '松果机器人', '墨竹软件', '银杏医疗', '雪松能源', '琥珀物流', '蓝鲸数据', '白鹭航空', '紫藤材料'];
const ZH_FUNDS = ['北辰资本', '岳麓资本', '澜湾创投', '启明星基金', '长风创投', '青禾资本'];
const CONCEPTS = ['Unit Economics', 'Churn Modeling', 'Data Mesh', 'Edge Caching', 'Pricing Experiments', 'Supply Chain Risk', 'Model Distillation', 'Zero Trust', '供应链金融', '知识蒸馏', '用户留存'];
const ROLES = [['CTO', '首席技术官'], ['VP of Sales', '销售副总裁'], ['staff engineer', '高级工程师'], ['product manager', '产品经理'], ['designer', '设计师'], ['data scientist', '数据科学家'], ['head of operations', '运营总监'], ['CFO', '首席财务官'], ['research lead', '研究员']];
const FUND_ROLES = [['partner', '合伙人'], ['principal', '投资总监'], ['associate', '投资经理']];
const TOPICS_EN = ['pricing review', 'quarterly sync', 'hiring loop', 'board prep', 'roadmap session', 'partnership call', 'diligence call', 'offsite planning'];
const TOPICS_ZH = ['季度复盘', '产品评审', '融资讨论', '合作洽谈', '招聘会议'];

function pick(r, list) {
  return list[Math.floor(r() * list.length)];
}
function shuffle(r, list) {
  const a = list.slice();
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}
/** The half's share of a name pool: dev takes even positions, test odd ones. */
function halfOf(list, half) {
  return list.filter((_, i) => i % 2 === (half === 'dev' ? 0 : 1));
}
const year = (r) => 2014 + Math.floor(r() * 11);
const date = (r, y = year(r)) => `${y}-${String(1 + Math.floor(r() * 12)).padStart(2, '0')}-${String(1 + Math.floor(r() * 28)).padStart(2, '0')}`;
const L = (e) => (e.alias ? `[[${e.title}|${e.alias}]]` : `[[${e.title}]]`);
const first = (p) => (p.zh ? p.title : p.title.split(' ')[0]);

// ---- phrasing ---------------------------------------------------------------------------------------------
// Each template: (ctx) => line. ctx: { s: subject entity, o: object entity, r, role, y }. `testOnly` ones are used
// by the test half alone.
const T = (fn, testOnly = false) => ({ fn, testOnly });

const ON_SUBJECT = {
  works_at: {
    en: [
      T((c) => `${first(c.s)} works at ${L(c.o)} as ${c.role.en}.`),
      T((c) => `${cap(c.role.en)} at ${L(c.o)} since ${c.y}.`),
      T((c) => `Joined ${L(c.o)} in ${c.y} as a ${c.role.en}.`),
      T((c) => `${first(c.s)} is a ${c.role.en} at ${L(c.o)}, mostly on the ${pick(c.r, ['platform', 'growth', 'infra'])} side.`),
      T((c) => `Currently employed by ${L(c.o)}.`),
      T((c) => `These days ${first(c.s)} runs the ${pick(c.r, ['data', 'sales', 'design'])} team at ${L(c.o)}.`, true),
      T((c) => `${first(c.s)} has been with ${L(c.o)} for ${2 + Math.floor(c.r() * 5)} years.`, true),
    ],
    zh: [
      T((c) => `目前在${L(c.o)}担任${c.role.zh}。`),
      T((c) => `${c.y}年加入${L(c.o)}，负责${pick(c.r, ['数据平台', '销售', '产品设计'])}。`),
      T((c) => `就职于${L(c.o)}，职位是${c.role.zh}。`),
      T((c) => `现任${L(c.o)}${c.role.zh}。`, true),
    ],
  },
  works_at_past: {
    en: [
      T((c) => `Previously worked at ${L(c.o)} for ${2 + Math.floor(c.r() * 4)} years.`),
      T((c) => `Left ${L(c.o)} in ${c.y}.`),
      T((c) => `Former ${c.role.en} at ${L(c.o)}.`),
      T((c) => `${first(c.s)} used to work at ${L(c.o)}.`),
      T((c) => `Spent ${c.y - 2010} months at ${L(c.o)} before moving on.`, true),
    ],
    zh: [
      T((c) => `曾在${L(c.o)}工作${2 + Math.floor(c.r() * 4)}年。`),
      T((c) => `${c.y}年离开了${L(c.o)}。`),
      T((c) => `前任${L(c.o)}${c.role.zh}。`, true),
    ],
  },
  founded: {
    en: [
      T((c) => `Co-founded ${L(c.o)} in ${c.y} and is its CEO.`),
      T((c) => `${first(c.s)} founded ${L(c.o)} after ${pick(c.r, ['grad school', 'a decade in consulting', 'leaving academia'])}.`),
      T((c) => `Founder and CEO of ${L(c.o)}.`),
      T((c) => `${first(c.s)} is the co-founder of ${L(c.o)} and still its CTO.`),
      T((c) => `Started ${L(c.o)} in a garage in ${c.y}; today ${first(c.s)} is CEO of ${L(c.o)}.`, true),
    ],
    zh: [
      T((c) => `${c.y}年创立了${L(c.o)}，并担任CEO。`),
      T((c) => `${L(c.o)}的联合创始人。`),
      T((c) => `与朋友一起创办了${L(c.o)}。`, true),
    ],
  },
  invested_in: {
    en: [
      T((c) => `Angel investor in ${L(c.o)}.`),
      T((c) => `${first(c.s)} invested in ${L(c.o)} in ${c.y}.`),
      T((c) => `Backed ${L(c.o)} early, at the pre-seed stage.`),
      T((c) => `Invested in ${L(c.o)} and took a board seat.`),
      T((c) => `Wrote one of the first checks into ${L(c.o)}.`, true),
    ],
    zh: [
      T((c) => `${c.y}年天使投资了${L(c.o)}。`),
      T((c) => `投资了${L(c.o)}的种子轮。`),
      T((c) => `是${L(c.o)}的早期投资人。`, true),
    ],
  },
  advises: {
    en: [
      T((c) => `Advisor to ${L(c.o)} on ${pick(c.r, ['pricing', 'hiring', 'go-to-market', 'security'])}.`),
      T((c) => `${first(c.s)} advises ${L(c.o)}.`),
      T((c) => `Sits on the advisory board of ${L(c.o)}.`),
      T((c) => `Mentors the founders of ${L(c.o)} once a month.`, true),
    ],
    zh: [
      T((c) => `担任${L(c.o)}的顾问。`),
      T((c) => `${L(c.o)}的技术顾问。`),
      T((c) => `为${L(c.o)}提供战略咨询。`, true),
    ],
  },
};

// Subject named on the object's page (a company or fund page naming people or funds, a fund naming companies).
const ON_OBJECT = {
  works_at: {
    en: [
      T((c) => `${L(c.s)} is our ${c.role.en}.`),
      T((c) => `${L(c.s)} joined as ${c.role.en} in ${c.y}.`),
      T((c) => `${L(c.s)} works here as a ${c.role.en}.`),
      T((c) => `${L(c.s)} works at ${c.o.title} on the ${pick(c.r, ['billing', 'mobile', 'research'])} team.`),
      T((c) => `The ${c.role.en} is ${L(c.s)}.`, true),
    ],
    zh: [
      T((c) => `${L(c.s)}是我们的${c.role.zh}。`),
      T((c) => `${L(c.s)}于${c.y}年加入公司，任${c.role.zh}。`),
      T((c) => `${c.role.zh}${L(c.s)}负责日常运营。`, true),
    ],
  },
  works_at_past: {
    en: [
      T((c) => `${L(c.s)} left the company in ${c.y}.`),
      T((c) => `${L(c.s)} used to work here as ${c.role.en}.`),
      T((c) => `Our former ${c.role.en}, ${L(c.s)}, moved on in ${c.y}.`, true),
    ],
    zh: [
      T((c) => `${L(c.s)}曾在公司担任${c.role.zh}。`),
      T((c) => `前任${c.role.zh}${L(c.s)}已于${c.y}年离职。`, true),
    ],
  },
  founded: {
    en: [
      T((c) => `Founded by ${L(c.s)} in ${c.y}.`),
      T((c) => `${L(c.s)} founded the company in ${c.y}.`),
      T((c) => `${L(c.s)} started it out of a university lab.`, true),
    ],
    zh: [
      T((c) => `由${L(c.s)}于${c.y}年创立。`),
      T((c) => `创始人是${L(c.s)}。`),
      T((c) => `${L(c.s)}在${c.y}年创办了这家公司。`, true),
    ],
  },
  invested_in: {
    en: [
      T((c) => `${L(c.s)} invested in this company in ${c.y}.`),
      T((c) => `Backed by ${L(c.s)}.`),
      T((c) => `It raised a seed round led by ${L(c.s)}.`),
      T((c) => `${L(c.s)} led our Series A.`, true),
    ],
    zh: [
      T((c) => `${L(c.s)}领投了A轮融资。`),
      T((c) => `获得了${L(c.s)}的天使投资。`),
      T((c) => `投资方包括${L(c.s)}。`, true),
    ],
  },
  advises: {
    en: [
      T((c) => `${L(c.s)} advises the team on ${pick(c.r, ['pricing', 'fundraising', 'compliance'])}.`),
      T((c) => `Advised by ${L(c.s)}.`),
      T((c) => `${L(c.s)} sits on our advisory board.`, true),
    ],
    zh: [
      T((c) => `${L(c.s)}担任公司顾问。`),
      T((c) => `顾问：${L(c.s)}。`, true),
    ],
  },
};

// Several subjects in one line on the object's page.
const GROUPED = {
  founded: { en: (names) => `Founders: ${names}.`, zh: (names) => `由${names}联合创立。` },
  invested_in: { en: (names) => `Investors include ${names}.`, zh: (names) => `投资人：${names}。` },
  advises: { en: (names) => `Advisors: ${names}.`, zh: (names) => `顾问：${names}。` },
};

// Timeline lines on the object's page.
const TIMELINE = {
  works_at: { en: (c) => `${L(c.s)} joined as ${c.role.en}.`, zh: (c) => `${L(c.s)}加入，担任${c.role.zh}。` },
  works_at_past: { en: (c) => `${L(c.s)} left the company.`, zh: (c) => `${L(c.s)}离职。` },
  invested_in: { en: (c) => `Seed round led by ${L(c.s)}.`, zh: (c) => `${L(c.s)}领投天使轮。` },
  founded: { en: (c) => `Incorporated by ${L(c.s)}.`, zh: (c) => `${L(c.s)}创立公司。` },
};

// Links with no relation (the pair must stay untyped).
const DISTRACT_COMPANY = {
  en: [
    (c) => `Competes with ${L(c.x)} in the mid-market.`,
    (c) => `Customers include ${L(c.x)}.`,
    (c) => `Often compared with ${L(c.x)}.`,
    (c) => `Partnered with ${L(c.x)} on a pilot in ${c.y}.`,
    (c) => `The product leans on ${L(c.k)}.`,
  ],
  zh: [(c) => `主要竞争对手是${L(c.x)}。`, (c) => `与${L(c.x)}有合作。`, (c) => `核心技术涉及${L(c.k)}。`],
};
const DISTRACT_PERSON = {
  en: [
    (c) => `Met ${L(c.p)} at a conference about ${L(c.k)}.`,
    (c) => `Wrote a long post comparing ${L(c.x)} and ${L(c.x2)}.`,
    (c) => `Recommends ${L(c.p)} for anything on ${L(c.k)}.`,
    (c) => `Was quoted in a piece about ${L(c.x)}.`,
    (c) => `Interviewed with ${L(c.x)} but turned the offer down.`,
  ],
  zh: [(c) => `在一次关于${L(c.k)}的会议上认识了${L(c.p)}。`, (c) => `经常研究${L(c.x)}的产品。`],
};
const DISTRACT_ON_COMPANY_PERSON = {
  en: [(c) => `${L(c.p)} wrote a case study about us.`, (c) => `Our pitch was reviewed by ${L(c.p)}.`],
  zh: [(c) => `${L(c.p)}写过一篇关于我们的报道。`],
};

function cap(s) {
  return s[0].toUpperCase() + s.slice(1);
}

export function generateTypedCorpus({ out, half = 'dev', seed = half === 'dev' ? 101 : 202 }) {
  const r = rng(seed);
  const allowed = (list) => list.filter((t) => half === 'test' || !t.testOnly);
  const people = [];
  const firsts = shuffle(r, halfOf(FIRST, half));
  const lasts = shuffle(r, halfOf(LAST, half));
  // Two people per first name, never sharing a last name.
  for (let i = 0; i < firsts.length; i++) {
    people.push({ kind: 'person', title: `${firsts[i]} ${lasts[i % lasts.length]}`, zh: false });
    people.push({ kind: 'person', title: `${firsts[i]} ${lasts[(i + 7) % lasts.length]}`, zh: false });
  }
  for (const n of halfOf(ZH_PEOPLE, half)) people.push({ kind: 'person', title: n, zh: true });
  const companies = [];
  const stems = shuffle(r, [...halfOf(CO_STEM, half), ...halfOf(CO_STEM2, half)]);
  stems.forEach((s) => companies.push({ kind: 'company', title: `${s} ${pick(r, CO_SUFFIX)}`, zh: false }));
  for (const n of halfOf(ZH_COMPANIES, half)) companies.push({ kind: 'company', title: n, zh: true });
  const funds = [];
  for (const s of halfOf(FUND_STEM, half)) funds.push({ kind: 'fund', title: `${s} ${pick(r, FUND_SUFFIX)}`, zh: false });
  for (const n of halfOf(ZH_FUNDS, half)) funds.push({ kind: 'fund', title: n, zh: true });
  const concepts = CONCEPTS.map((t) => ({ kind: 'concept', title: t, zh: /\p{Script=Han}/u.test(t) }));
  // People who appear only as links (no note): guests at meetings.
  const guests = shuffle(r, halfOf(FIRST, half === 'dev' ? 'test' : 'dev')).slice(0, 8).map((f, i) => ({ kind: 'person', title: `${f} ${halfOf(LAST, half)[i]}`, zh: false, dangling: true }));

  // Where notes live: most in typed folders, some in a flat Inbox with no `type` (inferred from frontmatter
  // hints or from how other notes link to them), some in an unmapped folder with an explicit `type`.
  for (const e of [...people, ...companies, ...funds]) {
    const x = r();
    if (x < 0.12) e.folder = 'Inbox';
    else if (x < 0.2) e.folder = 'crm';
    else e.folder = e.kind === 'person' ? 'people' : e.kind === 'fund' ? (r() < 0.5 ? 'companies' : 'funds') : 'companies';
    e.hint = e.folder === 'Inbox' ? (r() < 0.6 ? 'frontmatter' : 'none') : 'typed';
  }
  for (const c of concepts) c.folder = 'concepts';

  // ---- facts ----
  const key = new Map(); // `${s}\u0000${o}` -> { subject, object, type, past }
  const rank = { founded: 0, invested_in: 1, advises: 2, works_at: 3, attended: 4 };
  const statements = []; // { site: 'subject'|'object'|'timeline'|'frontmatter'|'group', type, s, o, past }
  const fact = (s, o, type, past = false) => {
    const k = `${s.title}\u0000${o.title}`;
    const prev = key.get(k);
    if (!prev || rank[type] < rank[prev.type]) key.set(k, { subject: s.title, object: o.title, type, past });
  };
  const site = () => {
    const x = r();
    return x < 0.55 ? 'subject' : x < 0.85 ? 'object' : 'both';
  };
  const state = (type, s, o, past = false) => {
    fact(s, o, type, past);
    const where = site();
    if (where !== 'object') statements.push({ site: 'subject', type, s, o, past });
    if (where !== 'subject') statements.push({ site: r() < 0.2 && TIMELINE[past ? 'works_at_past' : type] ? 'timeline' : 'object', type, s, o, past });
  };
  const founders = new Map();
  for (const p of people) {
    const used = new Set();
    const freeCompany = (pool) => {
      for (let n = 0; n < 10; n++) {
        const c = pick(r, pool);
        if (!used.has(c.title)) {
          used.add(c.title);
          return c;
        }
      }
      return null;
    };
    const roleOf = (fund) => {
      const [en, zh] = pick(r, fund ? FUND_ROLES : ROLES);
      return { en, zh };
    };
    p.role = roleOf(false);
    if (r() < 0.3) {
      const c = freeCompany(companies);
      if (c) {
        state('founded', p, c);
        founders.set(c.title, [...(founders.get(c.title) ?? []), p]);
      }
    } else if (r() < 0.78) {
      const fund = r() < 0.15;
      const c = freeCompany(fund ? funds : companies);
      if (c) {
        p.role = roleOf(fund);
        if (r() < 0.15) {
          // The employer as a frontmatter field.
          p.companyField = c;
          fact(p, c, 'works_at');
        } else state('works_at', p, c);
      }
    }
    if (r() < 0.35) {
      const c = freeCompany(companies);
      if (c) state('works_at', p, c, true);
    }
    if (r() < 0.3) {
      const c = freeCompany(companies);
      if (c) state('invested_in', p, c);
    }
    if (r() < 0.18) {
      const c = freeCompany(companies);
      if (c) state('advises', p, c);
    }
  }
  for (const f of funds) {
    for (const c of shuffle(r, companies).slice(0, 2 + Math.floor(r() * 3))) state('invested_in', f, c);
  }

  // ---- meetings ----
  const meetings = [];
  const withNotes = people.filter((p) => !p.dangling);
  for (let i = 0; i < 50; i++) {
    const zh = r() < 0.3;
    const co = pick(r, companies);
    const d = date(r, 2022 + Math.floor(r() * 3));
    const title = zh ? `${d} ${co.title}${pick(r, TOPICS_ZH)}` : `${d} ${co.title} ${pick(r, TOPICS_EN)}`;
    const m = { kind: 'meeting', title, zh, folder: r() < 0.85 ? 'meetings' : 'Inbox', co, date: d };
    m.hint = m.folder === 'Inbox' ? 'frontmatter' : 'typed';
    const attendees = shuffle(r, withNotes).slice(0, 2 + Math.floor(r() * 4));
    if (r() < 0.3) attendees.push(pick(r, guests));
    m.attendees = attendees;
    for (const a of attendees) fact(a, m, 'attended');
    m.style = pick(r, ['line', 'frontmatter', 'body']);
    // A person named in the body who was not there (only where the attendee list is explicit).
    if (m.style !== 'body' && r() < 0.5) m.absent = pick(r, withNotes.filter((p) => !attendees.includes(p)));
    m.other = pick(r, companies.filter((c) => c !== co));
    m.concept = pick(r, concepts);
    meetings.push(m);
  }

  // ---- render ----
  rmSync(out, { recursive: true, force: true });
  const files = new Map();
  const bodyOf = new Map();
  const add = (e, line) => {
    if (!bodyOf.has(e)) bodyOf.set(e, []);
    bodyOf.get(e).push(line);
  };
  const timelineOf = new Map();
  const addTimeline = (e, line) => {
    if (!timelineOf.has(e)) timelineOf.set(e, []);
    timelineOf.get(e).push(line);
  };
  const lang = (e) => (e.zh ? 'zh' : 'en');
  const grouped = new Map(); // object -> type -> subjects
  for (const st of statements) {
    const c = { s: st.s, o: st.o, r, role: st.s.role ?? { en: 'partner', zh: '合伙人' }, y: year(r) };
    const kind = st.past ? 'works_at_past' : st.type;
    if (st.site === 'subject') {
      const pool = allowed(ON_SUBJECT[kind][lang(st.s)]);
      add(st.s, pick(r, pool).fn(c));
    } else if (st.site === 'timeline') {
      addTimeline(st.o, `- ${date(r)}: ${TIMELINE[kind][lang(st.o)](c)}`);
    } else {
      if (GROUPED[st.type] && !st.past && r() < 0.35) {
        const g = grouped.get(st.o) ?? {};
        (g[st.type] ??= []).push(st.s);
        grouped.set(st.o, g);
        continue;
      }
      const pool = allowed(ON_OBJECT[kind][lang(st.o)]);
      add(st.o, pick(r, pool).fn(c));
    }
  }
  for (const [o, g] of grouped) {
    for (const [type, subjects] of Object.entries(g)) {
      const sep = o.zh ? '、' : ', ';
      const names = subjects.map(L);
      const joined = o.zh || names.length < 2 ? names.join(sep) : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
      add(o, GROUPED[type][lang(o)](joined));
    }
  }
  // Distractors.
  const others = (e) => companies.filter((c) => c !== e);
  for (const c of companies) {
    const ctx = { x: pick(r, others(c)), k: pick(r, concepts), y: year(r), p: pick(r, withNotes) };
    add(c, pick(r, DISTRACT_COMPANY[lang(c)])(ctx));
    if (r() < 0.4) {
      // The person named here must have no other relation to this company.
      const p = ctx.p;
      if (!key.has(`${p.title}\u0000${c.title}`)) add(c, pick(r, DISTRACT_ON_COMPANY_PERSON[lang(c)])(ctx));
    }
  }
  for (const p of people) {
    if (r() < 0.6) {
      const x = pick(r, companies);
      const x2 = pick(r, others(x));
      const q = pick(r, withNotes.filter((w) => w !== p));
      const ctx = { x, x2, k: pick(r, concepts), p: q };
      if (!key.has(`${p.title}\u0000${x.title}`) && !key.has(`${p.title}\u0000${x2.title}`) && !key.has(`${p.title}\u0000${q.title}`)) {
        add(p, pick(r, DISTRACT_PERSON[lang(p)])(ctx));
      }
    }
  }

  const frontmatterOf = (e) => {
    const fm = [];
    if (e.hint === 'typed' && e.folder === 'crm') fm.push(`type: ${e.kind === 'fund' ? 'company' : e.kind}`);
    if (e.kind === 'fund' && e.folder === 'companies' && r() < 0.5) fm.push('type: fund');
    if (e.hint === 'frontmatter') {
      if (e.kind === 'person') fm.push(`email: ${e.title.toLowerCase().replace(/\s+/g, '.')}@example.org`);
      else if (e.kind === 'meeting') fm.push(`date: ${e.date}`);
      else fm.push(`industry: ${e.kind === 'fund' ? 'venture capital' : 'software'}`, `website: https://${e.title.toLowerCase().replace(/\s+/g, '')}.example`);
    }
    if (e.companyField) fm.push(`company: "[[${e.companyField.title}]]"`);
    return fm;
  };
  const write = (e, lines) => {
    const fm = frontmatterOf(e);
    const head = fm.length > 0 ? `---\n${fm.join('\n')}\n---\n` : '';
    const file = `${e.folder}/${e.title}.md`;
    files.set(file, `${head}# ${e.title}\n\n${lines.join('\n\n')}\n`);
  };
  for (const e of [...people, ...companies, ...funds]) {
    const lines = [...(bodyOf.get(e) ?? [])];
    if (lines.length === 0) lines.push(e.zh ? '暂无更多信息。' : 'Not much written here yet.');
    const tl = timelineOf.get(e);
    write(e, shuffle(r, lines).concat(tl ? [e.zh ? `## 时间线\n\n${tl.join('\n')}` : `## Timeline\n\n${tl.join('\n')}`] : []));
  }
  for (const c of concepts) files.set(`concepts/${c.title}.md`, `# ${c.title}\n\n${c.zh ? '一个概念。' : 'A concept note.'}\n`);
  for (const m of meetings) {
    const names = m.attendees.map(L);
    const lines = [];
    const fm = [];
    if (m.folder === 'Inbox') fm.push('type: meeting');
    if (m.style === 'frontmatter') fm.push('attendees:', ...m.attendees.map((a) => `  - "[[${a.title}]]"`));
    if (m.style === 'line') lines.push(m.zh ? `参会人：${names.join('、')}` : `Attendees: ${names.join(', ')}`);
    if (m.style === 'body') {
      // No list: people are named in the prose of the notes.
      const [a, ...rest] = m.attendees;
      lines.push(m.zh ? `${L(a)}介绍了${L(m.co)}的最新进展。` : `${L(a)} walked us through where ${L(m.co)} stands.`);
      for (const p of rest) lines.push(m.zh ? `${L(p)}补充了一些看法。` : pick(r, [`${L(p)} raised concerns about the timeline.`, `${L(p)} joined halfway through.`, `Questions from ${L(p)} on the budget.`]));
    } else {
      lines.push(m.zh ? `讨论了${L(m.co)}的计划。` : `We went over the plan for ${L(m.co)}.`);
    }
    lines.push(m.zh ? `对比了${L(m.other)}的做法，并讨论了${L(m.concept)}。` : `Compared notes with ${L(m.other)} and talked about ${L(m.concept)}.`);
    if (m.absent) lines.push(m.zh ? `会后把纪要发给${L(m.absent)}。` : `Action: send the notes to ${L(m.absent)} afterwards.`);
    const head = fm.length > 0 ? `---\n${fm.join('\n')}\n---\n` : '';
    files.set(`${m.folder}/${m.title}.md`, `${head}# ${m.title}\n\n${lines.join('\n\n')}\n`);
  }
  for (const [file, text] of files) {
    mkdirSync(path.dirname(path.join(out, file)), { recursive: true });
    writeFileSync(path.join(out, file), text);
  }
  const pathOf = new Map([...people, ...companies, ...funds, ...meetings].map((e) => [e.title, `${e.folder}/${e.title}.md`]));
  const answers = [...key.values()].map((k) => ({ ...k, subjectPath: pathOf.get(k.subject) ?? null, objectPath: pathOf.get(k.object) ?? null }));
  return { notes: files.size, answers };
}
