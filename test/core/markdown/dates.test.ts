import { describe, expect, it } from 'vitest';
import { daysInMonth, isLeapYear, matchDateAt, parseDate, toIsoDate } from '../../../src/core/markdown/dates';

describe('calendar dates', () => {
  it('knows leap years', () => {
    expect(isLeapYear(2024)).toBe(true);
    expect(isLeapYear(2023)).toBe(false);
    expect(isLeapYear(1900)).toBe(false);
    expect(isLeapYear(2000)).toBe(true);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2023, 2)).toBe(28);
    expect(daysInMonth(2023, 4)).toBe(30);
    expect(daysInMonth(2023, 12)).toBe(31);
  });

  it('agrees with the JS Date calendar for every day of 2023-2024 and rejects the day after each month end', () => {
    for (const year of [1900, 2000, 2023, 2024]) {
      for (let month = 1; month <= 12; month++) {
        const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
        expect(toIsoDate(year, month, last)).not.toBeNull();
        expect(toIsoDate(year, month, last + 1)).toBeNull();
      }
    }
  });

  it('rejects impossible dates', () => {
    expect(toIsoDate(2023, 2, 29)).toBeNull();
    expect(toIsoDate(2024, 2, 30)).toBeNull();
    expect(toIsoDate(2024, 13, 1)).toBeNull();
    expect(toIsoDate(2024, 0, 1)).toBeNull();
    expect(toIsoDate(2024, 1, 0)).toBeNull();
    expect(toIsoDate(2024, 2, 29)).toBe('2024-02-29');
  });

  it('parses numeric and Chinese forms, normalising to ISO', () => {
    expect(parseDate('2024-01-15')).toBe('2024-01-15');
    expect(parseDate('2024/1/5')).toBe('2024-01-05');
    expect(parseDate('2024.03.09')).toBe('2024-03-09');
    expect(parseDate('2024年1月15日')).toBe('2024-01-15');
    expect(parseDate('2024 年 01 月 15 日')).toBe('2024-01-15');
    expect(parseDate('2024-01/15')).toBeNull();
    expect(parseDate('2024-01-155')).toBeNull();
    expect(parseDate('2023-02-29')).toBeNull();
    expect(parseDate('hello')).toBeNull();
  });

  it('reports the shape of an invalid date with iso null', () => {
    const m = matchDateAt('x 2023-02-30 y', 2);
    expect(m).toMatchObject({ year: 2023, month: 2, day: 30, iso: null, end: 12 });
  });
});
