// Target-aware typing: a relation only between kinds of notes that can hold it, subjects named on the object's
// own page, attendee lines, past relations, and one strongest relation per pair in the graph view.
import { describe, expect, it } from 'vitest';
import { chooseCandidate, kindOfType, relationFits } from '../../../src/core/links/entity-kinds';
import { strongestPerPair, type StoredEdge } from '../../../src/core/links/pair-edges';
import { typeResolvedLinks } from '../../../src/core/links/target-typing';
import { resolveNoteType } from '../../../src/core/markdown/note-type';
import type { ResolvedLink } from '../../../src/core/types';
import { linksOf } from './helpers';

/**
 * Links of `text` on a page of `pageType`, resolved against `notes` (link text -> that note's type; a link text
 * not listed is a missing note), then typed with the targets' kinds known.
 */
function typed(text: string, pageType: string, notes: Record<string, string>, frontmatter: Record<string, unknown> = {}): ResolvedLink[] {
  const links = linksOf(text, pageType, { frontmatter }).map((l) => ({ ...l, target: l.targetText in notes ? `${l.targetText}.md` : null }));
  typeResolvedLinks(links, pageType, (p) => notes[p.replace(/\.md$/, '')]);
  return links;
}
const brief = (links: ResolvedLink[]): [string, string, string][] => links.map((l) => [l.targetText, l.type, l.direction]);
const one = (text: string, pageType: string, notes: Record<string, string>): ResolvedLink => {
  const links = typed(text, pageType, notes);
  expect(links).toHaveLength(1);
  return links[0]!;
};

describe('kinds', () => {
  it('maps page types to kinds and relations to the kinds they join', () => {
    expect(kindOfType('person')).toBe('person');
    expect(kindOfType('Fund')).toBe('org');
    expect(kindOfType('meeting')).toBe('meeting');
    expect(kindOfType('note')).toBe('unknown');
    expect(kindOfType('concept')).toBe('other');
    expect(relationFits('attended', 'person', 'meeting')).toBe(true);
    expect(relationFits('attended', 'org', 'meeting')).toBe(false);
    expect(relationFits('works_at', 'person', 'other')).toBe(false);
    expect(relationFits('invested_in', 'org', 'org')).toBe(true);
    // An unknown kind lets the verb decide, unless the reading is a weak one.
    expect(relationFits('works_at', 'person', 'unknown')).toBe(true);
    expect(relationFits('works_at', 'person', 'unknown', true)).toBe(false);
    expect(chooseCandidate([{ type: 'works_at', direction: 'out' }, { type: 'mentions', direction: 'out' }], 'meeting', 'org').type).toBe('mentions');
  });

  it('infers a type from frontmatter keys when there is no `type` and no typed folder', () => {
    expect(resolveNoteType('Inbox/Ada.md', { email: 'ada@example.org' })).toBe('person');
    expect(resolveNoteType('Inbox/Nimbus.md', { industry: 'software', website: 'https://x.example' })).toBe('company');
    expect(resolveNoteType('Inbox/Sync.md', { attendees: ['[[Ada]]'] })).toBe('meeting');
    expect(resolveNoteType('Inbox/Ada.md', { founded: '[[Nimbus]]' })).toBe('note');
    expect(resolveNoteType('people/Ada.md', { industry: 'x' })).toBe('person');
    expect(resolveNoteType('funds/Orca.md', {})).toBe('fund');
  });
});

describe('meeting pages: only people attend', () => {
  const notes = { Alice: 'person', Bob: 'person', Acme: 'company', 'Data Mesh': 'concept' };

  it('types people in the prose as attendees and leaves companies and concepts as mentions', () => {
    const links = typed('[[Alice]] walked us through [[Acme]].\n\n[[Bob]] raised concerns about [[Data Mesh]].', 'meeting', notes);
    expect(brief(links)).toEqual([
      ['Alice', 'attended', 'in'],
      ['Acme', 'mentions', 'out'],
      ['Bob', 'attended', 'in'],
      ['Data Mesh', 'mentions', 'out'],
    ]);
  });

  it('with an attendee line, only the listed people attended (EN and ZH)', () => {
    const en = typed('Attendees: [[Alice]], [[Missing Guest]]\n\nAction: send the notes to [[Bob]] about [[Acme]].', 'meeting', notes);
    expect(brief(en)).toEqual([
      ['Alice', 'attended', 'in'],
      ['Missing Guest', 'attended', 'in'],
      ['Bob', 'mentions', 'out'],
      ['Acme', 'mentions', 'out'],
    ]);
    const zh = typed('参会人：[[Alice]]、[[Bob]]\n\n讨论了[[Acme]]的计划。', 'meeting', notes);
    expect(brief(zh)).toEqual([
      ['Alice', 'attended', 'in'],
      ['Bob', 'attended', 'in'],
      ['Acme', 'mentions', 'out'],
    ]);
  });

  it('"[[X]] joined" is attendance on a meeting page and employment on a company page', () => {
    expect(one('[[Bob]] joined halfway through.', 'meeting', notes)).toMatchObject({ type: 'attended', direction: 'in' });
    expect(one('[[Bob]] joined as head of sales in 2022.', 'company', notes)).toMatchObject({ type: 'works_at', direction: 'in' });
  });

  it('a meeting with an attendees field lists who was there; prose people are mentions', () => {
    const links = typed('[[Bob]] will get the deck afterwards.', 'meeting', notes, { attendees: ['[[Alice]]'] });
    expect(brief(links.filter((l) => l.source !== 'frontmatter'))).toEqual([['Bob', 'mentions', 'out']]);
  });
});

describe('subjects named on the object page', () => {
  const notes = { 'Dana Kim': 'person', Alice: 'person', Sequoia: 'fund', Acme: 'company' };
  const onCompany = (text: string): [string, string, string][] => brief(typed(text, 'company', notes));

  it('English: works at, joined, founded, advises, invested in this company, is our CTO', () => {
    // Held-out pattern: the object named in plain text on its own page.
    expect(onCompany('[[Dana Kim]] works at Orbit AI as head of research.')).toEqual([['Dana Kim', 'works_at', 'in']]);
    expect(onCompany('[[Alice]] joined the company in 2021.')).toEqual([['Alice', 'works_at', 'in']]);
    expect(onCompany('[[Alice]] founded the company in 2016.')).toEqual([['Alice', 'founded', 'in']]);
    expect(onCompany('[[Alice]] advises the team on pricing.')).toEqual([['Alice', 'advises', 'in']]);
    expect(onCompany('[[Sequoia]] invested in this company in 2020.')).toEqual([['Sequoia', 'invested_in', 'in']]);
    expect(onCompany('[[Dana Kim]] is our CTO.')).toEqual([['Dana Kim', 'works_at', 'in']]);
    expect(onCompany('[[Alice]] sits on our advisory board.')).toEqual([['Alice', 'advises', 'in']]);
  });

  it('held-out pattern: "raised a seed round led by [[A]] and [[B]]" with both investors missing notes', () => {
    expect(onCompany('It raised a seed round led by [[Redwood Ventures]] and [[Kestrel Capital]].')).toEqual([
      ['Redwood Ventures', 'invested_in', 'in'],
      ['Kestrel Capital', 'invested_in', 'in'],
    ]);
  });

  it('Chinese: 由[[X]]创立, [[X]]是我们的首席技术官, [[X]]加入公司, 顾问：[[X]], [[X]]领投', () => {
    expect(onCompany('由[[Alice]]于2015年创立。')).toEqual([['Alice', 'founded', 'in']]);
    expect(onCompany('[[Dana Kim]]是我们的首席技术官。')).toEqual([['Dana Kim', 'works_at', 'in']]);
    expect(onCompany('[[Dana Kim]]于2021年加入公司，任工程师。')).toEqual([['Dana Kim', 'works_at', 'in']]);
    expect(onCompany('顾问：[[Alice]]。')).toEqual([['Alice', 'advises', 'in']]);
    expect(onCompany('[[Sequoia]]领投了A轮融资。')).toEqual([['Sequoia', 'invested_in', 'in']]);
    expect(onCompany('[[Alice]]在2019年创办了这家公司。')).toEqual([['Alice', 'founded', 'in']]);
  });

  it('timeline lines name subjects too', () => {
    const links = typed('## Timeline\n\n- 2021-03-01: [[Alice]] joined as VP Engineering.\n- 2022-06-01: Seed round led by [[Sequoia]].\n- 2023-01-09: [[Dana Kim]] left the company.', 'company', notes);
    expect(brief(links)).toEqual([
      ['Alice', 'works_at', 'in'],
      ['Sequoia', 'invested_in', 'in'],
      ['Dana Kim', 'works_at', 'in'],
    ]);
    expect(links[2]!.past).toBe(true);
  });

  it('Chinese timeline lines name subjects too', () => {
    const links = typed('## 时间线\n\n- 2021-03-01: [[Alice]]加入，担任工程师。\n- 2022-06-01: [[Sequoia]]领投天使轮。\n- 2023-01-09: [[Dana Kim]]离职。', 'company', notes);
    expect(brief(links)).toEqual([
      ['Alice', 'works_at', 'in'],
      ['Sequoia', 'invested_in', 'in'],
      ['Dana Kim', 'works_at', 'in'],
    ]);
    expect(links[2]!.past).toBe(true);
  });

  it('"[[X]] works at [[Y]]" says nothing about this page', () => {
    const links = typed('[[Dana Kim]] works at [[Acme]].', 'company', notes);
    expect(links[0]).toMatchObject({ targetText: 'Dana Kim', type: 'mentions' });
  });

  it('the same words on a person page do not make a person the object', () => {
    expect(one('[[Alice]] joined as CTO.', 'person', notes).type).toBe('mentions');
  });
});

describe('person pages: no employment without words saying so', () => {
  const notes = { Acme: 'company', Beta: 'company', Orbit: 'project' };

  it('the role prior needs a role in the same sentence and a company target', () => {
    expect(one('Staff engineer, mostly at [[Acme]].', 'person', notes)).toMatchObject({ type: 'works_at', evidence: 'prior: person->company role' });
    expect(typed('Great engineer.\n\nWrote a post comparing [[Acme]] and [[Beta]].', 'person', notes).map((l) => l.type)).toEqual(['mentions', 'mentions']);
    expect(one('Staff engineer, mostly on [[Orbit]].', 'person', notes).type).toBe('mentions');
    // Unknown target: the weak prior does not fire.
    expect(one('Staff engineer, mostly at [[Nowhere]].', 'person', notes).type).toBe('mentions');
  });

  it('founder and investor sentences that also name a role give one relation', () => {
    expect(one('Founder and CEO of [[Acme]].', 'person', notes).type).toBe('founded');
    expect(one('Co-founded [[Acme]] in 2018 and is its CEO.', 'person', notes).type).toBe('founded');
    expect(one('Invested in [[Acme]] and took a board seat.', 'person', notes).type).toBe('invested_in');
  });

  it('works_at needs an organisation: "works on [[Orbit]]" (a project) is a mention', () => {
    expect(one('She works at [[Orbit]] most days.', 'person', notes).type).toBe('mentions');
    expect(one('She works at [[Acme]].', 'person', notes).type).toBe('works_at');
  });
});

describe('past relations', () => {
  const notes = { Acme: 'company' };
  it.each([
    ['Used to work at [[Acme]].'],
    ['Left [[Acme]] in 2019.'],
    ['Former designer at [[Acme]].'],
    ['前任[[Acme]]产品经理。'],
    ['曾在[[Acme]]工作三年。'],
  ])('%s is works_at, past', (text) => {
    expect(one(text, 'person', notes)).toMatchObject({ type: 'works_at', past: true });
  });
  it('current employment is not past', () => {
    expect(one('Works at [[Acme]] as a designer.', 'person', notes).past).toBeUndefined();
    expect(one('目前在[[Acme]]担任设计师。', 'person', notes).past).toBeUndefined();
  });
});

describe('graph view: one strongest relation per pair', () => {
  const e = (from: string, to: string | null, type: string, direction: 'out' | 'in' = 'out', past = false, source: StoredEdge['source'] = 'wikilink'): StoredEdge => ({
    from,
    to,
    type,
    source,
    direction,
    past,
    targetText: to ?? 'Missing',
  });

  it('keeps the strongest built-in relation, counts every statement, keeps field types apart', () => {
    const out = strongestPerPair([
      e('people/a.md', 'companies/x.md', 'works_at'),
      e('companies/x.md', 'people/a.md', 'founded', 'in'),
      e('people/a.md', 'companies/x.md', 'mentions'),
      e('people/a.md', 'companies/x.md', 'reports_to', 'out', false, 'inline-field'),
    ]);
    expect(out).toHaveLength(2);
    expect(out[0]).toMatchObject({ type: 'founded', direction: 'in', evidence: 3, past: false });
    expect(out[1]).toMatchObject({ type: 'reports_to', evidence: 1 });
  });

  it('a mention written the other way round folds into the pair\'s relation', () => {
    const out = strongestPerPair([e('meetings/m.md', 'people/a.md', 'mentions'), e('meetings/m.md', 'people/a.md', 'attended', 'in'), e('people/a.md', 'meetings/m.md', 'attended')]);
    expect(out).toEqual([expect.objectContaining({ type: 'attended', direction: 'in', evidence: 3 })]);
  });

  it('a pair is past only when every statement of its relation is past; missing notes pair by name', () => {
    expect(strongestPerPair([e('p.md', 'c.md', 'works_at', 'out', true), e('c.md', 'p.md', 'works_at', 'in', true)])[0]).toMatchObject({ past: true, evidence: 2 });
    expect(strongestPerPair([e('p.md', 'c.md', 'works_at', 'out', true), e('p.md', 'c.md', 'works_at')])[0]!.past).toBe(false);
    expect(strongestPerPair([e('p.md', null, 'works_at'), e('p.md', null, 'works_at')])).toHaveLength(1);
  });
});
