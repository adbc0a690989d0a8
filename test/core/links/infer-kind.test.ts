// A kind for a note that does not say what it is, from how other notes link to it.
import { describe, expect, it } from 'vitest';
import { inferKinds, missingKey, type KindEvidence } from '../../../src/core/links/infer-kind';
import { linksOf } from './helpers';

/** Evidence from the links of `text` on a page of `fromType`, all pointing at the note `end`. */
function from(text: string, fromType: string, end = 'Inbox/X.md'): KindEvidence[] {
  return linksOf(text, fromType, { pageNames: ['Page'] }).map((l) => ({ end, fromType, type: l.type, direction: l.direction, candidates: l.candidates ?? null }));
}

describe('inferring a kind from incoming links', () => {
  it('English: works at / joined as / attendee lines / attended', () => {
    expect(inferKinds(from('She works at [[X]].', 'person')).get('Inbox/X.md')).toBe('org');
    expect(inferKinds(from('[[X]] joined as CTO in 2021.', 'company')).get('Inbox/X.md')).toBe('person');
    expect(inferKinds(from('Attendees: [[X]]', 'meeting')).get('Inbox/X.md')).toBe('person');
    expect(inferKinds(from('Attended [[X]] last week.', 'person')).get('Inbox/X.md')).toBe('meeting');
  });

  it('Chinese: 在[[X]]工作 / [[X]]是我们的首席技术官 / 参会人', () => {
    expect(inferKinds(from('目前在[[X]]担任设计师。', 'person')).get('Inbox/X.md')).toBe('org');
    expect(inferKinds(from('[[X]]是我们的首席技术官。', 'company')).get('Inbox/X.md')).toBe('person');
    expect(inferKinds(from('参会人：[[X]]', 'meeting')).get('Inbox/X.md')).toBe('person');
  });

  it('frontmatter links vote with their stored reading; a missing note is named by its link text', () => {
    const fm: KindEvidence = { end: missingKey('Orbit AI'), fromType: 'person', type: 'works_at', direction: 'out', candidates: null };
    expect(inferKinds([fm]).get(missingKey('orbit ai'))).toBe('org');
  });

  it('mentions, investors (people and funds both invest), weak readings and misfits say nothing', () => {
    expect(inferKinds(from('Wrote a post about [[X]].', 'person')).size).toBe(0);
    expect(inferKinds(from('[[X]] invested in this company in 2020.', 'company')).size).toBe(0);
    // The meeting rule (people in a meeting's prose attended) is a weak reading: it needs the kind, not gives it.
    expect(inferKinds(from('[[X]] walked us through the plan.', 'meeting')).size).toBe(0);
    // "works at [[X]]" written on a company page is no evidence that X is an organisation.
    expect(inferKinds(from('Most of the team works at [[X]] now.', 'company')).size).toBe(0);
  });

  it('the most votes win and a tie leaves the note unknown', () => {
    const org = from('She works at [[X]].', 'person');
    const person = from('[[X]] joined as CTO.', 'company');
    expect(inferKinds([...org, ...org, ...person]).get('Inbox/X.md')).toBe('org');
    expect(inferKinds([...org, ...person]).has('Inbox/X.md')).toBe(false);
  });
});
