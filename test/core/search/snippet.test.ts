// Snippets as prose: no heading lines repeating the title, links as their display text, cuts at word
// boundaries (character boundaries in CJK), and highlights over what the keyword arm matched.
import { describe, expect, it } from 'vitest';
import { displayText, makeSnippet, snippetHighlights } from '../../../src/core/search/snippet';

describe('snippets', () => {
  it('leaves out the heading lines the title and heading path already show', () => {
    const chunk = '# Delta Ventures\n\nDelta Ventures is a seed fund in Lisbon.\n\n## Portfolio\n\nBacked [[Acme Robotics]].';
    expect(makeSnippet(chunk, ['delta'])).toBe('Delta Ventures is a seed fund in Lisbon. Backed Acme Robotics.');
    // A chunk that is only a heading still says something.
    expect(makeSnippet('## Open questions', ['questions'])).toBe('Open questions');
    expect(makeSnippet('---\ntype: company\n---\n# Acme\nAcme builds arms.', [])).toBe('Acme builds arms.');
  });

  it('shows links as their display text and never leaves link syntax, even cut in half by a chunk boundary', () => {
    expect(displayText('see [[People/Jose Alvarez|Jose]] and [[Notes/Vector Search#Ranking]], [[#Local]] ![[diagram.png]] [site](https://x.test)')).toBe(
      'see Jose and Vector Search, Local diagram.png site',
    );
    expect(displayText('…from Vector Search]] and then [[Half')).toBe('…from Vector Search and then Half');
    const long = `${'filler words here '.repeat(20)}[[Projects/Vector Search|vector search]] ${'more words after '.repeat(20)}`;
    const s = makeSnippet(long, ['vector'], 80);
    expect(s).toContain('vector search');
    expect(s).not.toMatch(/\[\[|\]\]/);
  });

  it('cuts at word boundaries in Latin text and at characters in CJK text', () => {
    const text = `${'internally trained recommended '.repeat(12)}the hover preview shows the note ${'externally reviewed '.repeat(12)}`;
    const s = makeSnippet(text, ['hover'], 100);
    expect(s.startsWith('…')).toBe(true);
    expect(s.endsWith('…')).toBe(true);
    const inner = s.slice(1, -1);
    const words = new Set(text.split(/\s+/));
    for (const w of inner.split(' ')) expect(words.has(w)).toBe(true);
    expect(inner.length).toBeLessThanOrEqual(100);
    const zh = `${'我们讨论了很多事情。'.repeat(10)}李娜投资了星火科技，${'然后大家去吃饭了。'.repeat(10)}`;
    const z = makeSnippet(zh, ['投资'], 40);
    expect(z).toContain('投资');
    expect(z.slice(1, -1).length).toBeLessThanOrEqual(40);
  });

  it('keeps a word longer than the slack whole-or-cut without failing, and short text whole', () => {
    expect(makeSnippet('a\n\nb  c', ['b'])).toBe('a b c');
    expect(makeSnippet(`${'x'.repeat(300)} c++ y`, ['c++', '(', '[a-'], 50)).toContain('c++');
  });

  it('highlights the words the keyword arm matched: stems and CJK bigrams, not only the typed letters', () => {
    expect(snippetHighlights('Elena invested in two investors and an investment fund; she invests.', ['investing'])).toEqual(['invested', 'investment', 'invests']);
    expect(snippetHighlights('The investors met.', ['investor'])).toEqual(['investors']);
    expect(snippetHighlights('Notes on hovering previews', ['hover', 'preview'])).toEqual(['hovering', 'previews']);
    // 删掉 shares the bigram 删掉 only; 删除 shares none: a query 删除文件 marks 删除 and 文件.
    expect(snippetHighlights('如何删除旧的文件', ['删除文件'])).toEqual(['删除', '文件']);
    expect(snippetHighlights('no match here', ['rocket'])).toEqual([]);
  });
});
