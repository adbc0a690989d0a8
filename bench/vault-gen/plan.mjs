// Plans a synthetic vault: which notes exist, and which typed facts hold between them.
// Pure data, no text: rendering happens in render.mjs from this plan, so the ground truth
// is decided before a single sentence is written.

import {
  FIRST_NAMES, LAST_NAMES, NICKNAMES, COMPANY_PREFIXES, INDUSTRIES, INVESTOR_SUFFIXES, ROLES, INVESTOR_ROLES,
  CITIES, ZH_SURNAMES, ZH_GIVEN, ZH_COMPANY_PREFIXES, ZH_INDUSTRIES, ZH_INVESTOR_SUFFIXES, ZH_ROLES, ZH_INVESTOR_ROLES,
  ZH_CITIES,
} from './names.mjs';
import { TOPICS, TITLE_PATTERNS, MEETING_TOPICS, PROJECT_NAMES, READING_PATTERNS } from './topics.mjs';
import { ZH_TOPICS, ZH_TITLE_PATTERNS, ZH_MEETING_TOPICS } from './topics-zh.mjs';
import { SNIPPETS, CODE_FILES, CODE_STEMS } from './code-bank.mjs';

const DAY_MS = 86_400_000;
/** Day number (days since 1970-01-01 UTC) -> `YYYY-MM-DD`. */
export function isoDay(day) {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}
export function dayOf(iso) {
  return Math.round(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
}
const FIRST_DAY = dayOf('2016-01-01');
const LAST_DAY = dayOf('2025-06-30');

/** Share of each note kind; the remainder goes to reading notes. */
export function planCounts(notes) {
  if (!Number.isInteger(notes) || notes < 100) throw new Error(`notes must be an integer >= 100, got ${notes}`);
  const r = (f) => Math.round(notes * f);
  const zh = r(0.05);
  const c = {
    people: r(0.15), companies: r(0.05), meetings: r(0.15), concepts: r(0.2), daily: r(0.25), projects: r(0.06),
    snippets: r(0.03),
    zhPeople: Math.round(zh * 0.4), zhCompanies: Math.max(2, Math.round(zh * 0.2)), zhMeetings: Math.max(1, Math.round(zh * 0.15)),
  };
  c.zhConcepts = Math.max(1, zh - c.zhPeople - c.zhCompanies - c.zhMeetings);
  const used = c.people + c.companies + c.meetings + c.concepts + c.daily + c.projects + c.snippets
    + c.zhPeople + c.zhCompanies + c.zhMeetings + c.zhConcepts;
  c.reading = notes - used;
  if (c.reading < 0) throw new Error('internal: note shares exceed 100%');
  // At least one file per template, so small vaults still hold both .ts and .py code.
  c.codeFiles = Math.max(4, Math.round(notes * 0.003));
  return c;
}

/** Keeps every note title unique (case-insensitive), as basename resolution needs. */
class TitleRegistry {
  constructor() {
    this.taken = new Set();
  }
  has(t) {
    return this.taken.has(t.toLowerCase());
  }
  add(t) {
    this.taken.add(t.toLowerCase());
  }
  /** Try `make()` a few times for a fresh title, then fall back to numbering. */
  unique(make) {
    let last = '';
    for (let i = 0; i < 40; i++) {
      last = make();
      if (!this.has(last)) {
        this.add(last);
        return last;
      }
    }
    for (let n = 2; ; n++) {
      const t = `${last} ${n}`;
      if (!this.has(t)) {
        this.add(t);
        return t;
      }
    }
  }
}

export function planVault(notes, rnd) {
  const counts = planCounts(notes);
  const titles = new TitleRegistry();
  const plan = { counts, people: [], companies: [], meetings: [], concepts: [], daily: [], projects: [], snippets: [], reading: [], codeFiles: [], cycles: [] };

  // People.
  const mkPerson = (lang) => {
    if (lang === 'en') {
      const title = titles.unique(() => `${rnd.pick(FIRST_NAMES)} ${rnd.pick(LAST_NAMES)}`);
      const first = title.split(' ')[0];
      const aliases = [];
      if (NICKNAMES[first] && rnd.chance(0.6)) aliases.push(`${NICKNAMES[first]} ${title.split(' ').slice(1).join(' ')}`);
      if (rnd.chance(0.3)) aliases.push(first);
      return { kind: 'person', lang, title, first, aliases, path: `people/${title}.md`, city: rnd.pick(CITIES), founded: [], advises: [], invests: [], former: [], attended: [], employer: null, role: null };
    }
    const title = titles.unique(() => `${rnd.pick(ZH_SURNAMES)}${rnd.pick(ZH_GIVEN)}`);
    const aliases = rnd.chance(0.4) ? [`${rnd.chance(0.5) ? '小' : '老'}${title.slice(0, 1)}`] : [];
    return { kind: 'person', lang, title, first: title, aliases, path: `people/${title}.md`, city: rnd.pick(ZH_CITIES), founded: [], advises: [], invests: [], former: [], attended: [], employer: null, role: null };
  };
  for (let i = 0; i < counts.people; i++) plan.people.push(mkPerson('en'));
  for (let i = 0; i < counts.zhPeople; i++) plan.people.push(mkPerson('zh'));

  // Companies: operating companies and investment firms, per language.
  const mkCompany = (lang, investor) => {
    let title;
    let industry;
    if (lang === 'en') {
      industry = rnd.pick(INDUSTRIES);
      title = titles.unique(() => `${rnd.pick(COMPANY_PREFIXES)} ${investor ? rnd.pick(INVESTOR_SUFFIXES) : rnd.pick(industry.suffixes)}`);
    } else {
      industry = rnd.pick(ZH_INDUSTRIES);
      title = titles.unique(() => `${rnd.pick(ZH_COMPANY_PREFIXES)}${investor ? rnd.pick(ZH_INVESTOR_SUFFIXES) : industry.suffix}`);
    }
    return {
      kind: 'company', lang, title, path: `companies/${title}.md`, investor, industry, aliases: [],
      foundedYear: rnd.int(2008, 2022), city: lang === 'en' ? rnd.pick(CITIES) : rnd.pick(ZH_CITIES),
      founders: [], employees: [], investors: [], advisors: [], portfolio: [], keyPeople: [],
    };
  };
  const enInvestors = Math.max(1, Math.round(counts.companies * 0.25));
  for (let i = 0; i < counts.companies; i++) plan.companies.push(mkCompany('en', i < enInvestors));
  const zhInvestors = counts.zhCompanies >= 3 ? Math.max(1, Math.round(counts.zhCompanies * 0.3)) : 0;
  for (let i = 0; i < counts.zhCompanies; i++) plan.companies.push(mkCompany('zh', i < zhInvestors));
  // Short names as aliases, only when unambiguous across the whole vault.
  const prefixUse = new Map();
  for (const c of plan.companies) {
    const p = c.lang === 'en' ? c.title.split(' ')[0] : c.title.slice(0, 2);
    prefixUse.set(p, (prefixUse.get(p) ?? 0) + 1);
  }
  for (const c of plan.companies) {
    const p = c.lang === 'en' ? c.title.split(' ')[0] : c.title.slice(0, 2);
    if (prefixUse.get(p) === 1 && !titles.has(p) && rnd.chance(0.7)) {
      c.aliases.push(p);
      titles.add(p);
    }
  }

  assignRelations(plan, rnd, 'en');
  assignRelations(plan, rnd, 'zh');
  // A few English funds also back Chinese companies (cross-language links).
  const zhOperating = plan.companies.filter((c) => c.lang === 'zh' && !c.investor);
  const enFunds = plan.companies.filter((c) => c.lang === 'en' && c.investor);
  for (const c of zhOperating) {
    if (rnd.chance(0.3)) addInvestment(rnd.pick(enFunds), c);
  }

  // Projects belong to an English operating company.
  const enOperating = plan.companies.filter((c) => c.lang === 'en' && !c.investor);
  for (let i = 0; i < counts.projects; i++) {
    const company = rnd.pick(enOperating);
    const title = titles.unique(() => {
      const name = rnd.pick(PROJECT_NAMES);
      return rnd.chance(0.3) ? `Project ${name}` : `${name} ${rnd.pick(['migration', 'launch', 'pilot', 'redesign', 'rollout', 'research', 'v2', 'platform', 'revamp', 'audit', 'sprint', 'integration'])}`;
    });
    const staff = company.employees.length ? company.employees : plan.people.filter((p) => p.lang === 'en');
    const owner = rnd.pick(staff);
    const members = rnd.sample(staff.filter((p) => p !== owner), rnd.int(1, 3));
    plan.projects.push({ kind: 'project', title, path: `projects/${title}.md`, company, owner, members, status: rnd.weighted([['active', 5], ['paused', 2], ['done', 3]]), meetings: [] });
  }

  // Concepts.
  const enConcepts = [];
  for (let i = 0; i < counts.concepts; i++) {
    const topic = rnd.pick(TOPICS);
    const title = titles.unique(() => conceptTitle(rnd, topic, rnd.pick(TITLE_PATTERNS)));
    const c = { kind: 'concept', lang: 'en', title, path: `concepts/${title}.md`, topic, seeAlso: [] };
    enConcepts.push(c);
    plan.concepts.push(c);
  }
  for (let i = 0; i < counts.zhConcepts; i++) {
    const topic = rnd.pick(ZH_TOPICS);
    const pattern = rnd.pick(ZH_TITLE_PATTERNS);
    const title = titles.unique(() => pattern.replace('{T}', topic.title).replace('{U}', rnd.pick(ZH_TOPICS.filter((t) => t !== topic)).title));
    plan.concepts.push({ kind: 'concept', lang: 'zh', title, path: `concepts/${title}.md`, topic, seeAlso: [] });
  }
  // Link cycles among English concepts (A -> B -> C -> A through "See also").
  const cycleCount = Math.max(1, Math.round(enConcepts.length / 100));
  const pool = rnd.shuffle(enConcepts);
  for (let i = 0; i < cycleCount && pool.length >= 4; i++) {
    const group = pool.splice(0, rnd.int(2, 4));
    group.forEach((c, j) => c.seeAlso.push(group[(j + 1) % group.length]));
    plan.cycles.push(group);
  }

  // Meetings.
  const mkMeeting = (lang) => {
    const people = plan.people.filter((p) => p.lang === lang);
    const companies = plan.companies.filter((c) => c.lang === lang);
    const host = rnd.pick(companies);
    let date;
    let title;
    for (;;) {
      date = isoDay(rnd.int(dayOf('2019-01-01'), LAST_DAY));
      const topic = lang === 'en' ? rnd.pick(MEETING_TOPICS).replace('{C}', rnd.pick(companies.filter((c) => c !== host)).title) : rnd.pick(ZH_MEETING_TOPICS);
      title = `${date} ${topic}`;
      if (!titles.has(title)) break;
    }
    titles.add(title);
    const insiders = rnd.sample(host.employees, rnd.int(1, 3));
    const size = Math.min(people.length, rnd.int(2, 5));
    const attendees = [...insiders];
    while (attendees.length < size) {
      const p = rnd.pick(people);
      if (!attendees.includes(p)) attendees.push(p);
    }
    const project = lang === 'en' ? plan.projects.find((p) => p.company === host && rnd.chance(0.5)) : undefined;
    const m = { kind: 'meeting', lang, title, date, path: `meetings/${title}.md`, host, attendees, project };
    if (project) project.meetings.push(m);
    for (const a of attendees) a.attended.push(m);
    return m;
  };
  for (let i = 0; i < counts.meetings; i++) plan.meetings.push(mkMeeting('en'));
  for (let i = 0; i < counts.zhMeetings; i++) plan.meetings.push(mkMeeting('zh'));

  // Daily notes on distinct dates, most recent period first.
  const span = Math.max(Math.ceil(counts.daily * 1.25), 400);
  const days = rnd.sample(Array.from({ length: span }, (_, i) => LAST_DAY - i), counts.daily).sort((a, b) => a - b);
  for (const d of days) {
    const date = isoDay(d);
    titles.add(date);
    plan.daily.push({ kind: 'daily', title: date, date, path: `daily/${date}.md` });
  }

  // Snippet notes with fenced code.
  const langs = Object.keys(SNIPPETS);
  for (let i = 0; i < counts.snippets; i++) {
    const language = rnd.pick(langs);
    const index = rnd.int(0, SNIPPETS[language].length - 1);
    const stem = rnd.pick(CODE_STEMS);
    const label = SNIPPET_LABELS[language][index];
    const title = titles.unique(() => `${stem.charAt(0).toUpperCase()}${stem.slice(1)} ${label.name} (${LANG_NAMES[language]})`);
    plan.snippets.push({ kind: 'snippet', title, path: `snippets/${title}.md`, language, index, stem, label });
  }

  // Reading notes.
  for (let i = 0; i < counts.reading; i++) {
    const topic = rnd.pick(TOPICS);
    const title = titles.unique(() => rnd.pick(READING_PATTERNS).replace('{T}', topic.title));
    plan.reading.push({ kind: 'reading', title, path: `reading/${title}.md`, topic });
  }

  // Code files (not notes).
  for (let i = 0; i < counts.codeFiles; i++) {
    const tpl = CODE_FILES[i % CODE_FILES.length];
    const stem = CODE_STEMS[Math.floor(i / CODE_FILES.length) % CODE_STEMS.length];
    const suffix = Math.floor(i / (CODE_FILES.length * CODE_STEMS.length));
    const base = `${stem}-${['client', 'limiter', 'importer', 'eval'][i % CODE_FILES.length]}${suffix ? `-${suffix + 1}` : ''}`;
    plan.codeFiles.push({ path: `code/${tpl.ext === 'py' ? base.replace(/-/g, '_') : base}.${tpl.ext}`, template: i % CODE_FILES.length, stem });
  }
  plan.titles = titles;
  return plan;
}

export const LANG_NAMES = { typescript: 'TypeScript', python: 'Python', go: 'Go' };
/** What each snippet in code-bank.mjs does, and the concept it illustrates. */
export const SNIPPET_LABELS = {
  typescript: [
    { name: 'TTL cache', topic: 'Caching Strategies' },
    { name: 'retry with backoff', topic: 'Idempotency' },
    { name: 'event projection', topic: 'Event Sourcing' },
    { name: 'rank fusion', topic: 'Reciprocal Rank Fusion' },
    { name: 'debounce helper', topic: 'Backpressure' },
  ],
  python: [
    { name: 'token bucket', topic: 'Rate Limiting' },
    { name: 'cosine top-k', topic: 'Vector Search' },
    { name: 'bloom filter', topic: 'Bloom Filter' },
    { name: 'weekly retention', topic: 'Churn Analysis' },
  ],
  go: [
    { name: 'bounded fan-out', topic: 'Backpressure' },
    { name: 'hash ring', topic: 'Consistent Hashing' },
    { name: 'circuit breaker', topic: 'Circuit Breaker' },
  ],
};

function conceptTitle(rnd, topic, pattern) {
  const peers = TOPICS.filter((t) => t.domain === topic.domain && t !== topic);
  const domainName = { software: 'distributed systems', science: 'the lab', business: 'startups', notes: 'Obsidian' }[topic.domain];
  return pattern.replace('{T}', topic.title).replace('{U}', rnd.pick(peers).title).replace('{D}', domainName);
}

function addInvestment(investor, company) {
  if (investor === company || investor.invests?.includes(company) || investor.portfolio?.includes(company)) return;
  if (investor.kind === 'person') investor.invests.push(company);
  else investor.portfolio.push(company);
  company.investors.push(investor);
}

function assignRelations(plan, rnd, lang) {
  const people = plan.people.filter((p) => p.lang === lang);
  const operating = plan.companies.filter((c) => c.lang === lang && !c.investor);
  const funds = plan.companies.filter((c) => c.lang === lang && c.investor);
  if (people.length === 0 || operating.length === 0) return;
  const roles = lang === 'en' ? ROLES : ZH_ROLES;
  const fundRoles = lang === 'en' ? INVESTOR_ROLES : ZH_INVESTOR_ROLES;
  const hire = (p, c, role) => {
    p.employer = c;
    p.role = role;
    c.employees.push(p);
  };

  // Founders: 1-3 per operating company; most of them still run it.
  for (const c of operating) {
    const n = rnd.weighted([[1, 55], [2, 35], [3, 10]]);
    const candidates = people.filter((p) => p.founded.length === 0 || rnd.chance(0.05));
    const founders = rnd.sample(candidates.length >= n ? candidates : people, n);
    founders.forEach((f, i) => {
      f.founded.push(c);
      c.founders.push(f);
      if (f.employer === null && rnd.chance(0.6)) hire(f, c, lang === 'en' ? ['CEO', 'CTO', 'COO'][i] : ['首席执行官', '首席技术官', '运营负责人'][i]);
    });
  }
  for (const p of people) {
    if (p.employer !== null || p.founded.length > 0 || !rnd.chance(0.88)) continue;
    if (funds.length > 0 && rnd.chance(0.15)) hire(p, rnd.pick(funds), rnd.pick(fundRoles));
    else hire(p, rnd.pick(operating), rnd.pick(roles));
  }
  const unrelated = (p, c) => p.employer !== c && !p.founded.includes(c) && !p.advises.includes(c) && !p.invests.includes(c) && !p.former.includes(c);
  for (const p of people) {
    // The Chinese pool is small, so advisors are more common there to leave enough to ask about.
    if (rnd.chance(lang === 'zh' ? 0.3 : 0.12)) {
      for (const c of rnd.sample(operating, rnd.int(1, 2))) {
        if (unrelated(p, c)) {
          p.advises.push(c);
          c.advisors.push(p);
        }
      }
    }
    if (rnd.chance(0.07)) {
      for (const c of rnd.sample(operating, rnd.int(1, 2))) if (unrelated(p, c)) addInvestment(p, c);
    }
  }
  for (const f of funds) {
    for (const c of rnd.sample(operating, rnd.int(1, 4))) addInvestment(f, c);
  }
  for (const p of people) {
    if (!rnd.chance(0.2)) continue;
    const c = rnd.pick(plan.companies.filter((x) => x.lang === lang));
    if (unrelated(p, c)) p.former.push(c);
  }
  for (const c of [...operating, ...funds]) {
    if (c.employees.length > 0 && rnd.chance(0.35)) c.keyPeople = rnd.sample(c.employees, Math.min(3, c.employees.length));
  }
}
