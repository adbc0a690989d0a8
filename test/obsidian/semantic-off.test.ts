// "Semantic search off: <reason>" in the status bar and the index status view, with a Retry: from the worker's
// reports (an embedder that could not be set up, the embeddings provider's circuit breaker, an index run's
// embedding error), over the fake worker client.
import { App, WorkspaceLeaf } from 'obsidian-test-mocks/obsidian';
import type { WorkspaceLeaf as ObsidianLeaf } from 'obsidian';
import { describe, expect, it, vi } from 'vitest';
import { BrainService } from '../../src/obsidian/plugin/brain-service';
import type { VaultBrainHost } from '../../src/obsidian/plugin/host';
import { mergeSettings } from '../../src/obsidian/plugin/settings';
import { statusText } from '../../src/obsidian/plugin/status-text';
import { IndexStatusView } from '../../src/obsidian/views/status-view';
import { FakeClient } from './fakes';

function setup(): { fake: FakeClient; brain: BrainService; view: IndexStatusView } {
  const app = App.createConfigured__({ files: { 'Notes/a.md': 'a' } });
  const fake = new FakeClient();
  fake.ops.set('status', () => ({ lastIndexedAt: null, indexed: 1, skipped: 0, failed: 0, withWarnings: 0, files: [], embedder: 'openai:emb' }));
  const brain = new BrainService({
    createClient: (events) => {
      fake.events = events;
      return Promise.resolve(fake);
    },
    vaultId: () => 'v1',
    workerSettings: () => ({ include: [], exclude: [], configDir: '.obsidian', embedder: { kind: 'openai', baseURL: 'http://127.0.0.1:9/v1', model: 'emb' }, codeChunking: false }),
    notify: () => undefined,
  });
  const host: VaultBrainHost = {
    app: app.asOriginalType__(),
    brain,
    settings: mergeSettings({}),
    saveSettings: () => Promise.resolve(),
    applyIndexSettings: () => Promise.resolve(),
    activateView: () => Promise.resolve(null),
  };
  const leaf = WorkspaceLeaf.create2__(app).asOriginalType__() as unknown as ObsidianLeaf;
  return { fake, brain, view: new IndexStatusView(leaf, host) };
}

const bar = (brain: BrainService): ReturnType<typeof statusText> => statusText(brain.state);

describe('semantic search off', () => {
  it('an embeddings provider that keeps failing: the bar says so, the view says why, Retry asks again and re-embeds', async () => {
    const { fake, brain, view } = setup();
    await brain.start();
    await vi.waitFor(() => expect(brain.state.kind).toBe('ready'));
    expect(bar(brain).text).toBe('Brain: ready');
    await view.onOpen();
    await vi.waitFor(() => expect(view.contentEl.querySelector('.vb-counts')).not.toBeNull());
    expect(view.contentEl.querySelector('.vb-semantic-off')).toBeNull();

    // The worker's breaker opened after three failed requests.
    fake.events!.onProvider!({ name: 'embeddings', state: 'open', failures: 3, reason: 'HTTP 503', retryInMs: 60_000 });
    expect(bar(brain)).toMatchObject({ text: 'Brain: ready · semantic search off', isError: false, isWarning: true });
    expect(bar(brain).tooltip.split('\n')[0]).toBe('Semantic search off: the embeddings provider failed 3 times in a row (HTTP 503); calls paused');
    // Other providers' breakers do not turn semantic search off.
    fake.events!.onProvider!({ name: 'chat', state: 'open', failures: 3, reason: 'timed out' });
    expect(brain.semanticOff).toMatch(/HTTP 503/);

    await vi.waitFor(() => expect(view.contentEl.querySelector('.vb-semantic-off')).not.toBeNull());
    const box = view.contentEl.querySelector('.vb-semantic-off')!;
    expect(box.textContent).toContain('Semantic search off: the embeddings provider failed 3 times in a row (HTTP 503); calls paused');
    const runsBefore = fake.callsOf('index').length;
    (box.querySelector('button.vb-semantic-retry') as HTMLButtonElement).click();
    await vi.waitFor(() => expect(fake.callsOf('retryProviders')).toHaveLength(1));
    // The retry runs an index pass, which embeds what is pending, and the line goes away.
    await vi.waitFor(() => expect(fake.callsOf('index').length).toBe(runsBefore + 1));
    await vi.waitFor(() => expect(bar(brain).text).toBe('Brain: ready'));
    await vi.waitFor(() => expect(view.contentEl.querySelector('.vb-semantic-off')).toBeNull());
  });

  it('an index run whose embedding failed says so until a clean run or the breaker closing', async () => {
    const { fake, brain } = setup();
    fake.embedResult = { embedded: 0, skipped: 0, failed: 5, aborted: false, error: new Error('connection failed (ECONNREFUSED)') };
    await brain.start();
    await vi.waitFor(() => expect(brain.state.kind).toBe('ready'));
    expect(brain.semanticOff).toBe('embedding failed in the last index run (connection failed (ECONNREFUSED))');
    expect(bar(brain).text).toBe('Brain: ready · semantic search off');
    fake.events!.onProvider!({ name: 'embeddings', state: 'closed', failures: 0 });
    expect(brain.semanticOff).toBeNull();
    expect(bar(brain).text).toBe('Brain: ready');
  });

  it('an embedder that could not be set up: Retry opens the brain again', async () => {
    const { fake, brain } = setup();
    fake.embedderError = 'embedder "openai" needs a base URL and a model';
    await brain.start();
    await vi.waitFor(() => expect(brain.state.kind).toBe('ready'));
    expect(brain.semanticOff).toBe('the embedder could not be set up (embedder "openai" needs a base URL and a model)');
    fake.embedderError = undefined;
    await brain.retrySemantic();
    await vi.waitFor(() => expect(brain.state.kind).toBe('ready'));
    expect(fake.callsOf('open')).toHaveLength(2);
    expect(fake.callsOf('retryProviders')).toHaveLength(0);
    expect(brain.semanticOff).toBeNull();
  });
});
