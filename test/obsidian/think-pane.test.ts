// The think pane in obsidian-test-mocks, fed by a fake client that plays the worker's side of a streamed think:
// model text appended as it arrives, then the verified answer rendered once, citations that open notes, gaps
// that act on the right note, the provider disclosure, and one "no model" line when the answer is extractive.
import { App, MarkdownRenderer, Notice, WorkspaceLeaf } from 'obsidian-test-mocks/obsidian';
import type { WorkspaceLeaf as ObsidianLeaf } from 'obsidian';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAnswer } from '../../src/core/think/render';
import type { Claim } from '../../src/core/think/types';
import { BrainService } from '../../src/obsidian/plugin/brain-service';
import { ThinkView } from '../../src/obsidian/views/think-view';
import { FakeClient, thinkResult } from './fakes';

function setup(files: Record<string, string> = {}): { app: App; fake: FakeClient; brain: BrainService; leaf: ObsidianLeaf } {
  const app = App.createConfigured__({ files: { 'People/Alice Chen.md': '# Alice', 'Companies/Acme.md': '# Acme', ...files } });
  const fake = new FakeClient();
  const brain = new BrainService({
    createClient: () => Promise.resolve(fake),
    vaultId: () => 'v1',
    workerSettings: () => ({ include: [], exclude: [], configDir: '.obsidian', embedder: 'builtin', codeChunking: false }),
    notify: () => undefined,
  });
  const leaf = WorkspaceLeaf.create2__(app).asOriginalType__() as unknown as ObsidianLeaf;
  return { app, fake, brain, leaf };
}

async function openView(brain: BrainService, leaf: ObsidianLeaf): Promise<ThinkView> {
  await brain.start();
  const view = new ThinkView(leaf, brain);
  await view.onOpen();
  return view;
}

/** A Markdown renderer that writes the text it gets (the mock's is a no-op) and turns [[a|b]] into links. */
function renderAsText() {
  return vi.spyOn(MarkdownRenderer, 'render').mockImplementation(async (_app, markdown, el) => {
    for (const part of markdown.split(/(\[\[[^\]]+\]\])/)) {
      const m = /^\[\[([^|\]]+)\|?([^\]]*)\]\]$/.exec(part);
      if (m) el.createEl('a', { cls: 'internal-link', text: m[2] || m[1], attr: { 'data-href': m[1]!, href: m[1]! } });
      else if (part) el.appendText(part);
    }
    await Promise.resolve();
  });
}

const texts = (root: Element, sel: string): string[] => [...root.querySelectorAll(sel)].map((e) => e.textContent ?? '');
const count = (haystack: string, needle: string): number => haystack.split(needle).length - 1;

describe('think pane', () => {
  afterEach(() => vi.restoreAllMocks());

  it('appends the model text as it streams, then renders the verified answer once in its place', async () => {
    const { fake, brain, leaf } = setup();
    const render = renderAsText();
    let finish!: () => void;
    let emit!: (text: string) => void;
    fake.thinkHandler = async (_p, e) => {
      emit = e;
      await new Promise<void>((r) => (finish = r));
      return thinkResult({ answer: '- Alice works at Acme. [[People/Alice Chen|Alice Chen]]' });
    };
    const view = await openView(brain, leaf);
    const root = view.contentEl;
    const asking = view.ask('Where does Alice work?');
    await vi.waitFor(() => expect(emit).toBeDefined());
    expect(root.querySelector('.vb-think-status')!.textContent).toBe('Thinking…');

    emit('Alice works ');
    emit('at Acme [1].\nShe is');
    emit(' CTO <b>[2]</b>');
    expect(texts(root, '.vb-think-stream-line')).toEqual(['Alice works at Acme [1].', 'She is CTO <b>[2]</b>']);
    // Streamed text is text: markup in it is never parsed.
    expect(root.querySelector('.vb-think-stream b')).toBeNull();
    expect(root.querySelector('.vb-think-status')!.textContent).toBe('The model is answering…');
    expect(render).not.toHaveBeenCalled();

    finish();
    await asking;
    expect(root.querySelector('.vb-think-stream')).toBeNull();
    expect(root.querySelector('.vb-think-status')).toBeNull();
    expect(render).toHaveBeenCalledTimes(1);
    expect(render.mock.calls[0]![1]).toBe('- Alice works at Acme. [[People/Alice Chen|Alice Chen]]');
    expect(render.mock.calls[0]![4]).toBe(view);
    expect(root.querySelectorAll('.vb-think-answer')).toHaveLength(1);
    expect(root.querySelector('.vb-think-model')!.textContent).toBe('Answered by openai:test-model.');
    expect(root.querySelector('.vb-think-fallback')).toBeNull();
    expect(fake.callsOf('think')).toEqual([[{ question: 'Where does Alice work?' }]]);
  });

  it('opens the note of a citation link that is clicked', async () => {
    const { app, fake, brain, leaf } = setup();
    renderAsText();
    fake.thinkHandler = () => Promise.resolve(thinkResult());
    const view = await openView(brain, leaf);
    await view.ask('q');
    const link = view.contentEl.querySelector<HTMLElement>('.vb-think-answer a.internal-link')!;
    expect(link.textContent).toBe('Alice Chen');
    const open = vi.spyOn(app.workspace, 'openLinkText').mockResolvedValue(undefined);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(click);
    expect(open).toHaveBeenCalledWith('People/Alice Chen', '', false);
    expect(click.defaultPrevented).toBe(true);
  });

  it('discloses which notes were sent to the provider and opens them', async () => {
    const { app, fake, brain, leaf } = setup();
    fake.thinkHandler = () => Promise.resolve(thinkResult({ sentToProvider: ['People/Alice Chen.md', 'Companies/Acme.md'], droppedCitations: 2 }));
    const view = await openView(brain, leaf);
    await view.ask('q');
    const root = view.contentEl;
    expect(root.querySelector('.vb-think-sent summary')!.textContent).toBe('Notes sent to the model provider (2)');
    expect(texts(root, '.vb-think-sent .vb-link-item')).toEqual(['People/Alice Chen.md', 'Companies/Acme.md']);
    expect(root.textContent).toContain('2 citations to notes that were not gathered removed.');
    const opened: string[] = [];
    vi.spyOn(app.workspace.getLeaf(false), 'openFile').mockImplementation(async (f) => {
      opened.push(f.path);
      await Promise.resolve();
    });
    (root.querySelectorAll('.vb-think-sent .vb-link-item')[1] as HTMLElement).click();
    await vi.waitFor(() => expect(opened).toEqual(['Companies/Acme.md']));
  });

  it('says once why no model was used, renders the extractive answer, and still discloses what was sent', async () => {
    const { fake, brain, leaf } = setup();
    renderAsText();
    const claims: Claim[] = [{ text: 'Alice is the CTO of Acme.', citations: [{ path: 'People/Alice Chen.md', title: 'Alice Chen', line: 3, n: 1 }] }];
    const reason = 'the model call failed (HTTP 401: bad key)';
    // The answer as the core renders it: its own "No model was used" callout included.
    const answer = renderAnswer(claims, reason);
    expect(answer).toContain('No model was used');
    fake.thinkHandler = (_p, emit) => {
      emit('partial text before the failure');
      return Promise.resolve(thinkResult({ answer, claims, model: null, fallbackReason: reason, sentToProvider: ['People/Alice Chen.md'] }));
    };
    const view = await openView(brain, leaf);
    await view.ask('Who is Alice?');
    const root = view.contentEl;
    expect(count(root.textContent ?? '', 'No model was used')).toBe(1);
    expect(texts(root, '.vb-think-fallback')).toEqual([`No model was used: ${reason}. This answer is assembled from your notes.`]);
    expect(root.querySelector('.vb-think-answer')!.textContent).toBe('- Alice is the CTO of Acme. Alice Chen');
    expect(root.textContent).not.toContain('partial text before the failure');
    expect(root.querySelector('.vb-think-model')).toBeNull();
    // The provider was called (and failed): that the notes left the device is still disclosed.
    expect(root.querySelector('.vb-think-sent summary')!.textContent).toBe('Notes sent to the model provider (1)');
  });

  it('says once that no provider is configured when think answers through the plain op', async () => {
    const { fake, brain, leaf } = setup();
    renderAsText();
    const claims: Claim[] = [];
    fake.ops.set('think', (p) => thinkResult({ question: String(p.question), answer: renderAnswer(claims, 'no model provider is configured'), claims, model: null, fallbackReason: 'no model provider is configured', sentToProvider: [] }));
    const view = await openView(brain, leaf);
    await view.ask('q');
    const root = view.contentEl;
    expect(count(root.textContent ?? '', 'No model was used')).toBe(1);
    expect(root.querySelector('.vb-think-fallback')!.textContent).toBe('No model was used: no model provider is configured. This answer is assembled from your notes.');
    expect(root.querySelector('.vb-think-answer')!.textContent).toBe('The notes gathered for this question do not answer it.');
    expect(root.querySelector('.vb-think-sent summary')!.textContent).toBe('No note was sent to a model provider');
    expect(fake.callsOf('op').find((c) => c[0] === 'think')).toEqual(['think', { question: 'q' }]);
  });

  it('shows failures as one error line, and a newer question cancels the one still streaming', async () => {
    const { fake, brain, leaf } = setup();
    const view = await openView(brain, leaf);
    await view.ask('q1');
    expect(view.contentEl.querySelector('.vb-error')!.textContent).toBe('Could not answer: unknown operation "think"');

    const signals: AbortSignal[] = [];
    const emits: ((t: string) => void)[] = [];
    const finishes: (() => void)[] = [];
    fake.thinkHandler = async (p, emit, signal) => {
      signals.push(signal!);
      emits.push(emit);
      await new Promise<void>((r) => finishes.push(r));
      return thinkResult({ question: p.question, answer: `answer to ${p.question}` });
    };
    const first = view.ask('first');
    await vi.waitFor(() => expect(emits).toHaveLength(1));
    emits[0]!('first words');
    const second = view.ask('second');
    await vi.waitFor(() => expect(emits).toHaveLength(2));
    expect(signals[0]!.aborted).toBe(true);
    expect(signals[1]!.aborted).toBe(false);
    // Late text of the cancelled question never reaches the new one.
    emits[0]!(' late');
    emits[1]!('second words');
    expect(texts(view.contentEl, '.vb-think-stream-line')).toEqual(['second words']);
    finishes[0]!();
    finishes[1]!();
    await Promise.all([first, second]);
    expect(view.contentEl.querySelector('.vb-think-question')!.textContent).toBe('second');
    expect(view.contentEl.querySelectorAll('.vb-think-answer')).toHaveLength(1);
  });

  it('caps a runaway stream', async () => {
    const { fake, brain, leaf } = setup();
    let finish!: () => void;
    let emit!: (t: string) => void;
    fake.thinkHandler = async (_p, e) => {
      emit = e;
      await new Promise<void>((r) => (finish = r));
      return thinkResult();
    };
    const view = await openView(brain, leaf);
    const asking = view.ask('q');
    await vi.waitFor(() => expect(emit).toBeDefined());
    for (let i = 0; i < 30; i++) emit('x'.repeat(10_000));
    const shown = view.contentEl.querySelector('.vb-think-stream')!.textContent ?? '';
    expect(shown.length).toBe(100_000);
    finish();
    await asking;
  });
});

describe('think pane gaps', () => {
  afterEach(() => vi.restoreAllMocks());

  it('creates the note a knowledge hole names (its target), not a note that links to it', async () => {
    const { app, fake, brain, leaf } = setup();
    fake.thinkHandler = () =>
      Promise.resolve(
        thinkResult({
          gaps: [
            { kind: 'hole', detail: '[[Nova Labs]] is linked from 2 notes but no such note exists.', paths: ['People/Alice Chen.md', 'Companies/Acme.md'], target: 'Nova Labs' },
            { kind: 'stale', detail: 'Acme was last updated 2021-01-01, but 1 note mentions it later.', paths: ['Companies/Acme.md', 'Gone.md'] },
          ],
        }),
      );
    const opened: string[] = [];
    vi.spyOn(app.workspace.getLeaf(false), 'openFile').mockImplementation(async (f) => {
      opened.push(f.path);
      await Promise.resolve();
    });
    const view = await openView(brain, leaf);
    await view.ask('q');
    const root = view.contentEl;
    const gaps = root.querySelectorAll('.vb-gap-list > li.vb-gap');
    expect(gaps).toHaveLength(2);
    expect(gaps[0]!.classList.contains('vb-gap-hole')).toBe(true);
    // Link syntax in a detail reads as the note's name.
    expect(gaps[0]!.querySelector('.vb-gap-detail')!.textContent).toBe('Nova Labs is linked from 2 notes but no such note exists.');
    // Create the hole's target; open the notes that link to it. A stale gap's missing path gets no button.
    expect(texts(gaps[0]!, 'button')).toEqual(['Create Nova Labs', 'Open Alice Chen', 'Open Acme']);
    expect(texts(gaps[1]!, 'button')).toEqual(['Open Acme']);

    const create = gaps[0]!.querySelector<HTMLButtonElement>('.vb-gap-create')!;
    create.click();
    // The new note goes where Obsidian puts notes created from a link in the first linking note.
    await vi.waitFor(() => expect(opened).toEqual(['People/Nova Labs.md']));
    expect(app.vault.getFileByPath('People/Nova Labs.md')).not.toBeNull();
    expect(app.vault.getFiles().map((f) => f.path).sort()).toEqual(['Companies/Acme.md', 'People/Alice Chen.md', 'People/Nova Labs.md']);
    await vi.waitFor(() => expect(create.textContent).toBe('Open Nova Labs'));
    // A second click opens the note it created instead of making another.
    create.click();
    await vi.waitFor(() => expect(opened).toEqual(['People/Nova Labs.md', 'People/Nova Labs.md']));
    expect(app.vault.getFiles()).toHaveLength(3);
  });

  it('creates a target with a folder from the vault root, offers Open when it exists, and refuses unsafe names', async () => {
    const notices: string[] = [];
    vi.spyOn(Notice.prototype, 'constructor__').mockImplementation((m: string | DocumentFragment) => {
      notices.push(typeof m === 'string' ? m : (m.textContent ?? ''));
    });
    const { app, fake, brain, leaf } = setup();
    vi.spyOn(app.workspace.getLeaf(false), 'openFile').mockResolvedValue(undefined);
    fake.thinkHandler = () =>
      Promise.resolve(
        thinkResult({
          gaps: [
            { kind: 'hole', detail: 'a', paths: ['People/Alice Chen.md'], target: 'companies/Nova' },
            { kind: 'hole', detail: 'b', paths: ['People/Alice Chen.md'], target: 'Acme' },
            { kind: 'hole', detail: 'c', paths: ['People/Alice Chen.md'], target: '../../outside' },
            { kind: 'hole', detail: 'd', paths: [], target: 'a:b*c' },
          ],
        }),
      );
    const view = await openView(brain, leaf);
    await view.ask('q');
    const buttons = [...view.contentEl.querySelectorAll<HTMLButtonElement>('.vb-gap-create')];
    expect(buttons.map((b) => b.textContent)).toEqual(['Create companies/Nova', 'Open Acme', 'Create ../../outside', 'Create a:b*c']);
    buttons[0]!.click();
    await vi.waitFor(() => expect(app.vault.getFileByPath('companies/Nova.md')).not.toBeNull());
    buttons[1]!.click();
    buttons[2]!.click();
    buttons[3]!.click();
    await vi.waitFor(() => expect(notices).toHaveLength(2));
    expect(notices[0]).toContain('is not a valid note name');
    expect(app.vault.getFiles().map((f) => f.path).sort()).toEqual(['Companies/Acme.md', 'People/Alice Chen.md', 'companies/Nova.md']);
  });
});
