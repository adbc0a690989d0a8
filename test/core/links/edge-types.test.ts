import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { extractLinks } from '../../../src/core/links/extract-links';
import { typeFrontmatterLink } from '../../../src/core/links/edge-types';
import { linksOf, onlyLink } from './helpers';

/** The sentences' named subjects are the page they are written on ("Alice co-founded [[Acme]]" on Alice's page). */
const SUBJECTS = { pageNames: ['Alice', 'Bob', 'Sequoia'] };

/** [type, direction] of the one link in a sentence. */
function edge(text: string, pageType = 'note'): [string, string] {
  const l = onlyLink(text, pageType, SUBJECTS);
  return [l.type, l.direction];
}

describe('typed edges: English verbs', () => {
  it.each([
    ['Alice co-founded [[Acme]] in 2019.', 'founded', 'out'],
    ['She cofounded the robotics startup [[Acme]].', 'founded', 'out'],
    ['Alice is the co-founder of [[Acme]].', 'founded', 'out'],
    ['Alice, founder and CEO of [[Acme]], spoke.', 'founded', 'out'],
    ['In 2015 she started a company called [[Acme]].', 'founded', 'out'],
    ['She established [[Acme Labs]].', 'founded', 'out'],
    ['Alice is [[Acme]]’s co-founder.', 'founded', 'out'],
    ['She invested in [[Acme]] early.', 'invested_in', 'out'],
    ['Bob is an angel investor in [[Acme]].', 'invested_in', 'out'],
    ['Sequoia backed [[Acme]].', 'invested_in', 'out'],
    ['They led the seed round of [[Acme]].', 'invested_in', 'out'],
    ['They participated in the Series B round of [[Acme]].', 'invested_in', 'out'],
    ["They led [[Acme]]'s Series A.", 'invested_in', 'out'],
    ['She advises [[Acme]] on pricing.', 'advises', 'out'],
    ['She is an advisor to [[Acme]].', 'advises', 'out'],
    ['He sits on the board of [[Acme]].', 'advises', 'out'],
    ['He is a board member of [[Acme]].', 'advises', 'out'],
    ['She is a mentor to [[Acme]] founders.', 'advises', 'out'],
    ['She works at [[Acme]].', 'works_at', 'out'],
    ['He is working for [[Acme]] now.', 'works_at', 'out'],
    ['In May she joined [[Acme]].', 'works_at', 'out'],
    ['He is employed by [[Acme]].', 'works_at', 'out'],
    ['She is CTO of [[Acme]].', 'works_at', 'out'],
    ['He is Head of Product at [[Acme]].', 'works_at', 'out'],
    ['She is a senior engineer at [[Acme]].', 'works_at', 'out'],
    ['He was hired by [[Acme]].', 'works_at', 'out'],
    ['[[Acme]] CEO Alice Chen said so.', 'works_at', 'out'],
  ])('%s -> %s %s', (text, type, dir) => {
    expect(edge(text)).toEqual([type, dir]);
  });

  it.each([
    ['Acme was founded by [[Alice]].', 'founded'],
    ['Acme was founded in 2019 by [[Alice]].', 'founded'],
    ['The company is backed by [[Sequoia]].', 'invested_in'],
    ['Its seed round was led by [[Sequoia]].', 'invested_in'],
    ['Acme raised $5M from [[Sequoia]].', 'invested_in'],
    ['The team is advised by [[Alice]].', 'advises'],
    ['Acme employs [[Alice]].', 'works_at'],
  ])('passive %s -> %s in', (text, type) => {
    expect(edge(text)).toEqual([type, 'in']);
  });

  it('marks past employment in the evidence', () => {
    expect(onlyLink('She worked at [[Acme]] for years.').evidence).toBe('verb: worked at (past)');
    expect(onlyLink('She left [[Acme]] in 2020.')).toMatchObject({ type: 'works_at', evidence: 'verb: left (past)' });
    expect(onlyLink('She used to work at [[Acme]].').evidence).toMatch(/\(past\)$/);
    expect(onlyLink('Former CTO of [[Acme]].').evidence).toMatch(/CTO of \(past\)$/);
    expect(onlyLink('He was a PM at [[Acme]].').evidence).toMatch(/\(past\)$/);
    expect(onlyLink('He was previously at [[Acme]].').evidence).toMatch(/\(past\)$/);
    expect(onlyLink('She works at [[Acme]].').evidence).toBe('verb: works at');
    // A founder stays a founder.
    expect(onlyLink('She formerly founded [[Acme]].').evidence).toBe('verb: founded');
  });

  it('denied relations stay mentions', () => {
    expect(edge('She never worked at [[Acme]].')).toEqual(['mentions', 'out']);
    expect(edge('He did not invest in [[Acme]].')).toEqual(['mentions', 'out']);
  });

  it('applies precedence founded > invested_in > advises > works_at when verbs share a clause', () => {
    expect(onlyLink('She co-founded and invested in [[Acme]].').type).toBe('founded');
    expect(onlyLink('He invested in and advises [[Acme]].').type).toBe('invested_in');
    expect(onlyLink('He joined the board of [[Acme]].').type).toBe('advises');
    expect(onlyLink('She founded and works at [[Acme]].').type).toBe('founded');
  });

  it('only lets a verb govern links in its own clause, near the link', () => {
    const links = linksOf('Alice founded [[Acme]] and works at [[Beta]].', 'note', SUBJECTS);
    expect(links.map((l) => l.type)).toEqual(['founded', 'works_at']);
    expect(onlyLink('She founded Beta, then joined [[Acme]] as CTO.').type).toBe('works_at');
    expect(onlyLink('She worked at Google before [[Acme]] existed.').type).toBe('mentions');
    expect(onlyLink('She founded Beta. Later she met [[Acme]] people.').type).toBe('mentions');
    expect(onlyLink('She founded Beta\n[[Acme]] is a client.').type).toBe('mentions');
    expect(onlyLink(`She founded ${'some very long words '.repeat(5)}[[Acme]].`).type).toBe('mentions');
  });

  it('shares a verb across a list of links', () => {
    const links = linksOf('He invested in [[A]], [[B]] and [[C]].');
    expect(links.map((l) => l.type)).toEqual(['invested_in', 'invested_in', 'invested_in']);
  });

  it('requires word boundaries', () => {
    expect(edge('The confounded [[Acme]] thing.')).toEqual(['mentions', 'out']);
    expect(edge('The leftover [[Acme]] food.')).toEqual(['mentions', 'out']);
    expect(edge('She started using [[Obsidian]].')).toEqual(['mentions', 'out']);
  });
});

describe('typed edges: Chinese verbs', () => {
  it.each([
    ['她在2019年创立了[[Acme]]。', 'founded', 'out'],
    ['他创办了机器人公司[[Acme]]。', 'founded', 'out'],
    ['她是[[Acme]]的联合创始人。', 'founded', 'out'],
    ['公司由[[张三]]创立。', 'founded', 'in'],
    ['创始人：[[张三]]', 'founded', 'in'],
    ['红杉投资了[[Acme]]。', 'invested_in', 'out'],
    ['他们领投[[Acme]]的A轮。', 'invested_in', 'out'],
    ['她天使投资了[[Acme]]。', 'invested_in', 'out'],
    ['他是[[Acme]]的天使投资人。', 'invested_in', 'out'],
    ['本轮由[[红杉]]领投。', 'invested_in', 'in'],
    ['公司获得[[红杉]]的A轮投资。', 'invested_in', 'in'],
    ['她担任[[Acme]]的技术顾问。', 'advises', 'out'],
    ['他是[[Acme]]的董事会成员。', 'advises', 'out'],
    ['她为[[Acme]]提供咨询。', 'advises', 'out'],
    ['她在[[Acme]]工作。', 'works_at', 'out'],
    ['他任职于[[Acme]]。', 'works_at', 'out'],
    ['她加入了[[Acme]]。', 'works_at', 'out'],
    ['他是[[Acme]]的CTO。', 'works_at', 'out'],
    ['她是[[Acme]]的前端工程师。', 'works_at', 'out'],
    ['他入职[[Acme]]。', 'works_at', 'out'],
  ])('%s -> %s %s', (text, type, dir) => {
    expect(edge(text)).toEqual([type, dir]);
  });

  it('shares a passive verb across 和-joined links', () => {
    const links = linksOf('公司由[[张三]]和[[李四]]联合创立。');
    expect(links.map((l) => [l.type, l.direction])).toEqual([
      ['founded', 'in'],
      ['founded', 'in'],
    ]);
  });

  it('marks past employment (前, 离开, 曾)', () => {
    expect(onlyLink('她离开了[[Acme]]。').evidence).toMatch(/离开.*\(past\)$/);
    expect(onlyLink('她是前[[Acme]]工程师。').evidence).toMatch(/\(past\)$/);
    expect(onlyLink('他曾在[[Acme]]工作。').evidence).toMatch(/\(past\)$/);
    expect(onlyLink('他是[[Acme]]的前CEO。').evidence).toMatch(/\(past\)$/);
    // 前端 (front-end) is not 前 (former).
    expect(onlyLink('她是[[Acme]]的前端工程师。').evidence).not.toMatch(/past/);
  });

  it('denied relations stay mentions', () => {
    expect(edge('他从未在[[Acme]]工作。')).toEqual(['mentions', 'out']);
  });

  it('precedence: 创始人 over 加入', () => {
    expect(edge('他加入并创立了[[Acme]]。')[0]).toBe('founded');
  });
});

describe('typed edges: page types and priors', () => {
  it('meeting pages: body links may be attendees once the target is known to be a person; embeds stay mentions', () => {
    // Before resolution the targets' kinds are unknown, so the weak meeting-page reading waits (target-typing.test.ts
    // covers the typed outcome); it is kept as a candidate for the resolver to pick.
    const links = linksOf('Met with [[Alice]] and [Bob](people/bob.md); she founded [[Acme]].\n![[whiteboard.png]]', 'meeting');
    expect(links.map((l) => [l.targetText, l.type])).toEqual([
      ['Alice', 'mentions'],
      ['people/bob.md', 'mentions'],
      ['Acme', 'mentions'],
      ['whiteboard.png', 'mentions'],
    ]);
    expect(links[0]!.candidates).toContainEqual({ type: 'attended', direction: 'in', evidence: 'page type: meeting', strict: true });
    expect(links[3]!.candidates).toBeUndefined();
  });

  it('person -> company role prior: a candidate only with a role in the same sentence', () => {
    const prior = { type: 'works_at', direction: 'out', evidence: 'prior: person->company role', strict: true };
    expect(onlyLink('Great engineer at heart, spent time with [[companies/Acme]].', 'person').candidates).toContainEqual(prior);
    expect(onlyLink('Great engineer. Spent time with [[companies/Acme]].', 'person').candidates ?? []).not.toContainEqual(prior);
    expect(onlyLink('Great engineer, spent time with [[companies/Acme]].', 'note').candidates ?? []).not.toContainEqual(prior);
  });

  it('plain links are mentions without evidence', () => {
    const l = onlyLink('I read [[Some Book]] yesterday.');
    expect(l.type).toBe('mentions');
    expect(l.direction).toBe('out');
    expect(l.evidence).toBeUndefined();
  });
});

describe('typed edges: frontmatter fields', () => {
  it.each([
    ['company', 'person', 'works_at', 'out'],
    ['companies', 'person', 'works_at', 'out'],
    ['employer', 'person', 'works_at', 'out'],
    ['founded', 'person', 'founded', 'out'],
    ['founder_of', 'person', 'founded', 'out'],
    ['key_people', 'company', 'works_at', 'in'],
    ['team', 'company', 'works_at', 'in'],
    ['employees', 'company', 'works_at', 'in'],
    ['founders', 'company', 'founded', 'in'],
    ['investors', 'company', 'invested_in', 'in'],
    ['investments', 'person', 'invested_in', 'out'],
    ['portfolio', 'fund', 'invested_in', 'out'],
    ['advisors', 'company', 'advises', 'in'],
    ['advises', 'person', 'advises', 'out'],
    ['advisor_to', 'person', 'advises', 'out'],
    ['attendees', 'meeting', 'attended', 'in'],
    ['participants', 'meeting', 'attended', 'in'],
    ['related', 'note', 'related_to', 'out'],
    ['see_also', 'note', 'related_to', 'out'],
    ['see-also', 'note', 'related_to', 'out'],
    ['Reports To', 'person', 'reports_to', 'out'],
    ['key_people', 'person', 'key_people', 'out'],
    ['attendees', 'project', 'attendees', 'out'],
  ])('%s on %s -> %s %s', (key, pageType, type, direction) => {
    expect(typeFrontmatterLink(key, pageType)).toEqual({ type, direction, evidence: `frontmatter: ${key}` });
  });

  it('applies to links extracted from a real note', () => {
    const yaml = 'type: company\nkey_people:\n  - "[[Alice]]"\ninvestors: ["[[Sequoia]]"]';
    const text = `---\n${yaml}\n---\nBody.`;
    const links = extractLinks({
      path: 'companies/acme.md',
      text,
      frontmatter: parse(yaml) as Record<string, unknown>,
      frontmatterText: yaml,
      frontmatterStartLine: 2,
      bodyStart: text.indexOf('Body'),
      pageType: 'company',
    });
    expect(links.map((l) => [l.targetText, l.type, l.direction, l.evidence])).toEqual([
      ['Alice', 'works_at', 'in', 'frontmatter: key_people'],
      ['Sequoia', 'invested_in', 'in', 'frontmatter: investors'],
    ]);
  });
});
