// The panes e2e page: the harness page plus what the panes need that the shim lacks (Obsidian's DOM helpers,
// MarkdownRenderer, setActiveLeaf, leaf.openFile) and an Obsidian-like theme so screenshots look like the app.
import { installDomHelpers } from './dom-helpers';
import { obsidianModule, Workspace, WorkspaceLeaf, type TFile } from '../harness/obsidian-shim';
import '../harness/page';

installDomHelpers();

const opened: { path: string; line: number | null; pane: WorkspaceLeaf['openedAs'] }[] = [];
const shim = obsidianModule;
/** Text with `[[target|alias]]` links as Obsidian draws them (an internal-link anchor), the rest as text. */
function appendInline(el: HTMLElement, text: string): void {
  const link = /\[\[([^\]|]+)(?:\|([^\]]+))?\]\]/g;
  let at = 0;
  for (const m of text.matchAll(link)) {
    el.appendText(text.slice(at, m.index));
    el.createEl('a', { cls: 'internal-link', text: m[2] ?? m[1]!, attr: { 'data-href': m[1]! } });
    at = m.index + m[0].length;
  }
  el.appendText(text.slice(at));
}

// Enough Markdown for the panes' screenshots: paragraphs, "- " lists, wiki links. Never HTML from the text.
shim.MarkdownRenderer = {
  render(_app: unknown, markdown: string, el: HTMLElement): Promise<void> {
    for (const block of markdown.split(/\n{2,}/)) {
      const lines = block.split('\n');
      if (lines.every((l) => /^\s*[-*] /.test(l))) {
        const ul = el.createEl('ul');
        for (const l of lines) appendInline(ul.createEl('li'), l.replace(/^\s*[-*] /, ''));
      } else appendInline(el.createEl('p'), block);
    }
    return Promise.resolve();
  },
};
const ws = Workspace.prototype as unknown as Record<string, unknown>;
ws.setActiveLeaf = function (): void {};
const leafProto = WorkspaceLeaf.prototype as unknown as Record<string, unknown>;
leafProto.openFile = function (this: WorkspaceLeaf, file: TFile, state?: { eState?: { line?: number } }): Promise<void> {
  opened.push({ path: file.path, line: state?.eState?.line ?? null, pane: this.openedAs });
  return Promise.resolve();
};

const THEME = `
body { margin: 0; display: flex; gap: 16px; align-items: flex-start; padding: 16px; background: #f3f3f3;
  font-family: -apple-system, 'Segoe UI', Inter, Ubuntu, sans-serif; font-size: 14px;
  --background-primary: #ffffff; --background-secondary: #f6f6f6; --background-modifier-border: #e0e0e0;
  --background-modifier-hover: rgba(0,0,0,0.06); --text-normal: #222222; --text-muted: #5c5c5c; --text-faint: #999999;
  --text-accent: #7c3aed; --text-error: #e93147; --text-warning: #ec7500; --text-highlight-bg: rgba(255, 208, 0, 0.4);
  --interactive-accent: #7c3aed; --interactive-accent-hover: #6d28d9; --cursor: pointer;
  --color-blue: #086ddd; --color-blue-rgb: 8, 109, 221; --color-green: #08b94e; --color-green-rgb: 8, 185, 78;
  --color-purple: #7852ee; --color-purple-rgb: 120, 82, 238; --color-orange: #ec7500; --color-orange-rgb: 236, 117, 0;
  --color-cyan: #00bfbc; --color-yellow: #e0ac00; --color-pink: #d53984; --color-red: #e93147;
  --font-ui-small: 13px; --font-ui-smaller: 12px; --font-semibold: 600; --font-normal: 400; --line-height-tight: 1.3;
  --radius-s: 4px; --size-2-1: 2px; --size-2-2: 4px; --size-4-1: 4px; --size-4-2: 8px; --size-4-3: 12px; --size-4-4: 16px; }
.vb-e2e-pane { width: 380px; max-height: 860px; overflow: hidden; background: var(--background-primary); border: 1px solid var(--background-modifier-border);
  border-radius: 8px; padding: 12px; box-sizing: border-box; color: var(--text-normal); }
.vb-e2e-pane input { box-sizing: border-box; padding: 4px 8px; border: 1px solid var(--background-modifier-border); border-radius: 4px; font: inherit; }
.vb-e2e-pane h4 { margin: 4px 0 8px; }
.internal-link { color: var(--text-accent); text-decoration: underline; text-decoration-thickness: 1px; cursor: pointer; }
.modal-container.prompt.vb-e2e-pane { width: 560px; padding: 8px; }
.prompt-input { width: 100%; padding: 8px 10px !important; font-size: 16px !important; margin-bottom: 6px; }
.suggestion-item { padding: 6px 10px; border-radius: 4px; margin-bottom: 2px; }
.suggestion-item.is-selected { background: var(--background-modifier-hover); }
`;
const sheet = new CSSStyleSheet();
sheet.replaceSync(THEME);
document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];

declare global {
  interface Window {
    __vbPanes: { opened: typeof opened };
  }
}
window.__vbPanes = { opened };
