// Time windows named in queries, English and Chinese, against a fixed "now" (Wednesday 2026-12-02).
import { describe, expect, it } from 'vitest';
import { parseTimeWindow } from '../../../src/core/search/temporal';

const NOW = new Date(2026, 11, 2, 12);
const win = (q: string): [string, string] | null => {
  const w = parseTimeWindow(q, NOW);
  return w ? [w.since, w.until] : null;
};

describe('parseTimeWindow', () => {
  it.each([
    ['what happened in March 2024', ['2024-03-01', '2024-03-31']],
    ['2024年3月发生了什么', ['2024-03-01', '2024-03-31']],
    ['notes from 2024-03-05', ['2024-03-05', '2024-03-05']],
    ['2024-03 reports', ['2024-03-01', '2024-03-31']],
    ['March 5, 2024 board', ['2024-03-05', '2024-03-05']],
    ['the 5th of March 2024', ['2024-03-05', '2024-03-05']],
    ['2024年3月5日的会议', ['2024-03-05', '2024-03-05']],
    ['in 2023', ['2023-01-01', '2023-12-31']],
    ['2023年的项目', ['2023-01-01', '2023-12-31']],
  ])('absolute: %s', (q, want) => expect(win(q)).toEqual(want));

  it.each([
    ['meetings last week', ['2026-11-23', '2026-11-29']],
    ['上周的会议', ['2026-11-23', '2026-11-29']],
    ['this week', ['2026-11-30', '2026-12-06']],
    ['what did I do today', ['2026-12-02', '2026-12-02']],
    ['昨天', ['2026-12-01', '2026-12-01']],
    ['last month', ['2026-11-01', '2026-11-30']],
    ['上个月的总结', ['2026-11-01', '2026-11-30']],
    ['past 3 days', ['2026-11-30', '2026-12-02']],
    ['最近7天', ['2026-11-26', '2026-12-02']],
    ['去年', ['2025-01-01', '2025-12-31']],
    // A month without a year is the latest one not in the future.
    ['what happened in March', ['2026-03-01', '2026-03-31']],
    ['12月的计划', ['2026-12-01', '2026-12-31']],
  ])('relative to now: %s', (q, want) => expect(win(q)).toEqual(want));

  it.each([
    ['from March to May 2024', ['2024-03-01', '2024-05-31']],
    ['2024年1月到3月', ['2024-01-01', '2024-03-31']],
    ['between 2024-01-10 and 2024-02-05', ['2024-01-10', '2024-02-05']],
    ['since January 2025', ['2025-01-01', '2026-12-02']],
    ['2025年6月以来', ['2025-06-01', '2026-12-02']],
  ])('ranges: %s', (q, want) => expect(win(q)).toEqual(want));

  it.each(['how may I help', 'how to open daily notes', "open today's note", 'march on', 'version 2024 release notes', '2024-13-40'])(
    'no window: %s',
    (q) => expect(win(q)).toBeNull(),
  );

  it('says which words named the window', () => {
    expect(parseTimeWindow('what happened in March 2024?', NOW)?.text).toBe('March 2024');
  });
});
