#!/usr/bin/env node
// A people / companies / meetings vault that reads like someone's real contact notes, for descriptive ("fuzzy")
// search questions (issue 10): "the security advisor based in Boston", "who would you ask about cutting
// Kubernetes costs", "the one who ran the Nightjar red-team exercise".
//
//   node bench/people-vault.mjs --out <dir> [--seed 23] [--people 110] [--meetings 85]
//
// Different from generate-vault.mjs (one template per page type, used for scale and relations): here every fact is
// written several ways (a role as a frontmatter field on one page and a sentence on another, a city as "based in",
// "Boston-based", "works out of the Boston office"), pages have different layouts, timelines carry rare one-off
// events (a talk at a named conference, a codenamed project, a prize), companies list their people and investors,
// and meetings mention people and decisions. Deterministic: the same arguments give byte-identical files.
// <out>/.ground-truth.json holds every planted fact, so a question's answers can be checked against all pages.
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createRandom } from './vault-gen/random.mjs';
import { FIRST_NAMES, LAST_NAMES } from './vault-gen/names.mjs';
import * as B from './people-vault/banks.mjs';

export const GROUND_TRUTH_FILE = '.ground-truth.json';
const pad = (n) => String(n).padStart(2, '0');
const dateOf = (rnd, y0, y1) => `${rnd.int(y0, y1)}-${pad(rnd.int(1, 12))}-${pad(rnd.int(1, 28))}`;

/** Pops a random element (each rare event is used once). */
function take(rnd, pool) {
  if (pool.length === 0) return null;
  const i = rnd.int(0, pool.length - 1);
  return pool.splice(i, 1)[0];
}

function plan(rnd, { people: nPeople, meetings: nMeetings }) {
  // Companies: one operating company per product (so "the company that makes X" has one answer), plus funds.
  const prefixes = rnd.shuffle(B.COMPANY_PREFIXES);
  const companies = [];
  for (const ind of B.INDUSTRIES) {
    for (const product of ind.products) {
      const name = `${prefixes.pop()} ${rnd.pick(ind.suffixes)}`;
      companies.push({ name, path: `companies/${name}.md`, kind: 'company', industry: ind.key, tag: ind.tag, product, city: rnd.pick(B.CITIES), founded: rnd.int(2009, 2021), size: rnd.pick([12, 25, 40, 60, 90, 140, 220, 400]), people: [], investors: [], events: [] });
    }
  }
  const funds = [];
  for (let i = 0; i < 12; i++) {
    const name = `${prefixes.pop()} ${rnd.pick(B.FUND_SUFFIXES)}`;
    funds.push({ name, path: `companies/${name}.md`, kind: 'fund', city: rnd.pick(B.CITIES), founded: rnd.int(2005, 2019), people: [], portfolio: [], events: [] });
  }
  for (const c of companies) {
    for (const f of rnd.sample(funds, rnd.int(1, 2))) {
      c.investors.push(f.name);
      f.portfolio.push(c.name);
    }
  }

  // Rare event pools, each entry used once.
  const talks = [];
  for (const conf of B.CONFERENCES) for (const topic of B.TALK_TOPICS) talks.push({ conf, topic });
  const pools = {
    talk: rnd.shuffle(talks).slice(0, 40),
    codename: rnd.shuffle(B.CODENAMES),
    prize: rnd.shuffle(B.PRIZES),
    essay: rnd.shuffle(B.ESSAYS),
    race: rnd.shuffle(B.RACES),
    nonprofit: rnd.shuffle(B.NONPROFITS),
    body: rnd.shuffle(B.BODIES),
    background: rnd.shuffle(B.BACKGROUNDS),
    startup: rnd.shuffle(B.SMALL_STARTUPS),
    launch: rnd.shuffle(B.PRODUCT_LAUNCHES),
    customer: rnd.shuffle(B.CUSTOMERS),
    decision: rnd.shuffle(B.DECISIONS),
  };
  const usedConfTopic = new Set();

  // People: a role at a company (or fund), a city; each (role, city) pair at most once.
  const usedNames = new Set();
  const roleCity = new Set();
  const expertiseUse = new Map();
  const people = [];
  // A company's leader is its first person; later people take the other roles.
  const opRoles = B.ROLES.filter((r) => !r.fund && r.key !== 'ceo' && r.key !== 'cto');
  const fundRoles = B.ROLES.filter((r) => r.fund);
  for (let i = 0; i < nPeople; i++) {
    let name;
    do name = `${rnd.pick(FIRST_NAMES)} ${rnd.pick(LAST_NAMES)}`;
    while (usedNames.has(name) || usedNames.has(name.split(' ')[0]));
    usedNames.add(name);
    const atFund = i >= companies.length && i % 9 === 4;
    const company = atFund ? rnd.pick(funds) : companies[i % companies.length];
    // The first person of each company leads it (a CEO, or a CTO when every city has a CEO already).
    let role = i < companies.length ? B.ROLES.find((r) => r.key === (i < 25 ? 'ceo' : 'cto')) : rnd.pick(atFund ? fundRoles : opRoles);
    let city = rnd.chance(0.6) ? company.city : rnd.pick(B.CITIES);
    for (let tries = 0; roleCity.has(`${role.key}|${city}`); tries++) {
      city = rnd.pick(B.CITIES);
      if (tries > 40) role = rnd.pick(atFund ? fundRoles : opRoles);
    }
    roleCity.add(`${role.key}|${city}`);
    // Expertise: one or two areas, none held by more than three people.
    const expertise = [];
    const nExpertise = rnd.int(1, 2);
    for (const e of rnd.shuffle(B.EXPERTISE)) {
      if (expertise.length >= nExpertise) break;
      if ((expertiseUse.get(e.key) ?? 0) >= 3) continue;
      expertiseUse.set(e.key, (expertiseUse.get(e.key) ?? 0) + 1);
      expertise.push({ key: e.key, text: rnd.pick(e.say) });
    }
    const events = [];
    const nRare = rnd.int(0, 2);
    for (let k = 0; k < nRare; k++) {
      const kind = rnd.pick(['talk', 'talk', 'codename', 'prize', 'essay', 'race', 'nonprofit', 'body']);
      if (kind === 'talk') {
        const t = pools.talk.find((x) => !usedConfTopic.has(x.topic) && !usedConfTopic.has(x.conf));
        if (!t) continue;
        usedConfTopic.add(t.topic);
        usedConfTopic.add(t.conf);
        events.push({ kind, date: dateOf(rnd, 2018, 2024), conf: t.conf, topic: t.topic, city: rnd.pick(B.CITIES) });
      } else {
        const v = take(rnd, pools[kind]);
        if (v) events.push({ kind, date: dateOf(rnd, 2015, 2024), value: v, codeKind: rnd.pick(['red-team exercise', 'migration', 'data centre exit', 'launch']) });
      }
    }
    const background = rnd.chance(0.35) ? take(rnd, pools.background) : null;
    const previous = rnd.chance(0.4) ? rnd.pick(companies.filter((c) => c !== company)).name : null;
    const p = {
      name, path: `people/${name}.md`, first: name.split(' ')[0], role: role.key, roleTitle: role.title, roleSay: rnd.pick(role.say),
      company: company.name, city, cityStyle: rnd.int(0, 5), expertise, events, background, previous,
      personal: rnd.sample(B.PERSONAL, rnd.int(0, 2)), work: rnd.sample(B.WORK_NOTES, rnd.int(1, 3)), joined: dateOf(rnd, Math.max(2012, company.founded), 2023), layout: rnd.int(0, 2),
      pronoun: rnd.pick(['she', 'he', 'they']), meetings: [], knows: [],
    };
    people.push(p);
    company.people.push(p.name);
  }
  for (const c of companies) c.founders = c.people.slice(0, rnd.int(1, 2));
  // Company events: a funding round, sometimes an acquisition, a launch, a big customer, a new office.
  for (const c of companies) {
    c.events.push({ date: `${c.founded}-${pad(rnd.int(1, 12))}-${pad(rnd.int(1, 28))}`, text: `Founded in ${c.city}` });
    c.events.push({ date: dateOf(rnd, Math.max(c.founded + 1, 2015), 2023), text: `Series ${rnd.pick(['A', 'B'])} led by [[${c.investors[0]}]]` });
    if (rnd.chance(0.35)) c.acquired = take(rnd, pools.startup);
    if (c.acquired) c.events.push({ date: dateOf(rnd, 2019, 2024), text: `Acquired ${c.acquired}, a small team of ${rnd.int(4, 15)}` });
    if (rnd.chance(0.35)) c.launch = take(rnd, pools.launch);
    if (c.launch) c.events.push({ date: dateOf(rnd, 2019, 2024), text: `Launched ${c.launch}` });
    if (rnd.chance(0.3)) c.customer = take(rnd, pools.customer);
    if (c.customer) c.events.push({ date: dateOf(rnd, 2019, 2024), text: `Signed ${c.customer} as a customer` });
    if (rnd.chance(0.3)) {
      c.office = rnd.pick(B.CITIES.filter((x) => x !== c.city));
      c.events.push({ date: dateOf(rnd, 2020, 2024), text: `Opened an office in ${c.office}` });
    }
    c.events.sort((a, b) => (a.date < b.date ? -1 : 1));
  }
  // Meetings: a company, a kind, two to four people; some record a rare decision.
  const meetings = [];
  const usedTitles = new Set();
  for (let i = 0; i < nMeetings; i++) {
    const company = rnd.pick(companies);
    const kind = rnd.pick(B.MEETING_KINDS);
    let date;
    let title;
    do {
      date = dateOf(rnd, 2021, 2024);
      title = `${date} ${company.name.split(' ')[0]} ${kind.title}`;
    } while (usedTitles.has(title));
    usedTitles.add(title);
    const inside = people.filter((p) => p.company === company.name);
    const attendees = [...new Set([...rnd.sample(inside, Math.min(inside.length, rnd.int(1, 2))), ...rnd.sample(people, rnd.int(1, 2))])];
    const decision = i % 3 === 0 ? take(rnd, pools.decision) : null;
    const m = { title, path: `meetings/${title}.md`, date, company: company.name, kind: kind.key, kindTitle: kind.title, agenda: rnd.sample(kind.agenda, 2), attendees: attendees.map((p) => p.name), decision, style: rnd.int(0, 1) };
    meetings.push(m);
    for (const p of attendees) p.meetings.push(m);
  }
  for (const p of people) p.knows = rnd.sample(people.filter((x) => x !== p), rnd.int(0, 2)).map((x) => x.name);
  return { companies, funds, people, meetings };
}

const cityPhrase = (p) =>
  [
    `${p.first} is based in ${p.city}.`,
    `Lives in ${p.city}.`,
    `${p.city}-based.`,
    `Works out of ${p.city}.`,
    `Moved to ${p.city} a few years ago and likes it there.`,
    `Home base: ${p.city}.`,
  ][p.cityStyle];

const expertisePhrase = (p, e, i) =>
  [
    `Good person to ask about ${e.text}.`,
    `Knows a lot about ${e.text}.`,
    `${p.first} is my go-to for ${e.text}.`,
    `Has spent years on ${e.text}; ask ${p.pronoun === 'they' ? 'them' : p.pronoun === 'she' ? 'her' : 'him'} before guessing.`,
  ][(p.cityStyle + i) % 4];

function eventLine(p, e) {
  switch (e.kind) {
    case 'talk':
      return `Spoke at ${e.conf} in ${e.city} about ${e.topic}`;
    case 'codename':
      return `Led the ${e.value} ${e.codeKind}`;
    case 'prize':
      return `Won the ${e.value}`;
    case 'essay':
      return `Published the essay "${e.value}"`;
    case 'race':
      return `Finished ${e.value}`;
    case 'nonprofit':
      return `Joined the board of ${e.value}`;
    case 'body':
      return `Testified before ${e.value}`;
    default:
      throw new Error(`unknown event ${e.kind}`);
  }
}

function timelineLines(rows, style) {
  return rows.map((r) => (style === 0 ? `- **${r.date}** | ${r.text}` : style === 1 ? `- ${r.date}: ${r.text}` : `- ${r.date.slice(0, 7)} — ${r.text}`));
}

function renderPerson(p) {
  const fm = ['---', 'type: person'];
  if (p.layout !== 1) fm.push(`company: "[[${p.company}]]"`, `role: ${p.roleTitle}`);
  if (p.layout === 0) fm.push(`location: ${p.city}`);
  fm.push(`tags: [person]`, '---', '');
  const body = [`# ${p.name}`, ''];
  const intro = [`${p.roleSay(p.name, p.company)}.`, cityPhrase(p)];
  if (p.previous) intro.push(`Before that ${p.first} was at [[${p.previous}]].`);
  if (p.background) intro.push(`Fun fact: ${p.first} ${p.background}.`);
  body.push(intro.join(' '), '', p.work.join(' '), '');
  if (p.expertise.length > 0) {
    body.push(p.layout === 2 ? '## Ask about' : '## Expertise');
    for (const [i, e] of p.expertise.entries()) body.push(`- ${expertisePhrase(p, e, i)}`);
    body.push('');
  }
  const notes = [...p.personal];
  for (const k of p.knows) notes.push(`Knows [[${k}]] well; they worked together years ago.`);
  if (notes.length > 0) body.push('## Notes', ...notes.map((n) => `- ${n}`), '');
  const rows = [{ date: p.joined, text: `Joined [[${p.company}]] as ${p.roleTitle}` }];
  for (const e of p.events) rows.push({ date: e.date, text: eventLine(p, e) });
  for (const m of p.meetings) rows.push({ date: m.date, text: `Met at [[${m.title}]]` });
  rows.sort((a, b) => (a.date < b.date ? 1 : -1));
  body.push('## Timeline', ...timelineLines(rows, p.cityStyle % 3), '');
  return [...fm, ...body].join('\n');
}

function renderCompany(c, peopleByName) {
  const fm = ['---', `type: ${c.kind === 'fund' ? 'investor' : 'company'}`, `hq: ${c.city}`, `founded: ${c.founded}`];
  if (c.tag) fm.push(`tags: [company, ${c.tag}]`);
  else fm.push('tags: [company, investor]');
  fm.push('---', '');
  const body = [`# ${c.name}`, ''];
  if (c.kind === 'fund') {
    body.push(`${c.name} is a venture fund out of ${c.city}, investing since ${c.founded}. Mostly early-stage, cheque sizes from one to five million.`, '');
    body.push('## Portfolio', ...c.portfolio.map((x) => `- [[${x}]]`), '');
  } else {
    const [short, long] = c.product;
    body.push(
      [
        `${c.name} makes ${short}. Headquartered in ${c.city}, about ${c.size} people.`,
        `Started in ${c.founded} in ${c.city}. The product: ${long}. Roughly ${c.size} employees.`,
        `${c.city} company, ~${c.size} people, working on ${short} — in plain words, ${long}.`,
      ][c.founded % 3],
      '',
    );
    if (c.founders.length > 0) body.push(`Founded by ${c.founders.map((f) => `[[${f}]]`).join(' and ')}.`, '');
    body.push('## Investors', ...c.investors.map((x) => `- [[${x}]]`), '');
  }
  body.push('## People');
  for (const n of c.people) body.push(`- [[${n}]] — ${peopleByName.get(n).roleTitle}`);
  body.push('');
  if (c.events.length > 0) body.push('## Timeline', ...timelineLines([...c.events].reverse(), c.founded % 3), '');
  return [...fm, ...body].join('\n');
}

function renderMeeting(m, byName) {
  const fm = ['---', 'type: meeting', `date: ${m.date}`, `company: "[[${m.company}]]"`, `attendees: [${m.attendees.map((a) => `"[[${a}]]"`).join(', ')}]`, '---', ''];
  const body = [`# ${m.title}`, ''];
  if (m.style === 0) body.push(`With ${m.attendees.map((a) => `[[${a}]]`).join(', ')}.`, '');
  body.push('## Notes', ...m.agenda.map((a) => `- Talked through ${a}.`));
  const who = byName.get(m.attendees[0]);
  body.push(`- ${who.first} raised concerns about the timeline; nothing settled on that.`, '');
  if (m.decision) body.push('## Decisions', `- We ${m.decision}.`, '');
  body.push('## Action items', ...m.attendees.slice(0, 2).map((a, i) => `- [ ] [[${a}]] to ${i === 0 ? 'send the follow-up email' : 'share the numbers'}`), '');
  return [...fm, ...body].join('\n');
}

export function buildPeopleVault({ seed = 23, people = 110, meetings = 85 } = {}) {
  const rnd = createRandom(seed);
  const p = plan(rnd, { people, meetings });
  const files = new Map();
  const byName = new Map(p.people.map((x) => [x.name, x]));
  for (const x of p.people) files.set(x.path, renderPerson(x));
  for (const c of [...p.companies, ...p.funds]) files.set(c.path, renderCompany(c, byName));
  for (const m of p.meetings) files.set(m.path, renderMeeting(m, byName));
  const truth = {
    people: p.people.map((x) => ({
      path: x.path, name: x.name, role: x.role, roleTitle: x.roleTitle, company: x.company, city: x.city, expertise: x.expertise.map((e) => e.key),
      events: x.events.map((e) => eventLine(x, e)), background: x.background, previous: x.previous, personal: x.personal,
    })),
    companies: [...p.companies, ...p.funds].map((c) => ({ path: c.path, name: c.name, kind: c.kind, industry: c.industry ?? null, product: c.product ?? null, city: c.city, founded: c.founded, founders: c.founders ?? [], investors: c.investors ?? [], events: c.events.map((e) => e.text), office: c.office ?? null })),
    meetings: p.meetings.map((m) => ({ path: m.path, title: m.title, company: m.company, kind: m.kind, attendees: m.attendees, decision: m.decision })),
  };
  return { files, truth };
}

export function writePeopleVault({ out, ...opts }) {
  const dir = resolve(out);
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    if (!existsSync(join(dir, GROUND_TRUTH_FILE))) throw new Error(`${dir} is not empty and not a generated vault; refusing to write`);
    rmSync(dir, { recursive: true, force: true });
  }
  const { files, truth } = buildPeopleVault(opts);
  for (const [rel, text] of files) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  writeFileSync(join(dir, GROUND_TRUTH_FILE), JSON.stringify(truth, null, 1));
  return { dir, notes: files.size };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { out: { type: 'string' }, seed: { type: 'string', default: '23' }, people: { type: 'string', default: '110' }, meetings: { type: 'string', default: '85' } } });
  if (!values.out) throw new Error('--out <dir> is required');
  const r = writePeopleVault({ out: values.out, seed: Number(values.seed), people: Number(values.people), meetings: Number(values.meetings) });
  console.log(`${r.notes} notes in ${r.dir}`);
}
