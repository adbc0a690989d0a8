// Typing on notes as people write them: denied, intended or someone else's relations stay mentions (a wrong typed
// edge costs more than a missing one), and the list and apposition forms of profiles and company pages are typed
// only when both ends' kinds are known to fit.
import { describe, expect, it } from 'vitest';
import { chooseCandidate, type EntityKind } from '../../../src/core/links/entity-kinds';
import type { ExtractedLink } from '../../../src/core/types';
import { linksOf, onlyLink } from './helpers';

const ON_ALICE = { pageNames: ['Alice Chen'] };

/** type, with `<` when the target is the subject and `~` when the relation ended. */
const label = (l: { type: string; direction: string; past?: boolean }): string => `${l.type}${l.direction === 'in' ? '<' : ''}${l.past ? '~' : ''}`;

/** The reading target-aware typing takes once both ends' kinds are known. */
function picked(link: ExtractedLink, page: EntityKind, target: EntityKind): string {
  return label(chooseCandidate(link.candidates ?? [{ type: link.type, direction: link.direction, past: link.past }], page, target));
}

describe('denied and intended relations stay mentions', () => {
  it.each([
    'Not an investor in [[Acme]] — that was her brother.',
    'She was never a board member of [[Acme]].',
    'He has never been employed by [[Acme]].',
    "Didn't join [[Acme]] in the end.",
    'We should invest in [[Acme]] before anyone else does.',
    'She might join [[Acme]] next year.',
    'Considering joining [[Acme]].',
    'Plans to invest in [[Acme]] once they raise.',
    '他打算加入[[Acme]]。',
    '她从来没有投资[[Acme]]。',
  ])('%s', (text) => {
    expect(label(onlyLink(text, 'person', ON_ALICE))).toBe('mentions');
  });

  it('leaves stated relations typed', () => {
    expect(label(onlyLink('She joined [[Acme]] in May.', 'person', ON_ALICE))).toBe('works_at');
    expect(label(onlyLink('Invested in [[Acme]] after all.', 'person', ON_ALICE))).toBe('invested_in');
    expect(label(onlyLink('他加入了[[Acme]]。', 'person', ON_ALICE))).toBe('works_at');
  });
});

describe("someone else's role", () => {
  it.each([
    'Met the CEO of [[Acme]] for coffee.',
    'Intro to a partner at [[Sequoia]] next week.',
    'The founder of [[Acme]] called about the pilot.',
    'Had dinner with an engineer at [[Acme]].',
  ])('%s is a mention, not the page subject’s role', (text) => {
    const link = onlyLink(text, 'person', ON_ALICE);
    expect(label(link)).toBe('mentions');
    // No prior offers the role either, whatever the target turns out to be.
    expect(picked(link, 'person', 'org')).toBe('mentions');
  });

  it.each([
    ['She is the CEO of [[Acme]].', 'works_at'],
    ['Joined as a partner at [[Acme]] in 2021.', 'works_at'],
    ['He joined the board of [[Acme]].', 'advises'],
    ['- on the advisory board of [[Acme]]', 'advises'],
    ['CEO of [[Acme]] since 2020.', 'works_at'],
    ['Currently the CTO at [[Acme]].', 'works_at'],
  ])('%s keeps the page’s own role', (text, want) => {
    expect(label(onlyLink(text, 'person', ON_ALICE))).toBe(want);
  });

  it('does not read "his wife works at" in Chinese as the page subject', () => {
    expect(label(onlyLink('他的太太在[[Acme]]上班。', 'person', ON_ALICE))).toBe('mentions');
    expect(label(onlyLink('他在[[Acme]]上班。', 'person', ON_ALICE))).toBe('works_at');
  });
});

describe('profile and company-page forms (kinds must be known)', () => {
  it('a founder word beside a company link on a person page reads founded before the role prior', () => {
    for (const text of ['Founder & CEO, [[Acme]]', 'Co-founder, [[Acme]] (CTO)', 'CTO - [[Acme]] - cofounder']) {
      const link = onlyLink(text, 'person', ON_ALICE);
      expect(picked(link, 'person', 'org')).toBe('founded');
      expect(picked(link, 'person', 'unknown')).not.toBe('founded');
    }
    // Other people's founders, and a founder of some other company earlier in the line, are not hers.
    expect(picked(onlyLink('Mentoring founders at [[Acme]].', 'person', ON_ALICE), 'person', 'org')).toBe('mentions');
    const [, second] = linksOf('Founder of [[Acme]]; angel in [[Beta]]', 'person', ON_ALICE);
    expect(picked(second!, 'person', 'org')).not.toBe('founded');
  });

  it('a role or "founder" right after a person link on a company page', () => {
    const [ceo, vp, founder, former] = linksOf('People\n- [[Sofia Marquez]], CEO\n- [[Lukas Brandt]] — VP Sales\n- [[Hiro Tanaka]] (founder, left in 2022)\n- [[Bob Ray]] - former CTO', 'company');
    expect(picked(ceo!, 'org', 'person')).toBe('works_at<');
    expect(picked(vp!, 'org', 'person')).toBe('works_at<');
    expect(picked(founder!, 'org', 'person')).toBe('founded<');
    expect(picked(former!, 'org', 'person')).toBe('works_at<~');
    // A daily note saying the same about someone else's company: the page is not an organisation.
    expect(picked(linksOf('- [[Sofia Marquez]], CEO of Ferrous, called', 'note')[0]!, 'unknown', 'person')).toBe('mentions');
  });

  it('label lines: founders, team, board, angels, portfolio', () => {
    const text = 'Founders: [[Ann Lee]], [[Bo Chen]]\nTeam: [[Cy Diaz]]\n**Board**: [[Di Fox]]\nAngels: [[Ed Gray]]\nPartners: [[Orbit Corp]]';
    const links = linksOf(text, 'company');
    expect(links.map((l) => picked(l, 'org', 'person'))).toEqual(['founded<', 'founded<', 'works_at<', 'advises<', 'invested_in<', 'works_at<']);
    // "Partners:" listing a company is a business partner, not staff; an untyped project note's "Team:" is no employer.
    expect(picked(links[5]!, 'org', 'org')).toBe('mentions');
    expect(picked(linksOf('Team: [[Cy Diaz]]', 'note')[0]!, 'unknown', 'person')).toBe('mentions');
    const portfolio = linksOf('Portfolio: [[Acme]], [[Beta]]', 'fund');
    expect(portfolio.map((l) => picked(l, 'org', 'org'))).toEqual(['invested_in', 'invested_in']);
  });

  it('"met him at" an event only when the target is known to be a meeting', () => {
    const link = onlyLink('Met him at [[Collision 2024]].', 'person', ON_ALICE);
    expect(picked(link, 'person', 'meeting')).toBe('attended');
    expect(picked(link, 'person', 'unknown')).toBe('mentions');
    expect(label(onlyLink('Went to [[Web Summit 2023]] with the sales team.', 'person', ON_ALICE))).toBe('attended');
  });

  it('a meeting’s prose naming someone on its attendee list', () => {
    const links = linksOf('[[Tom Lindqvist]] asked about churn. Next time invite [[Maya Okafor]].', 'meeting', {
      frontmatter: { attendees: ['[[Tom Lindqvist]]', '[[Priya Raman|Priya]]'] },
    });
    expect(links.filter((l) => l.source === 'wikilink').map(label)).toEqual(['attended<', 'mentions']);
  });

  it('more forms profiles use: ex-, "seed led by", "came in as an angel"', () => {
    expect(label(onlyLink('ex-[[Google]] (search quality)', 'person', ON_ALICE))).toBe('works_at~');
    expect(label(onlyLink('Seed led by [[Northwind]].', 'company'))).toBe('invested_in<');
    expect(label(onlyLink('[[Maya Okafor]] came in as an angel.', 'company'))).toBe('invested_in<');
  });
});
