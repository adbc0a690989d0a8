// Browser end-to-end for providers that send no CORS headers (a local model server, a company proxy): the
// production main.js in headless Chromium (Debian's package), its brain in the real worker, configured through the
// plugin's settings to a fake OpenAI-compatible embeddings server and a fake chat server on 127.0.0.1 that answer
// no preflight and send no Access-Control-* header. The worker's own fetch cannot read them; embeddings go through
// the main thread's requestUrl (the harness shim sends it from Node, as Obsidian sends it from Electron), and
// think's stream, refused by the browser, is asked once unstreamed through requestUrl: think still answers. Then the
// embeddings endpoint fails: the status bar and the index status view say semantic search is off and why, and
// the view's Retry brings it back once the endpoint answers again.
import { existsSync } from 'node:fs';
import { type Browser, type Page } from 'playwright-core';
import { collectPageErrors, hasChromium, launchChromium } from './chromium';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlmServer, type FakeLlmServer } from '../helpers/fake-llm-server';
import { startFakeOpenAIServer, type FakeOpenAIServer } from '../helpers/fake-openai-server';
import { MAIN_JS, startHarnessServer, type HarnessServer } from './harness-server';
import type { NoteInput } from './harness/page';
import { buildThinkPage } from './think/build-page';
import { askInThinkPane, THINK_PANE, waitForBrain, type PluginHandle } from './think/drive';

const STEP_TIMEOUT_MS = 240_000;
const QUESTION = 'Who founded Acme Robotics?';
const REPLY = 'Alice Chen founded Acme Robotics in 2019. [1]';

const NOTES: Record<string, string> = {
  'people/Alice Chen.md': '---\ntype: person\n---\n# Alice Chen\n\nAlice Chen founded [[Acme Robotics]] in 2019 and is its CEO.\n',
  'companies/Acme Robotics.md': '---\ntype: company\n---\n# Acme Robotics\n\nAcme Robotics builds warehouse robots in Berlin. Its founder is [[Alice Chen]].\n',
  'Private/Plan.md': '# Plan\n\nWho founded Acme Robotics? Acme Robotics secret SECRET-5151.\n',
};

describe.skipIf(!hasChromium)('providers without CORS headers, from the browser worker', () => {
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
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
    // Requests are watched, not intercepted: Chromium sends an intercepted request without its CORS preflight,
    // and the browser's CORS check is what this test is about.
    context.on('request', (r) => requested.push(r.url()));
    page = await context.newPage();
    collectPageErrors(page, pageErrors);
  }, STEP_TIMEOUT_MS);

  afterAll(async () => {
    await browser?.close();
    await Promise.all([server?.close(), llm?.close(), embeddings?.close()]);
  });

  const pane = THINK_PANE;
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
    // Ready with semantic search on: every chunk was embedded through requestUrl.
    expect(await waitForBrain(page, STEP_TIMEOUT_MS - 10_000)).toBe('Brain: ready');
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
    await askInThinkPane(page, QUESTION);
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

  it('an embeddings provider that keeps failing turns semantic search off visibly, and Retry brings it back', async () => {
    // A new embedding model re-embeds every chunk; the endpoint answers 503 to all of it.
    embeddings.failNext(1000, { status: 503 });
    await page.evaluate(async () => {
      const plugin = window.__vb.plugin as unknown as PluginHandle;
      plugin.settings.embedderModel = 'emb-nocors-2';
      await plugin.saveSettings();
      await plugin.applyIndexSettings();
    });
    expect(await waitForBrain(page, STEP_TIMEOUT_MS - 30_000)).toBe('Brain: ready · semantic search off');
    const tooltip = await page.evaluate(() => document.querySelector('.vb-status-bar')?.getAttribute('aria-label') ?? '');
    expect(tooltip.split('\n')[0]).toBe('Semantic search off: the embeddings provider failed 3 times in a row (HTTP 503); calls paused');
    // The index status view says the same, with a Retry.
    await page.evaluate(() => (window.__vb.plugin as unknown as PluginHandle).activateView('vault-brain-status'));
    await page.waitForFunction(() => document.querySelector('.vb-semantic-off') !== null, undefined, { timeout: 60_000 });
    expect(await page.locator('.vb-semantic-off span').textContent()).toMatch(/^Semantic search off: the embeddings provider failed 3 times in a row \(HTTP 503\)/);
    // The provider is back; Retry asks it at once (not after the cool-down) and embeds what was pending.
    embeddings.clearFailures();
    const before = embeddings.embeddingInputs().length;
    await page.locator('.vb-semantic-off button.vb-semantic-retry').click();
    await page.waitForFunction(() => document.querySelector('.vb-status-bar')?.textContent === 'Brain: ready', undefined, { timeout: 120_000 });
    expect(embeddings.embeddingInputs().length).toBeGreaterThan(before);
    expect(embeddings.requests.filter((r) => r.path === '/v1/embeddings').at(-1)!.body).toMatchObject({ model: 'emb-nocors-2' });
    await page.waitForFunction(() => document.querySelector('.vb-semantic-off') === null, undefined, { timeout: 60_000 });
    expect(notCors(pageErrors)).toEqual([]);
  }, STEP_TIMEOUT_MS);

  it('sent nothing anywhere but the page\'s server and the configured providers', () => {
    const allowed = [server.url, llm.origin, embeddings.origin, 'blob:', 'data:'];
    expect(requested.length).toBeGreaterThan(0);
    expect(requested.filter((u) => !allowed.some((a) => u.startsWith(a)))).toEqual([]);
  });
});
