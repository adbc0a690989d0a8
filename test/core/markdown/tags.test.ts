import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../../src/core/markdown/parse-markdown';
import { frontmatterTags, normalizeTag } from '../../../src/core/markdown/tags';

const tags = (body: string): string[] => parseMarkdown('n.md', body).tags;

describe('frontmatter tags', () => {
  it('reads lists, space/comma strings and the singular key, stripping #', () => {
    expect(frontmatterTags({ tags: ['a', '#b', 'c/d'] })).toEqual(['a', 'b', 'c/d']);
    expect(frontmatterTags({ tags: '#a b,c , #d' })).toEqual(['a', 'b', 'c', 'd']);
    expect(frontmatterTags({ tag: 'solo' })).toEqual(['solo']);
    expect(frontmatterTags({ tags: [2024, 'x', null, { y: 1 }] })).toEqual(['x']);
    expect(frontmatterTags({ tags: null })).toEqual([]);
  });

  it('comes first, then inline tags, unique case-insensitively in order of first appearance', () => {
    const p = parseMarkdown('n.md', '---\ntags: [Project, alpha]\n---\nText #beta #project #alpha #Beta #gamma\n');
    expect(p.tags).toEqual(['Project', 'alpha', 'beta', 'gamma']);
  });
});

describe('inline tags', () => {
  it('finds #tag and #tag/nested at line starts and after whitespace', () => {
    expect(tags('#start and #mid/nested/deep, plus\t#tab and\n#next.')).toEqual(['start', 'mid/nested/deep', 'tab', 'next']);
  });

  it('allows unicode letters, CJK, digits mixed with letters, - and _', () => {
    expect(tags('中文 #项目/阿尔法 #タグ #café #snake_case #kebab-case #y1984 #ßtraße')).toEqual([
      '项目/阿尔法',
      'タグ',
      'café',
      'snake_case',
      'kebab-case',
      'y1984',
      'ßtraße',
    ]);
    expect(tags('全角空格\u3000#标签')).toEqual(['标签']);
  });

  it('rejects pure numbers', () => {
    expect(tags('issue #123 and #2024/01 and #1984')).toEqual([]);
    expect(normalizeTag('#123')).toBeNull();
    expect(normalizeTag('a/')).toBe('a');
    expect(normalizeTag('/x')).toBeNull();
  });

  it('ignores headings', () => {
    expect(tags('# Heading\n## Sub heading\n###### Six\n####### seven')).toEqual([]);
  });

  it('ignores fenced code, inline code, comments and math', () => {
    const body = [
      '```js',
      'const x = "#notag";',
      '```',
      '~~~',
      '#alsonot',
      '~~~',
      'use `#inline` here',
      '%% #hidden %%',
      '%%',
      '#hiddenblock',
      '%%',
      '<!-- #htmlcomment -->',
      '$#math$ and',
      '$$',
      '#blockmath',
      '$$',
      '#real',
    ].join('\n');
    expect(tags(body)).toEqual(['real']);
  });

  it('ignores URLs, anchors, links to headings and escaped or glued #', () => {
    const body =
      'See http://x.com/#anchor and https://x.com/a#frag and [[Note#heading]] and [[#Local]] and ' +
      '[jump](#section) and ![[img.png#x]] and C#sharp and \\#escaped and &#123; and (#paren)';
    expect(tags(body)).toEqual([]);
  });

  it('ignores tags in frontmatter text (they only count through YAML)', () => {
    expect(tags('---\nnote: "#fromyaml"\n---\nbody')).toEqual([]);
  });

  it('stops a tag at punctuation', () => {
    expect(tags('#done. #ok, #yes! #q? #end)')).toEqual(['done', 'ok', 'yes', 'q', 'end']);
  });
});
