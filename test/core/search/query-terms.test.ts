import { describe, expect, it } from 'vitest';
import { cjkWords, queryTerms, MAX_QUERY_CHARS } from '../../../src/core/search/query-terms';
import { makeSnippet } from '../../../src/core/search/snippet';
import { applyBoosts, boostsFor, BOOST } from '../../../src/core/search/boosts';

describe('queryTerms', () => {
  it('drops question words and keeps the topic words', () => {
    const t = queryTerms('How do I make a note show up when I hover over a link?');
    expect(t.terms).toEqual(['make', 'note', 'show', 'hover', 'link']);
    expect(t.and).toBe('make note show hover link');
    expect(t.verbatim).toBe(false);
  });

  it('keeps websearch syntax as typed, but a plain "or" in a sentence is just a word', () => {
    expect(queryTerms('"page preview" -canvas')).toMatchObject({ verbatim: true, and: '"page preview" -canvas' });
    const t = queryTerms('split a note, or merge two notes');
    expect(t.verbatim).toBe(false);
    expect(t.terms).toEqual(['split', 'note', 'merge', 'two', 'notes']);
  });

  it('turns Chinese words into bigram phrases, joining characters the segmenter left single', () => {
    expect(cjkWords('怎么让耗时的操作不阻塞请求')).toEqual(['耗时', '操作', '阻塞', '请求']);
    const t = queryTerms('后台任务失败怎么重试');
    expect(t.words).toEqual(expect.arrayContaining(['后台', '任务', '失败', '重试']));
    expect(t.terms).toContain('重试');
    expect(queryTerms('Redis 缓存失效').terms[0]).toBe('redis');
  });

  it('searches each Chinese word by its overlapping bigrams and its characters, so near-synonyms share terms', () => {
    // Long words are cut into bigrams; a note titled 文件恢复 shares the bigram 恢复 with the question, and 删掉
    // shares the character 删 with 删除.
    const t = queryTerms('删掉的笔记怎么恢复原样');
    expect(t.terms).toEqual(expect.arrayContaining(['笔记', '恢复', '原样', '删']));
    expect(t.terms.every((x) => Array.from(x).length <= 2)).toBe(true);
    expect(new Set(t.terms).size).toBe(t.terms.length);
    // Dropped particles (的, 怎么) leave no characters behind.
    expect(t.terms).not.toContain('的');
    const mixed = queryTerms('Sync 的版本历史');
    expect(mixed.terms).toEqual(['sync', '版本', '版', '本', '历史', '历', '史']);
  });

  it('keeps a character the segmenter left alone, and widens only the OR query with colloquial variants', () => {
    // 斜 in 变成斜的 is no word of its own, but it is what the answer (斜体) shares.
    expect(queryTerms('让字变成斜的').terms).toContain('斜');
    // 删掉 is spoken, 删除 written: the variant is an extra OR term, never an AND term.
    const t = queryTerms('笔记删掉了怎么找回');
    expect(t.terms).toEqual(expect.arrayContaining(['删掉', '找回', '删除', '恢复']));
    expect(t.expansions).toEqual(expect.arrayContaining(['删除', '恢复']));
    expect(t.expansions).not.toContain('删掉');
    expect(t.and.split(' ')).not.toContain('删除');
    // A Latin variant becomes a Latin term; English questions get none.
    expect(queryTerms('苹果手机能用吗').expansions).toEqual(expect.arrayContaining(['iphone', 'ios']));
    expect(queryTerms('delete a note and get it back').expansions).toEqual([]);
  });

  it('falls back to the words as typed when everything is a stopword', () => {
    expect(queryTerms('what is it').terms).toEqual(['what is it']);
    expect(queryTerms('的了吗').terms.length).toBe(1);
  });

  it('survives huge, binary and punctuation-only input', () => {
    const huge = queryTerms('robot '.repeat(100_000));
    expect(huge.terms).toEqual(['robot']);
    expect(queryTerms('\u0000\u0001\uFFFD').terms.length).toBeLessThanOrEqual(1);
    expect(queryTerms('?!.,;').terms).toEqual(['?!.,;']);
    expect(queryTerms('x'.repeat(MAX_QUERY_CHARS * 2)).and.length).toBeLessThanOrEqual(MAX_QUERY_CHARS);
  });
});

describe('makeSnippet', () => {
  it('centres on the first query word and marks cuts', () => {
    const text = `${'lorem ipsum '.repeat(40)}the hover preview shows the note ${'dolor sit '.repeat(40)}`;
    const s = makeSnippet(text, ['hover'], 100);
    expect(s).toContain('hover preview');
    expect(s.startsWith('…')).toBe(true);
    expect(s.endsWith('…')).toBe(true);
    expect(s.length).toBeLessThanOrEqual(102);
  });

  it('returns short text whole, on one line, and handles words with regex characters', () => {
    expect(makeSnippet('a\n\nb  c', ['b'])).toBe('a b c');
    expect(makeSnippet('x'.repeat(300) + ' c++ y', ['c++', '(', '[a-'], 50)).toContain('c++');
  });
});

describe('boosts', () => {
  it('applies title and backlink factors and nothing else', () => {
    const b = boostsFor({ exactTitle: true, backlinks: 100 });
    expect(b.map((x) => x.name)).toEqual(['title-exact', 'backlinks']);
    expect(b[1]!.factor).toBeLessThanOrEqual(BOOST.backlinkCap);
    expect(b[1]!.factor).toBeGreaterThan(1);
    expect(applyBoosts(1, b)).toBeCloseTo(BOOST.titleExact * b[1]!.factor, 10);
    expect(boostsFor({ exactTitle: false, backlinks: 0 })).toEqual([]);
  });
});
