// Browser end-to-end for providers that send no CORS headers (a local model server, a company proxy): the
// production main.js in headless Chromium (Debian's package), its brain in the real worker, configured through the
// plugin's settings to a fake OpenAI-compatible embeddings server and a fake chat server on 127.0.0.1 that answer
// no preflight and send no Access-Control-* header. The worker's own fetch cannot read them; embeddings go through
// the main thread's requestUrl (the harness shim sends it from Node, as Obsidian sends it from Electron), and
// think's stream, refused by the browser, is asked once unstreamed through requestUrl: think still answers.
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlmServer, type FakeLlmServer } from '../helpers/fake-llm-server';
import { startFakeOpenAIServer, type FakeOpenAIServer } from '../helpers/fake-openai-server';
import { MAIN_JS, startHarnessServer, type HarnessServer } from './harness-server';
import type { NoteInput } from './harness/page';
import { buildThinkPage } from './think/build-page';

const CHROMIUM = '/usr/bin/chromium';
const STEP_TIMEOUT_MS = 240_000;
const THINK_VIEW = 'vault-brain-think';
const QUESTION = 'Who founded Acme Robotics?';
const REPLY = 'Alice Chen founded Acme Robotics in 2019. [1]';

const NOTES: Record<string, string> = {
  'people/Alice Chen.md': '---\ntype: person\n---\n# Alice Chen\n\nAlice Chen founded [[Acme Robotics]] in 2019 and is its CEO.\n',
  'companies/Acme Robotics.md': '---\ntype: company\n---\n# Acme Robotics\n\nAcme Robotics builds warehouse robots in Berlin. Its founder is [[Alice Chen]].\n',
  'Private/Plan.md': '# Plan\n\nWho founded Acme Robotics? Acme Robotics secret SECRET-5151.\n',
};

interface PluginHandle {
  settings: Record<string, unknown>;
  saveSettings(): Promise<void>;
  activateView(type: string): Promise<{ ask(q: string): Promise<void> } | null>;
}

describe.skipIf(!existsSync(CHROMIUM))('providers without CORS headers, from the browser worker', () => {
  let server: HarnessServer;
  let llm: FakeLlmServer;
  let embeddings: FakeOpenAIServer;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];
  const requested: string[] = [];

  beforeAll(async () => {
    if (!existsSync(MAIN_JS)) throw new Error(`${MAIN_JS} is missing: run \`npm run build\` before the tests`);
    [server, llm, embeddings] = await Promise.all([buildThinkPage().then(startHarnessServer), startFakeLlmServer(), startFakeOpenAIServer()]);
    // No CORS at all: preflights answer 405 and no response carries Access-Control-Allow-Origin.
    llm.allowOrigin = null;
    llm.reply = () => REPLY;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
    // Requests are watched, not intercepted: Chromium sends an intercepted request without its CORS preflight,
    // and the browser's CORS check is what this test is about.
    context.on('request', (r) => requested.push(r.url()));
    page = await context.newPage();
    page.on('pageerror', (e) => pageErrors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') pageErrors.push(m.text());
    });
  }, STEP_TIMEOUT_MS);

  afterAll(async () => {
    await browser?.close();
    await Promise.all([server?.close(), llm?.close(), embeddings?.close()]);
  });

  const statusText = (): Promise<string> => page.evaluate(() => document.querySelector('.vb-status-bar')?.textContent ?? '');
  const pane = `[data-pane="${THINK_VIEW}"]`;
  /** The browser's own reports of the refused cross-origin stream (expected: that is the point). */
  const notCors = (errors: string[]): string[] => errors.filter((e) => !/CORS|Failed to load resource|ERR_FAILED/i.test(e));

  it('indexes with the embeddings endpoint through requestUrl', async () => {
    await page.goto(`${server.url}/?appId=e2enocors0001`);
    await page.waitForFunction(() => document.title === 'Vault-brain e2e ready');
    const notes: NoteInput[] = Object.entries(NOTES).map(([path, content]) => ({ path, content, mtime: Date.UTC(2025, 0, 1) }));
    expect(await page.evaluate((n) => window.__vb.setNotes(n), notes)).toBe(notes.length);
    await page.evaluate(() => window.__vb.loadPlugin({ layoutReady: false }));
    await page.evaluate(
      async ({ chat, emb }) => {
        const plugin = window.__vb.plugin as unknown as PluginHandle;
        Object.assign(plugin.settings, {
          embedder: 'openai',
          embedderBaseUrl: emb,
          embedderModel: 'emb-nocors',
          embedderDims: 8,
          embedderApiKey: 'sk-emb-e2e',
          llmProvider: 'openai',
          llmBaseUrl: chat,
          llmModel: 'chat-nocors',
          llmApiKey: 'sk-chat-e2e',
          exclude: ['Private'],
        });
        await plugin.saveSettings();
        window.__vb.app.workspace.markLayoutReady();
      },
      { chat: llm.baseURL, emb: embeddings.baseURL },
    );
    const started = Date.now();
    while (Date.now() - started < STEP_TIMEOUT_MS - 10_000) {
      const text = await statusText();
      if (text.startsWith('Brain: ready') || text.startsWith('Brain: error')) break;
      await page.waitForTimeout(100);
    }
    // Ready with semantic search on: every chunk was embedded through requestUrl.
    expect(await statusText()).toBe('Brain: ready');
    const inputs = embeddings.embeddingInputs().flat();
    expect(inputs.length).toBeGreaterThan(0);
    expect(inputs.join('\n')).not.toContain('SECRET-5151');
    const embedRequests = embeddings.requests.filter((r) => r.path === '/v1/embeddings');
    expect(embedRequests[0]!.headers.authorization).toBe('Bearer sk-emb-e2e');
    // None of them came from the browser: no preflight reached the server, and no request carried a page Origin.
    expect(embeddings.requests.some((r) => r.method === 'OPTIONS')).toBe(false);
    expect(embedRequests.some((r) => r.headers.origin !== undefined)).toBe(false);
    expect(notCors(pageErrors)).toEqual([]);
  }, STEP_TIMEOUT_MS);

  it('think answers: the stream the browser refuses is asked once unstreamed through requestUrl', async () => {
    await page.evaluate(
      async ({ q, type }) => {
        const plugin = window.__vb.plugin as unknown as PluginHandle;
        const view = await plugin.activateView(type);
        if (!view) throw new Error('no think view');
        const leaf = window.__vb.app.workspace.getLeavesOfType(type)[0]!;
        leaf.containerEl.dataset.pane = type;
        void view.ask(q);
      },
      { q: QUESTION, type: THINK_VIEW },
    );
    await page.waitForFunction((sel) => document.querySelector(`${sel} .vb-think-answer`) !== null, pane, { timeout: 60_000 });
    const done = await page.evaluate((sel) => {
      const root = document.querySelector(sel)!;
      return {
        answer: root.querySelector('.vb-think-answer')?.textContent ?? '',
        model: root.querySelector('.vb-think-model')?.textContent ?? '',
        fallback: root.querySelector('.vb-think-fallback')?.textContent ?? '',
        sentPaths: [...root.querySelectorAll('.vb-think-sent .vb-link-item')].map((e) => e.textContent ?? ''),
      };
    }, pane);
    expect(done.fallback).toBe('');
    expect(done.model).toBe('Answered by openai:chat-nocors.');
    expect(done.answer).toContain('Alice Chen founded Acme Robotics in 2019.');
    expect(done.sentPaths.some((p) => p.startsWith('Private/'))).toBe(false);
    // The browser sent the stream's preflight (refused: no CORS) and never the POST; the answer came from one
    // unstreamed call, sent from outside the browser with the key from the settings and no excluded note.
    expect(llm.requests.some((r) => r.method === 'OPTIONS' && r.path === '/v1/chat/completions')).toBe(true);
    expect(llm.calls).toHaveLength(1);
    expect(llm.calls[0]!).toMatchObject({ api: 'openai', model: 'chat-nocors', stream: false });
    expect(llm.calls[0]!.req.headers.authorization).toBe('Bearer sk-chat-e2e');
    expect(llm.calls[0]!.req.headers.origin).toBeUndefined();
    expect(llm.calls[0]!.user).not.toContain('SECRET-5151');
    expect(notCors(pageErrors)).toEqual([]);
  }, STEP_TIMEOUT_MS);

  it('sent nothing anywhere but the page\'s server and the configured providers', () => {
    const allowed = [server.url, llm.origin, embeddings.origin, 'blob:', 'data:'];
    expect(requested.length).toBeGreaterThan(0);
    expect(requested.filter((u) => !allowed.some((a) => u.startsWith(a)))).toEqual([]);
  });
});
