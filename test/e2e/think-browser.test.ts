// Browser end-to-end for think with a model: the production main.js in headless Chromium (Debian's package),
// its brain in the real worker, configured through the plugin's settings to a local fake OpenAI-compatible chat
// server on 127.0.0.1. The worker calls the model with its own fetch and the think pane shows the text as it
// streams, then the verified answer; a failing model leaves one line saying why no model was used.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { collectPageErrors, hasChromium, launchChromium } from './chromium';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlmServer, type FakeLlmServer } from '../helpers/fake-llm-server';
import { ARTIFACTS, shootDocImage } from './doc-images';
import { MAIN_JS, startHarnessServer, type HarnessServer } from './harness-server';
import type { NoteInput } from './harness/page';
import { buildThinkPage } from './think/build-page';
import { askInThinkPane, THINK_PANE, waitForBrain, type PluginHandle } from './think/drive';

const STEP_TIMEOUT_MS = 240_000;
const QUESTION = 'Who founded Acme Robotics?';
const REPLY = 'Alice Chen founded Acme Robotics in 2019. [1]\nAcme Robotics builds warehouse robots. [2]';

const NOTES: Record<string, string> = {
  'people/Alice Chen.md': '---\ntype: person\n---\n# Alice Chen\n\nAlice Chen founded [[Acme Robotics]] in 2019 and is its CEO. She often mentions [[Nova Labs]].\n',
  'companies/Acme Robotics.md': '---\ntype: company\n---\n# Acme Robotics\n\nAcme Robotics builds warehouse robots in Berlin. Its founder is [[Alice Chen]].\n',
  'people/Bob Li.md': '# Bob Li\n\nBob Li works at [[Acme Robotics]] as an engineer.\n',
  'Private/Plan.md': '# Plan\n\nWho founded Acme Robotics? Acme Robotics secret SECRET-4242.\n',
};


describe.skipIf(!hasChromium)('think pane with a model, in a browser', () => {
  let server: HarnessServer;
  let llm: FakeLlmServer;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    if (!existsSync(MAIN_JS)) throw new Error(`${MAIN_JS} is missing: run \`npm run build\` before the tests`);
    [server, llm] = await Promise.all([buildThinkPage().then(startHarnessServer), startFakeLlmServer()]);
    // The worker runs on the harness page's origin; the model server is another origin, as a real one is.
    llm.allowOrigin = server.url;
    llm.reply = () => REPLY;
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
    // Only the page's own server and the local model: anything else would be a runtime download or a leak.
    const allowed = [server.url, llm.origin, 'blob:'];
    await context.route('**/*', (route) => (allowed.some((a) => route.request().url().startsWith(a)) ? route.continue() : route.abort()));
    page = await context.newPage();
    collectPageErrors(page, pageErrors);
    mkdirSync(ARTIFACTS, { recursive: true });
  }, STEP_TIMEOUT_MS);

  afterAll(async () => {
    await browser?.close();
    await Promise.all([server?.close(), llm?.close()]);
  });

  const pane = THINK_PANE;
  const ask = (question: string): Promise<void> => askInThinkPane(page, question);

  it('opens the brain with the model settings from the plugin settings', async () => {
    await page.goto(`${server.url}/?appId=e2ethink0001`);
    await page.waitForFunction(() => document.title === 'Vault-brain e2e ready');
    const notes: NoteInput[] = Object.entries(NOTES).map(([path, content]) => ({ path, content, mtime: Date.UTC(2025, 0, 1) }));
    expect(await page.evaluate((n) => window.__vb.setNotes(n), notes)).toBe(notes.length);
    await page.evaluate(() => window.__vb.loadPlugin({ layoutReady: false }));
    await page.evaluate(async (baseURL) => {
      const plugin = window.__vb.plugin as unknown as PluginHandle;
      Object.assign(plugin.settings, { llmProvider: 'openai', llmBaseUrl: baseURL, llmModel: 'chat-e2e', llmApiKey: 'sk-e2e-key', exclude: ['Private'] });
      await plugin.saveSettings();
      window.__vb.app.workspace.markLayoutReady();
    }, llm.baseURL);
    expect(await waitForBrain(page, STEP_TIMEOUT_MS - 10_000)).toBe('Brain: ready');
    expect(pageErrors).toEqual([]);
  }, STEP_TIMEOUT_MS);

  it('streams the model answer into the think pane, then shows the verified answer with citations', async () => {
    llm.chunkChars = 6;
    // The model pauses after its first words, so the pane is seen mid-stream.
    llm.stallMs = 2_000;
    await ask(QUESTION);
    await page.waitForFunction((sel) => (document.querySelector(`${sel} .vb-think-stream`)?.textContent ?? '').length > 0, pane, { timeout: 60_000 });
    const partial = await page.evaluate((sel) => ({
      stream: document.querySelector(`${sel} .vb-think-stream`)?.textContent ?? '',
      status: document.querySelector(`${sel} .vb-think-status`)?.textContent ?? '',
      answer: document.querySelector(`${sel} .vb-think-answer`) !== null,
    }), pane);
    expect(REPLY.replace('\n', '').startsWith(partial.stream)).toBe(true);
    expect(partial.stream.length).toBeLessThan(REPLY.length);
    expect(partial.status).toBe('The model is answering…');
    expect(partial.answer).toBe(false);
    await page.locator(pane).screenshot({ path: join(ARTIFACTS, 'think-pane-streaming.png') });

    await page.waitForFunction((sel) => document.querySelector(`${sel} .vb-think-answer`) !== null, pane, { timeout: 60_000 });
    const done = await page.evaluate((sel) => {
      const root = document.querySelector(sel)!;
      return {
        stream: root.querySelector('.vb-think-stream') !== null,
        answer: root.querySelector('.vb-think-answer')?.textContent ?? '',
        cited: [...root.querySelectorAll('.vb-think-answer a.internal-link')].map((a) => a.getAttribute('data-href') ?? ''),
        answers: root.querySelectorAll('.vb-think-answer').length,
        model: root.querySelector('.vb-think-model')?.textContent ?? '',
        fallback: root.querySelectorAll('.vb-think-fallback').length,
        sent: root.querySelector('.vb-think-sent summary')?.textContent ?? '',
        sentPaths: [...root.querySelectorAll('.vb-think-sent .vb-link-item')].map((e) => e.textContent ?? ''),
        gaps: [...root.querySelectorAll('.vb-gap-create')].map((e) => e.textContent ?? ''),
      };
    }, pane);
    expect(done.stream).toBe(false);
    expect(done.answers).toBe(1);
    // The model's [n] became [[note|title]] links to the excerpts it cited (drawn as links by the renderer).
    expect(done.answer).toContain('Alice Chen founded Acme Robotics in 2019.');
    expect(done.cited.length).toBeGreaterThan(0);
    expect(done.cited.every((p) => done.sentPaths.some((s) => s.includes(p.replace(/^.*\//, ''))))).toBe(true);
    expect(done.answer).not.toContain('[1]');
    expect(done.model).toBe('Answered by openai:chat-e2e.');
    expect(done.fallback).toBe(0);
    expect(done.sent).toBe(`Notes sent to the model provider (${done.sentPaths.length})`);
    expect(done.sentPaths.length).toBeGreaterThan(0);
    expect(done.sentPaths.some((p) => p.startsWith('Private/'))).toBe(false);
    expect(done.gaps).toEqual(['Create Nova Labs']);
    await page.locator(pane).screenshot({ path: join(ARTIFACTS, 'think-pane.png') });

    // What reached the model: one streamed call with the key from the settings, and no excluded note.
    expect(llm.calls).toHaveLength(1);
    expect(llm.calls[0]!).toMatchObject({ api: 'openai', model: 'chat-e2e', stream: true });
    expect(llm.calls[0]!.req.headers.authorization).toBe('Bearer sk-e2e-key');
    expect(llm.calls[0]!.user).not.toContain('SECRET-4242');
    expect(pageErrors).toEqual([]);
  }, STEP_TIMEOUT_MS);

  it('creates the missing note a gap names', async () => {
    await page.locator(`${pane} .vb-gap-create`).click();
    await page.waitForFunction(() => window.__vb.app.vault.getFileByPath('Nova Labs.md') !== null, undefined, { timeout: 10_000 });
    expect(await page.evaluate(() => window.__vbPanes.opened.at(-1)?.path)).toBe('Nova Labs.md');
    expect(pageErrors).toEqual([]);
  }, STEP_TIMEOUT_MS);

  it('falls back to the notes with one line saying why when the model fails', async () => {
    llm.stallMs = 0;
    llm.calls.length = 0;
    // The server answers 500 (with its CORS headers: a failure the browser lets the worker read).
    llm.reply = () => {
      throw new Error('model overloaded');
    };
    await ask(QUESTION);
    // The pane is a thread: the first answer stays above the second.
    await page.waitForFunction((sel) => document.querySelectorAll(`${sel} .vb-think-turn .vb-think-answer`).length === 2, pane, { timeout: 60_000 });
    expect(await page.locator(`${pane} .vb-think-question`).allTextContents()).toEqual([QUESTION, QUESTION]);
    expect(await page.locator(`${pane} .vb-think-save`).count()).toBe(2);
    const text = await page.locator(`${pane} .vb-think-turn`).nth(1).textContent();
    expect((text ?? '').split('No model was used').length - 1).toBe(1);
    const fallback = await page.locator(`${pane} .vb-think-turn`).nth(1).locator('.vb-think-fallback').textContent();
    expect(fallback).toMatch(/^No model was used: the model call failed \(HTTP 500.*\)\. This answer is assembled from your notes\.$/);
    expect(await page.locator(`${pane} .vb-think-turn`).nth(1).locator('.vb-think-model').count()).toBe(0);
    await shootDocImage(page, pane, 'think-thread.png');
    // The browser reports the failed request on the console; nothing else may have gone wrong.
    expect(pageErrors.filter((e) => !/status of 500/.test(e))).toEqual([]);
  }, STEP_TIMEOUT_MS);
});
