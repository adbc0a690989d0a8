import { describe, expect, it } from 'vitest';
import { parseMarkdown, type MarkdownParts } from '../../../src/core/markdown/parse-markdown';
import { cpuMs } from './cpu-time';

const MB = 1024 * 1024;

function checkInvariants(text: string, p: MarkdownParts): void {
  expect(text.slice(...p.compiledRange)).toBe(p.compiledTruth);
  expect(text.slice(...p.timelineRange)).toBe(p.timelineText);
  expect(p.compiledRange[0]).toBe(p.bodyStart);
  expect(p.compiledRange[1]).toBeLessThanOrEqual(p.timelineRange[0]);
  expect(p.timelineRange[1]).toBe(text.length);
  expect(typeof p.title).toBe('string');
  expect(p.warnings.length).toBeLessThanOrEqual(51);
}

/** Deterministic PRNG so a failure is reproducible. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('pathological input', () => {
  const cases: [string, string][] = [
    ['1 MB of #', '#'.repeat(MB)],
    ['1 MB of "# " headings', '# '.repeat(MB / 2)],
    ['1 MB of --- lines', '---\n'.repeat(MB / 4)],
    ['--- then 1 MB without a closing line', '---\n' + 'key: [\n'.repeat(MB / 7)],
    ['1 MB frontmatter of [', '---\na: ' + '['.repeat(MB) + '\n---\nbody'],
    ['1 MB of [[[[', '[['.repeat(MB / 2)],
    ['1 MB of ]]#[[', ']]#[['.repeat(MB / 6)],
    ['1 MB of #a on one line', '#a '.repeat(MB / 3)],
    ['1 MB of backticks', '`'.repeat(MB)],
    ['1 MB of $', '$'.repeat(MB)],
    ['1 MB of <!--', '<!--'.repeat(MB / 4)],
    ['1 MB of timeline markers', '<!-- timeline -->\n--- timeline ---\n## Timeline\n'.repeat(MB / 48)],
    ['1 MB of bad dates in a timeline', '## Timeline\n' + '- 2023-02-30 | x\n'.repeat(MB / 17)],
    ['1 MB of good entries', '## Timeline\n' + '- **2024-01-15** | entry\n'.repeat(MB / 25)],
    ['1 MB of spaces then a hash', ' '.repeat(MB) + '#x'],
    ['1 MB heading of spaces', '# ' + ' '.repeat(MB) + 'x #'],
    ['1 MB heading of [[', '# ' + '[['.repeat(MB / 2)],
    ['1 MB heading of **', '# ' + '**a'.repeat(MB / 3)],
    ['1 MB of - 2024 lines', '<!-- timeline -->\n' + '- 2024'.repeat(MB / 6)],
  ];

  it.each(cases)('%s parses in well under a second', (_name, text) => {
    let p: MarkdownParts | undefined;
    const ms = cpuMs(() => {
      p = parseMarkdown('daily/x.md', text);
    });
    checkInvariants(text, p!);
    expect(ms).toBeLessThan(1000);
  });

  it('caps warnings on input with thousands of problems', () => {
    const p = parseMarkdown('n.md', '## Timeline\n' + '- 2023-02-30 | x\n'.repeat(5000));
    expect(p.warnings.length).toBe(51);
    expect(p.warnings.at(-1)!.code).toBe('warnings-truncated');
  });
});

describe('never throws', () => {
  it('handles odd strings', () => {
    const odd = ['', '\u0000', '\uD800', '\uDC00abc', '---', '---\n', '---\n---', '\uFEFF', '\uFEFF---\n---', '#', '# ', '\r', '\r\n---\r\n', '<!-- timeline -->', '## Timeline', '%%', '$$', '```'];
    for (const text of odd) checkInvariants(text, parseMarkdown('a.md', text));
  });

  it('survives random bytes and random markdown-ish soup', () => {
    const rand = rng(42);
    const pieces = ['---\n', '# ', '## Timeline\n', '<!-- timeline -->\n', '#tag ', '[[', ']]', '`', '```\n', '$', '%%', '- 2024-02-30 | ', '- 2024-01-15 | ', 'a: [', '\n', '\r\n', '\uD83D', '\u0000', '项目', ': ', '"', "'", '&a ', '*a '];
    for (let n = 0; n < 300; n++) {
      let text = '';
      if (n % 3 === 0) {
        for (let i = 0; i < 200; i++) text += String.fromCharCode(Math.floor(rand() * 0x10000));
      } else {
        for (let i = 0; i < 60; i++) text += pieces[Math.floor(rand() * pieces.length)];
      }
      if (n % 2 === 0) text = '---\n' + text;
      checkInvariants(text, parseMarkdown('fuzz/n.md', text));
    }
  });

  it('coerces non-string input from untyped callers', () => {
    const p = parseMarkdown(undefined as unknown as string, null as unknown as string);
    expect(p.compiledTruth).toBe('');
    expect(p.title).toBe('');
  });
});

describe('throughput', () => {
  it('parses a typical 3-4 KB note fast', () => {
    const fm = '---\ntitle: Alice Smith\naliases: [Alice, A. Smith]\ntags: [person, investor]\ntype: person\ncompany: "[[Acme]]"\ncreated: 2024-01-15\n---\n';
    const para =
      'Alice works at [[Acme Corp]] as CTO since 2021. She founded #startup/alpha with [[Bob]] and `code` here. ' +
      'More prose about the project and its goals, with $x^2$ math and a [link](https://example.com/#anchor).\n\n';
    const entries = Array.from({ length: 15 }, (_, i) => `- **2024-01-${String(i + 1).padStart(2, '0')}** | Met [[Bob]] about round ${i}`);
    const note = fm + '# Alice Smith\n\n' + para.repeat(12) + '## Timeline\n\n' + entries.join('\n') + '\n';
    expect(note.length).toBeGreaterThan(3000);
    const parsed = parseMarkdown('people/alice.md', note);
    expect(parsed.timeline).toHaveLength(15);
    expect(parsed.tags).toEqual(['person', 'investor', 'startup/alpha']);
    const n = 2000;
    for (let i = 0; i < 200; i++) parseMarkdown('people/alice.md', note); // warm up the JIT
    const ms = cpuMs(() => {
      for (let i = 0; i < n; i++) parseMarkdown('people/alice.md', note);
    });
    // Target is >10k notes/s on an idle core; measured ~5.6k/s standalone on a loaded shared 2-core box; the bound here only catches gross regressions.
    expect((n / ms) * 1000).toBeGreaterThan(1000);
  });
});
