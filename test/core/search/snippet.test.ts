// Snippets as prose: no heading lines repeating the title, links as their display text, Dataview fields as
// `key: value`, list items as a list reads inline, code as written, cuts at word boundaries (character
// boundaries in CJK), and highlights over what the keyword arm matched.
import { describe, expect, it } from 'vitest';
import { displayText, makeSnippet, snippetHighlights } from '../../../src/core/search/snippet';
import { highlightRuns } from '../../../src/obsidian/views/highlight';

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

  it('shows Dataview fields as "key: value": line fields, bracketed and parenthesised ones, any script', () => {
    expect(makeSnippet('industry:: software\nAcme sells robots.', [])).toBe('industry: software Acme sells robots.');
    expect(makeSnippet('Acme is [status:: active] and ships (due:: 2024-05-01) soon.', [])).toBe('Acme is status: active and ships due: 2024-05-01 soon.');
    expect(makeSnippet('状态:: 进行中\n李娜负责[负责人:: 李娜]。', [])).toBe('状态: 进行中 李娜负责负责人: 李娜。');
    // Bold keys, fields in list items and tasks, a link as the value, a field inside a field.
    expect(makeSnippet('- **Works at**:: [[Companies/Acme|Acme]]\n- [ ] status:: open', [])).toBe('Works at: Acme · status: open');
    expect(makeSnippet('outer:: a [inner:: [[X]]] b', [])).toBe('outer: a inner: X b');
    // A bracket that is not a field keeps its brackets; one colon is not a field; URLs stay as written.
    expect(makeSnippet('see (the draft) at https://x.test/a::b and [site](https://x.test), ratio 2:1', [])).toBe(
      'see (the draft) at https://x.test/a::b and site, ratio 2:1',
    );
    // The links pane's plain text reads fields the same way.
    expect(displayText('[works at:: [[Acme]]]')).toBe('works at: Acme');
  });

  it('reads list items as a list inline: " · " between items, no bullets or task boxes, numbers kept', () => {
    expect(makeSnippet('- Alpha\n- Beta\n* Gamma\n+ Delta', [])).toBe('Alpha · Beta · Gamma · Delta');
    expect(makeSnippet('Todo:\n- [ ] buy milk\n- [x] call Bob\n\n- [/] half done\nAfter the list.', [])).toBe('Todo: buy milk · call Bob · half done After the list.');
    expect(makeSnippet('1. First\n2. [x] Second\n   more of the second\n3) Third', [])).toBe('1. First · 2. Second more of the second · 3) Third');
    expect(makeSnippet('- 买菜\n  - 做饭\n- 洗碗', [])).toBe('买菜 · 做饭 · 洗碗');
    // A paragraph between lists ends the first; thematic breaks are not text.
    expect(makeSnippet('- a1\n- a2\nThen:\n- b1\n\n---\n* * *\nEnd.', [])).toBe('a1 · a2 Then: b1 End.');
    // A word that merely starts with a dash or a star is no list item.
    expect(makeSnippet('-5 degrees and *emphasis* here', [])).toBe('-5 degrees and *emphasis* here');
    // A cut next to a separator leaves no dot by the ellipsis.
    const long = Array.from({ length: 40 }, (_, i) => `- item${i} text`).join('\n');
    for (const n of [60, 61, 62, 63, 64, 65]) {
      const cut = makeSnippet(long, ['item20'], n);
      expect(cut, `${n}`).toContain('item20');
      expect(cut, `${n}`).not.toMatch(/^…\s*·|·\s*…$/);
    }
  });

  it('reads quotes and callouts without their markers: a callout as its title, or its type when untitled', () => {
    expect(makeSnippet('> Quoted line\n> and its second line\nAfter.', [])).toBe('Quoted line and its second line After.');
    expect(makeSnippet('> > nested quote', [])).toBe('nested quote');
    expect(makeSnippet('> [!warning]- Back up first\n> Sync can overwrite files.', [])).toBe('Back up first Sync can overwrite files.');
    expect(makeSnippet('> [!tip]\n> Use **aliases**.', [])).toBe('Tip Use aliases.');
    // A list inside a callout reads as any list; CJK callout titles stay as written.
    expect(makeSnippet('> [!note] 清单\n> - 买菜\n> - [x] 洗碗', [])).toBe('清单 买菜 · 洗碗');
    // A `>` inside code or mid-line is text.
    expect(makeSnippet('```\n> not a quote\n```\na > b', [])).toBe('``` > not a quote ``` a > b');
  });

  it('keeps code as written: no fields, list items, headings, links or emphasis inside it', () => {
    expect(makeSnippet('Call `a:: b` or `[[x]] **y**` here', [])).toBe('Call `a:: b` or `[[x]] **y**` here');
    const fenced = 'Setup:\n```yaml\nkey:: value\n- item\n# comment\n```\nthen [status:: done]';
    expect(makeSnippet(fenced, [])).toBe('Setup: ```yaml key:: value - item # comment ``` then status: done');
    // A code chunk (split out by symbol, no fences) is code throughout.
    expect(makeSnippet('std::vector<int> v; // __init__(**kwargs)\n# not a heading\n- x', [], 220, 'code')).toBe(
      'std::vector<int> v; // __init__(**kwargs) # not a heading - x',
    );
  });

  it('highlights a word after an inline field exactly: same characters, in the text the panes draw', () => {
    const marked = (chunk: string, words: string[], maxLength?: number): { snippet: string; runs: string[]; at: number[] } => {
      const snippet = makeSnippet(chunk, words, maxLength);
      const runs = highlightRuns(snippet, snippetHighlights(snippet, words), true);
      // The runs are the snippet, cut up: nothing added or lost around a mark.
      expect(runs.map((r) => r.text).join('')).toBe(snippet);
      const at: number[] = [];
      let pos = 0;
      for (const r of runs) {
        if (r.match) at.push(pos);
        pos += r.text.length;
      }
      return { snippet, runs: runs.filter((r) => r.match).map((r) => r.text), at };
    };
    const a = marked('[status:: active] (owner:: [[People/Ann|Ann]]) Acme invested in robots.', ['investing']);
    expect(a.snippet).toBe('status: active owner: Ann Acme invested in robots.');
    expect(a).toMatchObject({ runs: ['invested'], at: [a.snippet.indexOf('invested')] });
    // The field's own name and value are words too; a CJK field's value is marked by its bigram.
    const b = marked('- [ ] status:: active\n- 状态:: 进行中', ['status', '进行']);
    expect(b.snippet).toBe('status: active · 状态: 进行中');
    expect(b).toMatchObject({ runs: ['status', '进行'], at: [0, b.snippet.indexOf('进行')] });
    // After a cut, with fields before the word in the same window.
    const long = `${'filler words here '.repeat(20)}[due:: 2024-05-01] (owner:: Ann) the hover preview ${'more words after '.repeat(20)}`;
    const c = marked(long, ['hover'], 80);
    expect(c.snippet).toMatch(/^….*owner: Ann the hover preview.*…$/);
    expect(c).toMatchObject({ runs: ['hover'], at: [c.snippet.indexOf('hover')] });
    // The snippet is already display text: rendering it again (as a plain-text surface may) changes nothing.
    for (const x of [a, b, c]) expect(displayText(x.snippet)).toBe(x.snippet);
  });
});
