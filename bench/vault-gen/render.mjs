// Turns a vault plan into Markdown files. Every typed fact in the plan is written into the
// source note named in the ground truth, using varied English or Chinese phrasings.

import { VaultIndex, frontmatter, timeline } from './note-writer.mjs';
import { fill, EN, ZH, AREAS, ZH_AREAS, ROUNDS, ZH_ROUNDS } from './phrases.mjs';
import {
  CONCEPT_SENTENCES, CONCEPT_HEADINGS, OPEN_QUESTIONS, MEETING_SENTENCES, DECISIONS, ACTIONS, DAILY_LOG,
  DAILY_REFLECTIONS, PERSON_BACKGROUND, COMPANY_DESCRIPTIONS, REGIONS, STAGES, INVESTOR_DESCRIPTIONS, INVESTOR_FOCUS,
} from './prose.mjs';
import { DOMAIN_WORDS, DANGLING_TARGETS, TOPICS } from './topics.mjs';
import { ZH_SENTENCES } from './topics-zh.mjs';
import { SNIPPETS, LANG_FENCE, CODE_FILES } from './code-bank.mjs';
import { CITIES } from './names.mjs';
import { isoDay, dayOf } from './plan.mjs';

const CONFERENCES = ['Strange Loop', 'KubeCon', 'PyCon', 'NeurIPS', 'SaaStr', 'Web Summit', 'QCon', 'RustConf', 'a local meetup'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export function renderVault(plan, rnd) {
  const entities = [...plan.people, ...plan.companies, ...plan.meetings, ...plan.concepts, ...plan.daily, ...plan.projects, ...plan.snippets, ...plan.reading];
  const index = new VaultIndex(rnd, entities);
  const ctx = makeContext(plan, rnd, index);
  const files = new Map();
  for (const p of plan.people) files.set(p.path, p.lang === 'en' ? renderPerson(ctx, p) : renderPersonZh(ctx, p));
  for (const c of plan.companies) files.set(c.path, c.lang === 'en' ? renderCompany(ctx, c) : renderCompanyZh(ctx, c));
  for (const m of plan.meetings) files.set(m.path, m.lang === 'en' ? renderMeeting(ctx, m) : renderMeetingZh(ctx, m));
  for (const c of plan.concepts) files.set(c.path, c.lang === 'en' ? renderConcept(ctx, c) : renderConceptZh(ctx, c));
  for (const p of plan.projects) files.set(p.path, renderProject(ctx, p));
  for (const d of plan.daily) files.set(d.path, renderDaily(ctx, d));
  for (const s of plan.snippets) files.set(s.path, renderSnippet(ctx, s));
  for (const r of plan.reading) files.set(r.path, renderReading(ctx, r));
  for (const f of plan.codeFiles) files.set(f.path, CODE_FILES[f.template].make(f.stem));
  return { files, index, facts: ctx.facts };
}

function makeContext(plan, rnd, index) {
  const enConcepts = plan.concepts.filter((c) => c.lang === 'en');
  const byDomain = new Map();
  const byTopic = new Map();
  for (const c of enConcepts) {
    if (!byDomain.has(c.topic.domain)) byDomain.set(c.topic.domain, []);
    byDomain.get(c.topic.domain).push(c);
    if (!byTopic.has(c.topic.title)) byTopic.set(c.topic.title, []);
    byTopic.get(c.topic.title).push(c);
  }
  const meetingsByDate = new Map();
  for (const m of plan.meetings) {
    if (!meetingsByDate.has(m.date)) meetingsByDate.set(m.date, []);
    meetingsByDate.get(m.date).push(m);
  }
  return {
    plan, rnd, index, enConcepts, byDomain, byTopic, meetingsByDate,
    zhConcepts: plan.concepts.filter((c) => c.lang === 'zh'),
    enPeople: plan.people.filter((p) => p.lang === 'en'),
    zhPeople: plan.people.filter((p) => p.lang === 'zh'),
    facts: { works_at: [], founded: [], invested_in: [], advises: [], attended: [], former_works_at: [] },
  };
}

// ---------- shared helpers ----------

const yearOf = (rnd, from, to = 2024) => rnd.int(Math.min(from, to), to);
// Clamped to the vault's "today" so no event lies in the future (and none is dropped after its links were recorded).
const dateIn = (rnd, year) => isoDay(Math.min(dayOf('2025-06-30'), dayOf(`${year}-01-01`) + rnd.int(0, 364)));
const terms3 = (rnd, topic) => {
  const [t1, t2, t3] = rnd.sample(topic.terms, 3);
  return { t1, t2, t3 };
};
const domainVars = (rnd, domain) => {
  const w = DOMAIN_WORDS[domain];
  const [q1, q2] = rnd.sample(w.qualities, 2);
  return { pain: rnd.pick(w.pains), q1, q2, ctx: rnd.pick(w.contexts), field: rnd.pick(w.fields) };
};
const sentence = (rnd, templates, vars) => {
  const s = fill(rnd.pick(templates), vars);
  return s.charAt(0).toUpperCase() + s.slice(1);
};
const paragraph = (rnd, templates, makeVars, min, max) => {
  const picked = rnd.sample(templates, rnd.int(min, max));
  // Chinese sentences end in 。 and are not separated by spaces.
  return picked.map((t) => {
    const s = fill(t, makeVars());
    return s.charAt(0).toUpperCase() + s.slice(1);
  }).join(templates === ZH_SENTENCES ? '' : ' ');
};
const conceptVars = (ctx, topic, w) => ({ T: topic.title, ...terms3(ctx.rnd, topic), ...domainVars(ctx.rnd, topic.domain), ...w });
const pickConcept = (ctx, domain) => ctx.rnd.pick(domain && ctx.byDomain.get(domain)?.length ? ctx.byDomain.get(domain) : ctx.enConcepts);
const productOf = (rnd, c) => (c.lang === 'en' ? (c.investor ? 'early-stage companies' : rnd.pick(c.industry.products)) : c.industry.product ?? '企业服务');
const industryTag = (c) => (c.lang === 'en' ? c.industry.tag : c.industry.tag);

function relationVars(ctx, p, c) {
  const rnd = ctx.rnd;
  const zh = p.lang === 'zh' || c?.lang === 'zh';
  return {
    S: p.lang === 'en' ? rnd.pick([p.title, p.first]) : p.title,
    role: p.role ?? (zh ? rnd.pick(['工程师', '顾问']) : 'engineer'),
    year: c === p.employer && p.since ? p.since : c ? yearOf(rnd, c.foundedYear) : rnd.int(2015, 2024),
    city: c?.city ?? p.city,
    area: zh ? rnd.pick(ZH_AREAS) : rnd.pick(AREAS),
    round: zh ? rnd.pick(ZH_ROUNDS) : rnd.pick(ROUNDS),
    product: c ? productOf(rnd, c) : '',
    n: rnd.int(2, 6),
  };
}

// ---------- people ----------

function personFacts(ctx, w, p) {
  const rnd = ctx.rnd;
  const B = p.lang === 'en' ? EN : ZH;
  const sentences = [];
  const fm = {};
  if (p.employer) {
    p.since = yearOf(rnd, p.employer.foundedYear);
    let prose = rnd.chance(0.8);
    const fmCompany = rnd.chance(0.5);
    const inline = rnd.chance(0.2);
    if (!prose && !fmCompany && !inline) prose = true;
    if (fmCompany) fm.company = w.link(p.employer.title);
    if (prose) sentences.push(fill(rnd.pick(B.works_at), { ...relationVars(ctx, p, p.employer), O: w.company(p.employer) }));
    if (inline) fm.inline = `works_at:: ${w.link(p.employer.title)}`;
    ctx.facts.works_at.push([p.path, p.employer.path, p.path]);
  }
  for (const c of p.founded) {
    const v = { ...relationVars(ctx, p, c), O: w.company(c), year: c.foundedYear };
    sentences.push(fill(rnd.pick(B.founded), v));
    ctx.facts.founded.push([p.path, c.path, p.path]);
  }
  if (p.founded.length > 0 && rnd.chance(0.2)) fm.founded = w.link(p.founded[0].title);
  for (const c of p.advises) {
    sentences.push(fill(rnd.pick(B.advises), { ...relationVars(ctx, p, c), O: w.company(c) }));
    ctx.facts.advises.push([p.path, c.path, p.path]);
  }
  for (const c of p.invests) {
    const B2 = c.lang === 'zh' || p.lang === 'zh' ? ZH : EN;
    sentences.push(fill(rnd.pick(B2.invested_in), { ...relationVars(ctx, p, c), O: w.company(c) }));
    ctx.facts.invested_in.push([p.path, c.path, p.path]);
  }
  for (const c of p.former) {
    sentences.push(fill(rnd.pick(B.former), { ...relationVars(ctx, p, c), O: w.company(c), year: rnd.int(2012, 2019) }));
    ctx.facts.former_works_at.push([p.path, c.path, p.path]);
  }
  return { sentences: sentences.map((s) => s.charAt(0).toUpperCase() + s.slice(1)), fm };
}

function renderPerson(ctx, p) {
  const { rnd } = ctx;
  const w = ctx.index.note(p.path);
  const { sentences, fm } = personFacts(ctx, w, p);
  const employer = p.employer;
  const domain = employer && !employer.investor ? rnd.pick(['software', 'business', 'science']) : 'business';
  const c1 = pickConcept(ctx, domain);
  const c2 = pickConcept(ctx, 'notes');
  const colleagues = employer ? employer.employees.filter((x) => x !== p) : [];
  const events = personEvents(ctx, w, p, 'en');

  const intro = [`${p.title} is based in ${p.city}.`, ...sentences];
  const bgVars = () => {
    const c = rnd.chance(0.5) ? c1 : pickConcept(ctx, domain);
    return { S: p.first, city2: rnd.pick(CITIES), C: () => w.link(c.title), ...terms3(rnd, c.topic), field: rnd.pick(DOMAIN_WORDS[domain].fields), area: rnd.pick(AREAS) };
  };
  const notes = [];
  if (colleagues.length) notes.push(`- Often pairs with ${w.person(rnd.pick(colleagues), { allowMd: false })} on ${rnd.pick(AREAS)}.`);
  notes.push(`- Recommended ${w.link(c2.title)} as a way to keep track of ${rnd.pick(c2.topic.terms)}.`);
  if (p.attended.length) notes.push(`- Last saw them at ${w.link(rnd.pick(p.attended).title)}.`);
  if (rnd.chance(0.3)) notes.push(`- Intro'd me to ${w.person(rnd.pick(ctx.enPeople), { allowMd: false })}. #network`);
  if (rnd.chance(0.15)) notes.push(`- Shared a draft of ${w.link(rnd.pick(DANGLING_TARGETS))}.`);
  if (rnd.chance(0.2)) notes.push(`- Their take on ${w.link(c1.title, { heading: 'Trade-offs' })} is worth re-reading.`);

  return [
    frontmatter({
      type: 'person',
      aliases: p.aliases,
      tags: ['person', employer ? industryTag(employer) : 'independent'],
      company: fm.company,
      role: employer && rnd.chance(0.6) ? p.role : undefined,
      location: p.city,
      founded: fm.founded,
      updated: events.length ? events.map((e) => e[0]).sort().at(-1) : undefined,
    }),
    `# ${p.title}`,
    '',
    intro.join(' '),
    '',
    ...(fm.inline ? [fm.inline, ''] : []),
    '## Background',
    '',
    paragraph(rnd, PERSON_BACKGROUND, bgVars, 4, 6),
    '',
    '## Working notes',
    '',
    paragraph(rnd, CONCEPT_SENTENCES, () => conceptVars(ctx, c1.topic, {}), 4, 7),
    '',
    '## Notes',
    '',
    ...notes,
    '',
    timeline(events),
  ].join('\n');
}

function personEvents(ctx, w, p, lang) {
  const { rnd } = ctx;
  const zh = lang === 'zh';
  const events = [];
  if (p.employer) {
    const d = dateIn(rnd, p.since);
    events.push([d, zh ? `加入${w.company(p.employer)}，担任${p.role}` : `Joined ${w.company(p.employer)} as ${p.role}`]);
  }
  for (const c of p.founded) events.push([dateIn(rnd, c.foundedYear), zh ? `创立${w.company(c)}` : `Founded ${w.company(c)}`]);
  for (const m of rnd.sample(p.attended, Math.min(3, p.attended.length))) {
    events.push([m.date, zh ? `参加了${w.link(m.title)}` : `${rnd.pick(['Attended', 'Was at', 'Joined'])} ${w.link(m.title)}`]);
  }
  const extra = rnd.int(1, 3);
  for (let i = 0; i < extra; i++) {
    const d = dateIn(rnd, rnd.int(2016, 2025));
    if (zh) {
      const c = ctx.zhConcepts.length ? rnd.pick(ctx.zhConcepts) : rnd.pick(ctx.enConcepts);
      events.push([d, fill(rnd.pick(['在技术大会上分享了{C}', '发表了一篇关于{C}的文章', '搬到了{city}']), { C: () => w.link(c.title), city: rnd.pick(['北京', '上海', '深圳', '杭州']) })]);
    } else {
      const c = rnd.pick(ctx.enConcepts);
      const tpl = rnd.pick(['Spoke at {conf} about {C}', 'Published a post on {C}', 'Moved to {city}', 'Promoted after a strong review cycle', 'Started writing about {C}']);
      events.push([d, fill(tpl, { C: () => w.link(c.title), conf: rnd.pick(CONFERENCES), city: rnd.pick(CITIES) })]);
    }
  }
  return events;
}

function renderPersonZh(ctx, p) {
  const { rnd } = ctx;
  const w = ctx.index.note(p.path);
  const { sentences, fm } = personFacts(ctx, w, p);
  const events = personEvents(ctx, w, p, 'zh');
  const concept = ctx.zhConcepts.length ? rnd.pick(ctx.zhConcepts) : null;
  const colleagues = p.employer ? p.employer.employees.filter((x) => x !== p) : [];
  const bg = [
    `${p.title}毕业于${rnd.pick(['清华大学', '浙江大学', '复旦大学', '北京大学', '上海交通大学', '南京大学'])}，长期关注${rnd.pick(ZH_AREAS)}。`,
    concept ? `最近在研究${w.link(concept.title)}，认为${rnd.pick(concept.topic.terms)}是关键。` : '',
    colleagues.length ? `经常和${w.person(rnd.pick(colleagues), { allowMd: false })}一起讨论${rnd.pick(ZH_AREAS)}。` : '',
    rnd.chance(0.4) ? `对${w.link(rnd.pick(ctx.enConcepts).title)}也很感兴趣。` : '',
  ].filter(Boolean);
  return [
    frontmatter({
      type: 'person',
      aliases: p.aliases,
      tags: ['人物', p.employer ? industryTag(p.employer) : '独立'],
      company: fm.company,
      location: p.city,
      founded: fm.founded,
      updated: events.length ? events.map((e) => e[0]).sort().at(-1) : undefined,
    }),
    `# ${p.title}`,
    '',
    `${p.title}常驻${p.city}。${sentences.join('')}`,
    '',
    ...(fm.inline ? [fm.inline, ''] : []),
    '## 背景',
    '',
    bg.join(''),
    '',
    timeline(events),
  ].join('\n');
}

// ---------- companies ----------

function investorSide(ctx, w, c, zh) {
  const { rnd } = ctx;
  const B = zh ? ZH : EN;
  const listed = c.investors.filter(() => rnd.chance(0.5));
  const lines = c.investors
    .filter(() => rnd.chance(0.6))
    .map((i) => fill(rnd.pick(B.investor_passive), { O: c.title, I: i.kind === 'person' ? w.person(i, { allowMd: false }) : w.company(i), round: zh ? rnd.pick(ZH_ROUNDS) : rnd.pick(ROUNDS), year: yearOf(rnd, c.foundedYear) }));
  return { listed: listed.map((i) => w.link(i.title)), lines };
}

function renderCompany(ctx, c) {
  const { rnd } = ctx;
  const w = ctx.index.note(c.path);
  const events = [[dateIn(rnd, c.foundedYear), `Founded in ${c.city}${c.founders.length && rnd.chance(0.5) ? ` by ${c.founders.map((f) => w.person(f, { allowMd: false })).join(' and ')}` : ''}`]];
  const body = [];
  const keyPeople = c.keyPeople.map((p) => w.link(p.title));
  if (c.investor) {
    body.push(fill(rnd.pick(INVESTOR_DESCRIPTIONS), { O: c.title, focus: rnd.pick(INVESTOR_FOCUS), city: c.city }), '');
    body.push('## Portfolio', '');
    for (const t of c.portfolio) {
      const year = yearOf(rnd, Math.max(c.foundedYear, t.foundedYear));
      body.push(fill(rnd.pick(EN.invested_portfolio), { O: w.company(t), round: rnd.pick(ROUNDS), year }));
      ctx.facts.invested_in.push([c.path, t.path, c.path]);
      events.push([dateIn(rnd, year), `New investment: ${w.link(t.title)}`]);
    }
    if (c.portfolio.length && rnd.chance(0.4)) {
      const t = rnd.pick(c.portfolio);
      body.push('', fill(rnd.pick(EN.invested_in), { S: 'The fund', O: w.link(t.title), year: yearOf(rnd, t.foundedYear), round: rnd.pick(ROUNDS) }));
    }
    const thesis = pickConcept(ctx, 'business');
    body.push('', '## Thesis', '', `The partners often cite ${w.link(thesis.title)}. ${paragraph(rnd, CONCEPT_SENTENCES, () => conceptVars(ctx, thesis.topic, {}), 3, 5)}`);
    body.push('');
  } else {
    body.push(fill(rnd.pick(COMPANY_DESCRIPTIONS), { O: c.title, product: rnd.pick(c.industry.products), region: rnd.pick(REGIONS), stage: rnd.pick(STAGES), headcount: rnd.int(8, 400) }));
    if (c.founders.length && rnd.chance(0.7)) {
      body.push(fill(rnd.pick(EN.founded_passive), { O: c.title, P: c.founders.map((f) => w.person(f, { allowMd: false })).join(' and '), year: c.foundedYear, city: c.city }));
    }
    body.push('');
    const concept = pickConcept(ctx, 'software');
    body.push('## Product', '', `${c.title} focuses on ${rnd.pick(c.industry.products)}. The engineering team leans on ${w.link(concept.title)}, mostly for ${rnd.pick(concept.topic.terms)}. ${paragraph(rnd, CONCEPT_SENTENCES, () => conceptVars(ctx, concept.topic, {}), 1, 2)}`, '');
    const inv = investorSide(ctx, w, c, false);
    if (c.investors.length) {
      body.push('## Funding', '', inv.lines.length ? inv.lines.join(' ') : `Funding details are in ${w.link(rnd.pick(['Series A term sheet', 'Cap table notes', 'Board deck draft']))}.`, '');
      for (const i of c.investors) if (rnd.chance(0.5)) events.push([dateIn(rnd, yearOf(rnd, c.foundedYear)), `Raised a ${rnd.pick(ROUNDS)} from ${w.link(i.title)}`]);
    }
    c._listedInvestors = inv.listed;
    const market = pickConcept(ctx, 'business');
    body.push('## Market', '', `Relevant background: ${w.link(market.title)}. ${paragraph(rnd, CONCEPT_SENTENCES, () => conceptVars(ctx, market.topic, {}), 3, 5)}`, '');
    if (c.advisors.length && rnd.chance(0.4)) body.push(fill(rnd.pick(EN.advises_passive), { P: c.advisors.map((a) => w.person(a, { allowMd: false })).join(', '), area: rnd.pick(AREAS), year: yearOf(rnd, c.foundedYear) }), '');
  }
  if (c.employees.length) {
    body.push('## People', '');
    for (const e of c.employees.slice(0, 6)) body.push(`- ${w.person(e, { allowMd: false })}, ${e.role}`);
    body.push('');
  }
  for (const e of rnd.sample(c.employees, Math.min(2, c.employees.length))) events.push([dateIn(rnd, yearOf(rnd, c.foundedYear)), `${w.link(e.title)} joined as ${e.role}`]);
  events.push([dateIn(rnd, yearOf(rnd, c.foundedYear)), rnd.pick(['Opened a second office', 'Crossed 100 customers', 'Shipped the first public release', 'Moved to a usage-based pricing model', 'Completed a SOC 2 audit'])]);
  return [
    frontmatter({
      type: 'company',
      aliases: c.aliases,
      tags: ['company', c.investor ? 'investor' : industryTag(c)],
      industry: c.investor ? 'Venture capital' : c.industry.key,
      founded_year: c.foundedYear,
      headquarters: c.city,
      key_people: keyPeople,
      investors: c._listedInvestors,
    }),
    `# ${c.title}`,
    '',
    ...body,
    ...(rnd.chance(0.2) ? [`industry:: ${c.investor ? 'venture capital' : c.industry.key}`, ''] : []),
    timeline(events),
  ].join('\n');
}

function renderCompanyZh(ctx, c) {
  const { rnd } = ctx;
  const w = ctx.index.note(c.path);
  const body = [];
  const events = [[dateIn(rnd, c.foundedYear), `公司在${c.city}成立`]];
  if (c.investor) {
    body.push(`${c.title}是一家专注于早期科技公司的投资机构，总部位于${c.city}。`, '', '## 投资组合', '');
    for (const t of c.portfolio) {
      const year = yearOf(rnd, Math.max(c.foundedYear, t.foundedYear));
      body.push(`- ${fill(rnd.pick(ZH.invested_in), { S: '', O: w.company(t), year, round: rnd.pick(ZH_ROUNDS) }).replace(/^于/, '')}`);
      ctx.facts.invested_in.push([c.path, t.path, c.path]);
      events.push([dateIn(rnd, year), `投资了${w.link(t.title)}`]);
    }
    body.push('');
  } else {
    body.push(`${c.title}主要提供${c.industry.product}，服务于${rnd.pick(['制造业', '金融', '零售', '医疗', '教育'])}客户。`);
    if (c.founders.length && rnd.chance(0.7)) body.push(fill(rnd.pick(ZH.founded_passive), { P: c.founders.map((f) => w.person(f, { allowMd: false })).join('和'), year: c.foundedYear }));
    body.push('');
    const inv = investorSide(ctx, w, c, true);
    if (c.investors.length) body.push('## 融资', '', inv.lines.join('') || '融资细节待补充。', '');
    c._listedInvestors = inv.listed;
    if (c.advisors.length && rnd.chance(0.4)) body.push(fill(rnd.pick(ZH.advises_passive), { P: c.advisors.map((a) => w.person(a, { allowMd: false })).join('、') }), '');
    const concept = ctx.zhConcepts.length ? rnd.pick(ctx.zhConcepts) : null;
    if (concept) body.push(`技术上重点投入${w.link(concept.title)}，尤其是${rnd.pick(concept.topic.terms)}。`, '');
  }
  if (c.employees.length) {
    body.push('## 团队', '');
    for (const e of c.employees.slice(0, 6)) body.push(`- ${w.person(e, { allowMd: false })}，${e.role}`);
    body.push('');
  }
  return [
    frontmatter({
      type: 'company',
      aliases: c.aliases,
      tags: ['公司', c.investor ? '投资机构' : industryTag(c)],
      founded_year: c.foundedYear,
      headquarters: c.city,
      key_people: c.keyPeople.map((p) => w.link(p.title)),
      investors: c._listedInvestors,
    }),
    `# ${c.title}`,
    '',
    ...body,
    timeline(events),
  ].join('\n');
}

// ---------- meetings ----------

function recordAttendance(ctx, m) {
  for (const a of m.attendees) ctx.facts.attended.push([a.path, m.path, m.path]);
}

function renderMeeting(ctx, m) {
  const { rnd } = ctx;
  const w = ctx.index.note(m.path);
  recordAttendance(ctx, m);
  const concepts = rnd.sample(ctx.enConcepts, rnd.int(1, 3));
  const main = concepts[0];
  const mention = () => w.person(rnd.pick(m.attendees));
  const vars = () => ({ P: mention, P2: mention, C: () => w.link(rnd.pick(concepts).title), area: rnd.pick(AREAS), ...conceptVars(ctx, main.topic, {}) });
  const lines = [
    frontmatter({
      type: 'meeting',
      date: m.date,
      attendees: m.attendees.map((a) => w.link(a.title)),
      project: m.project ? w.link(m.project.title) : undefined,
      related: rnd.chance(0.5) ? [w.link(m.host.title)] : undefined,
      tags: ['meeting', industryTag(m.host)],
    }),
    `# ${m.title}`,
    '',
    `**Attendees:** ${m.attendees.map((a) => w.person(a)).join(', ')}`,
    `**Context:** ${w.company(m.host)}${m.project ? `, ${w.link(m.project.title)}` : ''}`,
    '',
  ];
  // Background lines restate true facts, so relation phrasing also appears outside entity notes.
  const founder = m.host.founders[0];
  if (founder && rnd.chance(0.3)) lines.push(`Background: ${fill(rnd.pick(EN.founded.filter((t) => t.startsWith('{S}'))), { S: w.person(founder, { allowMd: false }), O: w.link(m.host.title), year: m.host.foundedYear, city: m.host.city, product: productOf(rnd, m.host), area: rnd.pick(AREAS) })}`, '');
  lines.push('## Agenda', '');
  concepts.forEach((c, i) => lines.push(`${i + 1}. ${c === main && rnd.chance(0.3) ? w.link(c.title, { heading: rnd.pick(CONCEPT_HEADINGS) }) : w.link(c.title)}`));
  lines.push('', '## Discussion', '', paragraph(rnd, MEETING_SENTENCES, vars, 5, 8), '');
  lines.push(paragraph(rnd, CONCEPT_SENTENCES, () => conceptVars(ctx, main.topic, {}), 2, 4), '');
  if (rnd.chance(0.5)) lines.push(paragraph(rnd, MEETING_SENTENCES, vars, 2, 3), '');
  lines.push('## Decisions', '', ...rnd.sample(DECISIONS, rnd.int(1, 2)).map((d) => `- ${fill(d, vars())}`), '');
  lines.push('## Action items', '');
  for (const a of rnd.sample(m.attendees, Math.min(m.attendees.length, rnd.int(1, 3)))) {
    const target = rnd.chance(0.15) ? w.link(rnd.pick(DANGLING_TARGETS)) : w.link(rnd.pick(concepts).title);
    lines.push(`- [ ] ${w.person(a, { allowMd: false })} to ${rnd.pick(ACTIONS)} ${target}`);
  }
  lines.push('');
  return lines.join('\n');
}

function renderMeetingZh(ctx, m) {
  const { rnd } = ctx;
  const w = ctx.index.note(m.path);
  recordAttendance(ctx, m);
  const concept = ctx.zhConcepts.length ? rnd.pick(ctx.zhConcepts) : null;
  const founder = m.host.founders[0];
  const body = [
    frontmatter({ type: 'meeting', date: m.date, attendees: m.attendees.map((a) => w.link(a.title)), tags: ['会议'] }),
    `# ${m.title}`,
    '',
    `**参会人：** ${m.attendees.map((a) => w.person(a, { allowMd: false })).join('、')}`,
    `**相关公司：** ${w.company(m.host)}`,
    '',
    '## 讨论',
    '',
  ];
  if (founder && rnd.chance(0.4)) body.push(`背景：${w.person(founder, { allowMd: false })}于${m.host.foundedYear}年创立了${w.link(m.host.title)}。`);
  if (concept) {
    const v = () => ({ T: () => w.link(concept.title), ...terms3(rnd, concept.topic) });
    body.push(paragraph(rnd, ZH_SENTENCES, v, 3, 5));
  }
  body.push(`${w.person(rnd.pick(m.attendees), { allowMd: false })}提出需要进一步明确${rnd.pick(ZH_AREAS)}的负责人。`, '', '## 结论', '');
  body.push(`- ${rnd.pick(['下周前完成方案评审', '先做两周的技术验证', '暂缓，等下个季度再讨论', '同意推进试点项目'])}`, '', '## 待办', '');
  for (const a of rnd.sample(m.attendees, Math.min(2, m.attendees.length))) body.push(`- [ ] ${w.person(a, { allowMd: false })}：${rnd.pick(['整理会议纪要', '准备融资材料', '调研竞品', '输出技术方案'])}`);
  body.push('');
  return body.join('\n');
}

// ---------- concepts ----------

function renderConcept(ctx, c) {
  const { rnd } = ctx;
  const w = ctx.index.note(c.path);
  const topic = c.topic;
  const v = () => conceptVars(ctx, topic, {});
  const aliases = [];
  if (c.title === topic.title) {
    const words = topic.title.split(/[\s-]+/);
    if (words.length >= 3) aliases.push(words.map((x) => x[0]).join('').toUpperCase());
  }
  const lines = [
    frontmatter({ type: 'concept', aliases, tags: ['concept', topic.domain, topic.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')] }),
    `# ${c.title}`,
    '',
    `${topic.definition} ${paragraph(rnd, CONCEPT_SENTENCES, v, 2, 3)}`,
    '',
  ];
  for (const heading of CONCEPT_HEADINGS) {
    lines.push(`## ${heading}`, '');
    if (heading === 'In practice' && rnd.chance(0.7)) {
      lines.push('### Example', '', paragraph(rnd, CONCEPT_SENTENCES, v, 3, 5), '');
    }
    if (heading === 'How it works') {
      lines.push(paragraph(rnd, CONCEPT_SENTENCES, v, 3, 5), '');
      for (const t of rnd.sample(topic.terms, rnd.int(3, 4))) lines.push(`- **${t}**: ${fill(rnd.pick(['central to how {T} behaves under load', 'the part most people get wrong at first', 'worth measuring before tuning anything else', 'usually the first thing to revisit when {pain} appears', 'the knob that trades {q1} for {q2}']), v())}`);
      lines.push('');
    } else if (heading === 'In practice') {
      let text = paragraph(rnd, CONCEPT_SENTENCES, v, 3, 5);
      const p = rnd.pick(ctx.enPeople);
      // Only the person's real employer, so the sentence never contradicts the ground truth.
      if (p.employer && rnd.chance(0.4)) {
        text += ` At ${w.company(p.employer)}, ${w.person(p)} used ${topic.title.toLowerCase()} for ${rnd.pick(DOMAIN_WORDS[topic.domain].contexts)}.`;
      }
      lines.push(text, '');
    } else if (heading === 'Open questions') {
      for (const q of rnd.sample(OPEN_QUESTIONS, rnd.int(2, 3))) lines.push(`- ${fill(q, v())}`);
      if (rnd.chance(0.2)) lines.push(`- Compare with notes in ${w.link(rnd.pick(DANGLING_TARGETS))}`);
      lines.push('');
    } else {
      lines.push(paragraph(rnd, CONCEPT_SENTENCES, v, 5, 7), '');
      if (rnd.chance(0.5)) lines.push(paragraph(rnd, CONCEPT_SENTENCES, v, 2, 4), '');
    }
  }
  if (rnd.chance(0.08)) lines.push(`Tagged for review: #${rnd.pick(['todo', 'revisit', 'draft'])} #${topic.domain}`, '');
  lines.push('## Related', '');
  const peers = (ctx.byTopic.get(topic.title) ?? []).filter((x) => x !== c);
  const related = [...rnd.sample(peers, rnd.int(1, 2)), ...rnd.sample((ctx.byDomain.get(topic.domain) ?? []).filter((x) => x !== c), rnd.int(1, 2))];
  for (const r of new Set(related)) {
    lines.push(`- ${rnd.chance(0.15) ? w.link(r.title, { heading: rnd.pick(CONCEPT_HEADINGS) }) : w.link(r.title)}`);
  }
  for (const s of c.seeAlso) lines.push(`- See also ${w.link(s.title)}`);
  lines.push('');
  return lines.join('\n');
}

function renderConceptZh(ctx, c) {
  const { rnd } = ctx;
  const w = ctx.index.note(c.path);
  const topic = c.topic;
  const v = () => ({ T: topic.title, ...terms3(rnd, topic) });
  const others = ctx.zhConcepts.filter((x) => x !== c);
  const lines = [
    frontmatter({ type: 'concept', tags: ['概念', '笔记'] }),
    `# ${c.title}`,
    '',
    `${topic.definition}${paragraph(rnd, ZH_SENTENCES, v, 1, 2)}`,
    '',
    '## 核心概念',
    '',
    ...topic.terms.slice(0, rnd.int(3, 6)).map((t) => `- **${t}**：${fill(rnd.pick(['理解{T}时必须掌握的概念。', '实践中最容易被忽视的一环。', '决定效果上限的关键因素。', '和{t2}密切相关。']), v())}`),
    '',
    '## 实践经验',
    '',
    paragraph(rnd, ZH_SENTENCES, v, 3, 5),
    '',
    '## 思考',
    '',
    paragraph(rnd, ZH_SENTENCES, v, 2, 4),
    '',
  ];
  if (ctx.zhPeople.length && rnd.chance(0.5)) lines.push(`${w.person(rnd.pick(ctx.zhPeople), { allowMd: false })}在这方面很有经验。`, '');
  lines.push('## 相关', '');
  for (const r of rnd.sample(others, Math.min(others.length, 2))) lines.push(`- ${w.link(r.title)}`);
  const en = ctx.byTopic.get(rnd.pick(TOPICS).title);
  if (en?.length) lines.push(`- ${w.link(en[0].title)}`);
  lines.push('');
  return lines.join('\n');
}

// ---------- projects, daily, snippets, reading ----------

function renderProject(ctx, p) {
  const { rnd } = ctx;
  const w = ctx.index.note(p.path);
  const concept = pickConcept(ctx, 'software');
  const v = () => conceptVars(ctx, concept.topic, {});
  const start = yearOf(rnd, p.company.foundedYear, 2024);
  const events = [[dateIn(rnd, start), `Kickoff with ${w.person(p.owner, { allowMd: false })}`]];
  for (const m of p.meetings.slice(0, 4)) events.push([m.date, `Reviewed in ${w.link(m.title)}`]);
  events.push([dateIn(rnd, Math.min(2025, start + 1)), rnd.pick(['First milestone shipped', 'Scope cut after review', 'Pilot customer signed', 'Paused for hiring'])]);
  return [
    frontmatter({ type: 'project', status: p.status, owner: w.link(p.owner.title), tags: ['project', `project/${p.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`] }),
    `# ${p.title}`,
    '',
    `Goal: ${rnd.pick(['reduce', 'remove', 'measure', 'understand'])} ${DOMAIN_WORDS.software.pains[rnd.int(0, DOMAIN_WORDS.software.pains.length - 1)]} in ${rnd.pick(DOMAIN_WORDS.software.contexts)} for ${w.company(p.company)}, using ${w.link(concept.title)}.`,
    '',
    paragraph(rnd, CONCEPT_SENTENCES, v, 3, 5),
    '',
    '## Approach',
    '',
    paragraph(rnd, CONCEPT_SENTENCES, v, 3, 5),
    '',
    '## Team',
    '',
    `- Owner: ${w.person(p.owner)}`,
    ...p.members.map((m) => `- ${w.person(m)}`),
    '',
    '## Milestones',
    '',
    ...['Write the design doc', 'Prototype', 'Pilot with one team', 'General availability'].map((s, i) => `- [${i < rnd.int(0, 4) ? 'x' : ' '}] ${s}`),
    ...(rnd.chance(0.3) ? [`- [ ] Finish ${w.link(rnd.pick(DANGLING_TARGETS))}`] : []),
    '',
    timeline(events),
  ].join('\n');
}

function renderDaily(ctx, d) {
  const { rnd } = ctx;
  const w = ctx.index.note(d.path);
  const projects = ctx.plan.projects;
  const wd = new Date(`${d.date}T00:00:00Z`).getUTCDay();
  const items = [];
  for (const m of ctx.meetingsByDate.get(d.date) ?? []) items.push(`Meeting: ${w.link(m.title)}`);
  const n = rnd.int(5, 10);
  for (let i = 0; i < n; i++) {
    const c = rnd.pick(ctx.enConcepts);
    items.push(fill(rnd.pick(DAILY_LOG), {
      P: () => w.person(rnd.pick(ctx.enPeople)),
      C: () => w.link(c.title),
      J: () => (projects.length ? w.link(rnd.pick(projects).title) : 'the backlog'),
      ...conceptVars(ctx, c.topic, {}),
    }));
  }
  if (ctx.zhPeople.length && rnd.chance(0.08)) items.push(`和${w.person(rnd.pick(ctx.zhPeople), { allowMd: false })}通了电话，聊了${rnd.pick(ctx.zhConcepts.length ? ctx.zhConcepts : ctx.enConcepts).title}。`);
  if (rnd.chance(0.05)) {
    const named = ctx.plan.companies.filter((x) => x.aliases.length && ctx.index.byAlias.get(x.aliases[0]) === x);
    const c = named.length ? rnd.pick(named) : undefined;
    if (c) items.push(`Heard that ${w.link(c.aliases[0])} is hiring again.`);
  }
  const refl = rnd.pick(ctx.enConcepts);
  return [
    frontmatter({ type: 'daily', date: d.date, tags: ['daily'] }),
    `# ${d.date} ${WEEKDAYS[wd]}`,
    '',
    '## Log',
    '',
    ...items.map((t, i) => `- ${String(8 + i).padStart(2, '0')}:${rnd.pick(['00', '15', '30', '45'])} ${t}`),
    '',
    '## Notes',
    '',
    paragraph(rnd, DAILY_REFLECTIONS, () => ({ C: () => w.link(refl.title), ...conceptVars(ctx, refl.topic, {}) }), 2, 4),
    '',
    ...(rnd.chance(0.5) ? [paragraph(rnd, CONCEPT_SENTENCES, () => conceptVars(ctx, refl.topic, {}), 2, 4), ''] : []),
    '## Tasks',
    '',
    ...rnd.sample(['Reply to emails', 'Review the roadmap', 'Update the weekly review', 'Read one paper', 'Clean up inbox notes', 'Prepare the 1-1 agenda', 'Water the plants'], rnd.int(1, 3)).map((t) => `- [${rnd.chance(0.6) ? 'x' : ' '}] ${t}`),
    '',
  ].join('\n');
}

function renderSnippet(ctx, s) {
  const { rnd } = ctx;
  const w = ctx.index.note(s.path);
  const concept = (ctx.byTopic.get(s.label.topic) ?? ctx.enConcepts)[0];
  const code = SNIPPETS[s.language][s.index](s.stem);
  return [
    frontmatter({ type: 'snippet', language: s.language, tags: ['code', s.language] }),
    `# ${s.title}`,
    '',
    `A small ${s.label.name} used by the ${s.stem} service. Background in ${w.link(concept.title)}.`,
    '',
    '## Code',
    '',
    `\`\`\`${LANG_FENCE[s.language]}`,
    code,
    '```',
    '',
    '## Notes',
    '',
    paragraph(rnd, CONCEPT_SENTENCES, () => conceptVars(ctx, concept.topic, {}), 2, 3),
    '',
    `Inline use looks like \`${s.stem}.${s.label.name.replace(/[^a-z]+/gi, '_')}()\`; links inside code such as \`[[Not a link]]\` must be ignored.`,
    '',
  ].join('\n');
}

function renderReading(ctx, r) {
  const { rnd } = ctx;
  const w = ctx.index.note(r.path);
  const topic = r.topic;
  const v = () => conceptVars(ctx, topic, {});
  const concepts = ctx.byTopic.get(topic.title) ?? [];
  const main = concepts[0];
  const lines = [
    frontmatter({ type: 'reading', author: `${rnd.pick(['A.', 'J.', 'M.', 'S.', 'R.'])} ${rnd.pick(['Whitfield', 'Okada', 'Brandt', 'Mercer', 'Lindahl', 'Castell'])}`, year: rnd.int(1995, 2025), tags: ['reading', topic.domain] }),
    `# ${r.title}`,
    '',
    `Summary: ${topic.definition} ${paragraph(rnd, CONCEPT_SENTENCES, v, 2, 3)}`,
    '',
    '## Key ideas',
    '',
    ...rnd.sample(topic.terms, 3).map((t) => `- ${t}: ${fill(rnd.pick(['the author spends a whole chapter on it', 'framed as the main constraint', 'illustrated with a case study from {ctx}', 'contrasted with {pain}']), v())}`),
    '',
    '## Quotes',
    '',
    `> ${fill(rnd.pick(CONCEPT_SENTENCES), v())}`,
    '',
    '## My take',
    '',
    paragraph(rnd, CONCEPT_SENTENCES, v, 3, 5),
    '',
    paragraph(rnd, CONCEPT_SENTENCES, v, 2, 4),
    '',
    '## Questions',
    '',
    ...rnd.sample(OPEN_QUESTIONS, 2).map((q) => `- ${fill(q, v())}`),
    '',
  ];
  if (main) {
    lines.push(`Related: ${w.link(main.title)}`);
    if (rnd.chance(0.25)) lines.push('', w.link(main.title, { heading: 'Overview', embed: true }));
    lines.push('');
  }
  if (rnd.chance(0.3)) lines.push(`Recommended by ${w.person(rnd.pick(ctx.enPeople))}.`, '');
  return lines.join('\n');
}
