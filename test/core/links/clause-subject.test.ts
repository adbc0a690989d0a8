// A verb in a clause that opens with someone else's name, in plain text, is not the page's: "Harbor invested in
// [[Acme Robotics]]" on Elena Petrova's page gives no Elena -> Acme edge (examples/vault has this sentence).
import { describe, expect, it } from 'vitest';
import { nameTokens, opensWithOtherSubject } from '../../../src/core/links/clause-subject';
import { typeResolvedLinks } from '../../../src/core/links/target-typing';
import { parseNote } from '../../../src/core/note/parse-note';
import { LinkResolver } from '../../../src/core/links/resolver';
import { linksOf } from './helpers';

const elena = nameTokens(['Elena Petrova', 'Elena']);
const lina = nameTokens(['李娜']);

/** The single link's type on a person page called `names[0]`, with the target a company. */
function typeOn(text: string, names: string[]): { type: string; direction: string } {
  const links = linksOf(text, 'person', { path: `people/${names[0]}.md`, pageNames: names }).map((l) => ({ ...l, target: `companies/${l.targetText}.md` }));
  typeResolvedLinks(links, 'person', () => 'company');
  expect(links).toHaveLength(1);
  return { type: links[0]!.type, direction: links[0]!.direction };
}

describe('whose clause is it', () => {
  it.each([
    ['Harbor invested in ', true],
    ['Harbor Capital also invested in ', true],
    ['In 2019, Northwind led the seed round of ', true],
    ["Harbor's fund invested in ", true],
    ['Her husband works at ', true],
    ['- **2022-10-03** | Bob Stone joined ', true],
    ['Elena invested in ', false],
    ['Elena Petrova is a General Partner at ', false],
    ['Dr. Petrova advises ', false],
    ['She invested in ', false],
    ['Invested in ', false],
    ['Founder and CEO of ', false],
    ['Angel investor in ', false],
    ['These days Elena runs the data team at ', false],
    ['Recently joined ', false],
    ['The company invested in ', false],
    ['Board meeting approved the plan for ', false],
  ])('EN %j -> someone else: %s', (clause, other) => {
    expect(opensWithOtherSubject(clause, elena)).toBe(other);
  });

  it.each([
    ['王伟投资了', true],
    ['王小伟在', true],
    ['红杉资本领投了', true],
    ['李娜投资了', false],
    ['她加入了', false],
    ['2019年天使投资了', false],
    ['曾在', false],
    ['与朋友一起创办了', false],
    ['周末在', false],
  ])('ZH %j -> someone else: %s', (clause, other) => {
    expect(opensWithOtherSubject(clause, lina)).toBe(other);
  });
});

describe('typed edges on a person page', () => {
  it('English: the page is the subject unless the clause names someone else', () => {
    expect(typeOn('Harbor invested in [[Acme Robotics]] in the Series A (2022).', ['Elena Petrova', 'Elena'])).toEqual({ type: 'mentions', direction: 'out' });
    expect(typeOn('Her husband works at [[Acme Robotics]].', ['Elena Petrova'])).toEqual({ type: 'mentions', direction: 'out' });
    expect(typeOn('Elena invested in [[Acme Robotics]] in 2022.', ['Elena Petrova', 'Elena'])).toEqual({ type: 'invested_in', direction: 'out' });
    expect(typeOn('She invested in [[Acme Robotics]] in 2022.', ['Elena Petrova'])).toEqual({ type: 'invested_in', direction: 'out' });
    // A role word in the sentence does not bring the role prior back.
    expect(typeOn('Bob Stone is a staff engineer at [[Acme Robotics]].', ['Elena Petrova'])).toEqual({ type: 'mentions', direction: 'out' });
  });

  it('Chinese: 王伟投资了[[X]] on 李娜 is not 李娜 investing', () => {
    expect(typeOn('王伟投资了[[星辰科技]]。', ['李娜'])).toEqual({ type: 'mentions', direction: 'out' });
    expect(typeOn('李娜投资了[[星辰科技]]。', ['李娜'])).toEqual({ type: 'invested_in', direction: 'out' });
    expect(typeOn('2019年投资了[[星辰科技]]。', ['李娜'])).toEqual({ type: 'invested_in', direction: 'out' });
  });

  it('subjects named on the object page are untouched: "[[X]] invested" still points at this page', () => {
    const links = linksOf('Harbor says [[Sequoia]] invested in the company.', 'company', { path: 'companies/Acme.md', pageNames: ['Acme'] });
    expect(links[0]).toMatchObject({ type: 'invested_in', direction: 'in' });
  });

  it('parseNote passes the title and aliases: the examples/vault sentence', () => {
    const text = '---\ntype: person\naliases: [Elena]\n---\n# Elena Petrova\n\nElena Petrova is a General Partner at [[Harbor Capital]]. Harbor invested in [[Acme Robotics]] in the Series A (2022).\n';
    const resolver = new LinkResolver([{ path: 'people/Elena Petrova.md' }, { path: 'companies/Harbor Capital.md' }, { path: 'companies/Acme Robotics.md' }]);
    const note = parseNote('people/Elena Petrova.md', text, { resolver, typeOf: (p) => (p.startsWith('companies/') ? 'company' : undefined) });
    expect(note.links.map((l) => [l.targetText, l.type])).toEqual([
      ['Harbor Capital', 'works_at'],
      ['Acme Robotics', 'mentions'],
    ]);
  });
});
