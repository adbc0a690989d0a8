// The think pane as a thread: the question box asks, answers accumulate until cleared, a follow-up anchors on
// the previous answer's first cited note, and each answer can be saved as a synthesis note.
import { App } from 'obsidian-test-mocks/obsidian';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThinkView } from '../../src/obsidian/views/think-view';
import { setupBrain } from './brain-setup';
import { FakeClient, thinkResult } from './fakes';

async function open(): Promise<{ app: App; fake: FakeClient; view: ThinkView }> {
  const { app, fake, brain, leaf } = setupBrain();
  await brain.start();
  fake.ops.set('think', (p) => thinkResult({ question: String(p.question), answer: `- About ${String(p.question)}. [[Companies/Acme|Acme]]`, markdown: `- About ${String(p.question)}. [[Companies/Acme|Acme]]`, citations: [{ path: 'Companies/Acme.md', line: 1, title: 'Acme' }] }));
  const view = new ThinkView(leaf, brain);
  await view.onOpen();
  return { app, fake, view };
}

const texts = (root: Element, sel: string): string[] => [...root.querySelectorAll(sel)].map((e) => e.textContent ?? '');

function askInBox(view: ThinkView, question: string): void {
  const box = view.contentEl.querySelector<HTMLTextAreaElement>('.vb-think-box')!;
  box.value = question;
  box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
}

describe('think thread', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks from the question box and keeps every answer until cleared', async () => {
    const { fake, view } = await open();
    askInBox(view, 'Who runs Acme?');
    await vi.waitFor(() => expect(view.thread[0]?.res).not.toBeNull());
    expect(view.contentEl.querySelector<HTMLTextAreaElement>('.vb-think-box')!.value).toBe('');
    // Shift+Enter is a new line, not a question.
    const box = view.contentEl.querySelector<HTMLTextAreaElement>('.vb-think-box')!;
    box.value = 'not yet';
    box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', shiftKey: true, bubbles: true }));
    expect(fake.callsOf('think')).toHaveLength(1);
    box.value = '';
    (view.contentEl.querySelector('.vb-think-submit') as HTMLElement).click();
    expect(fake.callsOf('think')).toHaveLength(1);
    await view.ask('And who invested?');
    expect(texts(view.contentEl, '.vb-think-question')).toEqual(['Who runs Acme?', 'And who invested?']);
    expect(view.contentEl.querySelectorAll('.vb-think-turn .vb-think-answer')).toHaveLength(2);
    expect(view.contentEl.querySelectorAll('.vb-think-save')).toHaveLength(2);
    (view.contentEl.querySelector('.vb-think-clear') as HTMLElement).click();
    expect(view.thread).toHaveLength(0);
    expect(view.contentEl.querySelectorAll('.vb-think-turn')).toHaveLength(0);
    expect(view.contentEl.querySelector('.vb-think-empty')).not.toBeNull();
  });

  it('a follow-up takes the previous answer\'s first cited note as its anchor', async () => {
    const { fake, view } = await open();
    await view.ask('Who runs Acme?');
    view.contentEl.querySelector<HTMLInputElement>('.vb-think-follow input')!.checked = true;
    askInBox(view, 'When was it founded?');
    await vi.waitFor(() => expect(view.thread[1]?.res).toBeTruthy());
    expect(fake.callsOf('think').map((c) => c[0])).toEqual([{ question: 'Who runs Acme?' }, { question: 'When was it founded?', anchor: 'Companies/Acme.md' }]);
    expect(view.contentEl.querySelector('.vb-think-anchor')?.textContent).toBe('Following up on Acme');
  });

  it('saves one answer as a synthesis note, never overwriting, and the button then opens it', async () => {
    const { app, view } = await open();
    await view.ask('Who runs Acme?');
    const save = view.contentEl.querySelector<HTMLButtonElement>('.vb-think-save')!;
    save.click();
    await vi.waitFor(() => expect(save.textContent).toMatch(/^Saved to Syntheses\/\d{4}-\d\d-\d\d Who runs Acme\.md$/));
    const path = save.textContent.replace('Saved to ', '');
    const text = await app.vault.read(app.vault.getFileByPath(path)!);
    expect(text).toContain('type: synthesis');
    expect(text).toContain('- About Who runs Acme?. [[Companies/Acme|Acme]]');
    expect(save.getAttribute('data-path')).toBe(path);
    await view.ask('Who runs Acme?');
    const second = view.contentEl.querySelectorAll<HTMLButtonElement>('.vb-think-save')[1]!;
    second.click();
    await vi.waitFor(() => expect(second.textContent).toBe(`Saved to ${path.replace(/\.md$/, ' 2.md')}`));
  });
});
