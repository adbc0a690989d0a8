// A link that is the subject of the sentence on the object's own page ("[[Alice]] founded it").
import { describe, expect, it } from 'vitest';
import { linksOf, onlyLink } from './helpers';

describe('subject links on the object page', () => {
  it('types "[[X]] founded it" as founded, pointing from X to this note', () => {
    expect(onlyLink('[[Alice]] founded it in 2019.', 'company')).toMatchObject({ type: 'founded', direction: 'in' });
    expect(onlyLink('[[Alice]] co-founded the company.', 'company')).toMatchObject({ type: 'founded', direction: 'in' });
  });

  it('leaves "[[X]] founded [[Y]]" alone for X (the sentence is about Y, not this note)', () => {
    const [alice] = linksOf('[[Alice]] founded [[Acme]].');
    expect(alice).toMatchObject({ raw: '[[Alice]]', type: 'mentions' });
  });

  it('reads investor and advisor labels and "[[X]] led the round"', () => {
    expect(onlyLink('Investors: [[Northwind Capital]].', 'company')).toMatchObject({ type: 'invested_in', direction: 'in' });
    expect(onlyLink('Advisors: [[Dana Reyes]]', 'company')).toMatchObject({ type: 'advises', direction: 'in' });
    expect(onlyLink('[[Northwind Capital]] led the seed round.', 'company')).toMatchObject({ type: 'invested_in', direction: 'in' });
  });
});

describe('link context', () => {
  it('keeps a body link context inside the body and a frontmatter link context inside the frontmatter', () => {
    const fm = 'type: person\ncompany: "[[Acme]]"\n';
    const text = `---\n${fm}---\n# Alice\n\nAlice works at [[Acme]].\n`;
    const links = linksOf(text, 'person', { frontmatter: { type: 'person', company: '[[Acme]]' }, frontmatterText: fm, frontmatterStartLine: 2, bodyStart: text.indexOf('# Alice') });
    const body = links.find((l) => l.source === 'wikilink');
    const front = links.find((l) => l.source === 'frontmatter');
    expect(body?.context).toBe('Alice works at [[Acme]].');
    expect(front?.context).not.toContain('Alice works');
    expect(front?.context).toContain('company');
  });
});

describe('funding rounds named without the word "round"', () => {
  it('types "participated in the Series A of [[X]]" and "led the seed of [[X]]" as investments', () => {
    expect(onlyLink('We participated in the Series A of [[Cirrus Compute]].')).toMatchObject({ type: 'invested_in', direction: 'out' });
    expect(onlyLink('Harbor led the seed of [[Cirrus Compute]] in 2021.', 'fund', { path: 'funds/Harbor.md' })).toMatchObject({ type: 'invested_in', direction: 'out' });
  });
});
