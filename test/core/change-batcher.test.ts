import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChangeBatcher, type ChangeSink, type Timers } from '../../src/core/index/change-batcher';

const timers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms) as unknown as number,
  clear: (id) => clearTimeout(id),
};

class RecordingSink implements ChangeSink {
  calls: (['update', string[]] | ['rename', string, string])[] = [];
  delayMs = 0;
  failNext = false;
  async update(paths: string[]): Promise<void> {
    this.calls.push(['update', [...paths]]);
    if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
    if (this.failNext) {
      this.failNext = false;
      throw new Error('worker busy');
    }
  }
  async rename(from: string, to: string): Promise<void> {
    this.calls.push(['rename', from, to]);
    await Promise.resolve();
  }
  get updates(): string[][] {
    return this.calls.filter((c): c is ['update', string[]] => c[0] === 'update').map((c) => c[1]);
  }
}

function make(sink: ChangeSink, opts: Partial<ConstructorParameters<typeof ChangeBatcher>[1]> = {}): ChangeBatcher {
  return new ChangeBatcher(sink, { debounceMs: 1000, timers, now: () => Date.now(), ...opts });
}

describe('ChangeBatcher', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for a file to be quiet, then sends one update however many times it changed', async () => {
    const sink = new RecordingSink();
    const b = make(sink);
    for (let i = 0; i < 20; i++) {
      b.changed('notes/a.md');
      await vi.advanceTimersByTimeAsync(200);
    }
    expect(sink.calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sink.calls).toEqual([['update', ['notes/a.md']]]);
    expect(b.pendingCount).toBe(0);
  });

  it('turns a burst of 1,000 changes (a sync pull) into chunked batches, not 1,000 calls', async () => {
    const sink = new RecordingSink();
    const b = make(sink, { chunkSize: 200 });
    for (let i = 0; i < 1000; i++) b.changed(`sync/n${i}.md`);
    // Repeated events for the same files are coalesced.
    for (let i = 0; i < 1000; i += 3) b.changed(`sync/n${i}.md`);
    await vi.advanceTimersByTimeAsync(1500);
    expect(sink.updates).toHaveLength(5);
    expect(sink.updates.every((c) => c.length === 200)).toBe(true);
    expect(new Set(sink.updates.flat()).size).toBe(1000);
  });

  it('still indexes a file that never stops changing, after maxWait', async () => {
    const sink = new RecordingSink();
    const b = make(sink, { debounceMs: 500, maxWaitMs: 3000 });
    for (let t = 0; t < 3600; t += 100) {
      b.changed('typing.md');
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(sink.updates).toEqual([['typing.md']]);
  });

  it('debounces each file on its own: a quiet file is not held back by a busy one', async () => {
    const sink = new RecordingSink();
    const b = make(sink, { debounceMs: 1000, maxWaitMs: 60_000 });
    b.changed('quiet.md');
    for (let i = 0; i < 15; i++) {
      b.changed('busy.md');
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(sink.updates).toEqual([['quiet.md']]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sink.updates).toEqual([['quiet.md'], ['busy.md']]);
  });

  it('applies renames in order with updates, and folds a rename of a pending file into updates', async () => {
    const sink = new RecordingSink();
    const b = make(sink);
    b.renamed('old.md', 'new.md');
    await vi.advanceTimersByTimeAsync(0);
    expect(sink.calls).toEqual([['rename', 'old.md', 'new.md']]);

    b.changed('draft.md');
    b.renamed('draft.md', 'final.md');
    await vi.advanceTimersByTimeAsync(1100);
    expect(sink.calls.slice(1)).toEqual([['update', ['draft.md', 'final.md']]]);
    b.renamed('same.md', 'same.md');
    await vi.advanceTimersByTimeAsync(2000);
    expect(sink.calls).toHaveLength(2);
  });

  it('never runs two flushes at once: changes during a slow update wait their turn', async () => {
    const sink = new RecordingSink();
    sink.delayMs = 5000;
    let inFlight = 0;
    let maxInFlight = 0;
    const wrapped: ChangeSink = {
      update: async (p) => {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        try {
          await sink.update(p);
        } finally {
          inFlight--;
        }
      },
      rename: (a, c) => sink.rename(a, c),
    };
    const b = make(wrapped);
    b.changed('a.md');
    await vi.advanceTimersByTimeAsync(1100);
    b.changed('b.md');
    await vi.advanceTimersByTimeAsync(1100);
    b.changed('c.md');
    await vi.advanceTimersByTimeAsync(20_000);
    expect(maxInFlight).toBe(1);
    expect(sink.updates.flat().sort()).toEqual(['a.md', 'b.md', 'c.md']);
  });

  it('reports a failed update and keeps going', async () => {
    const sink = new RecordingSink();
    sink.failNext = true;
    const errors: string[] = [];
    const b = make(sink, { onError: (e, work) => errors.push(`${work}: ${(e as Error).message}`) });
    b.changed('a.md');
    await vi.advanceTimersByTimeAsync(1100);
    b.changed('b.md');
    await vi.advanceTimersByTimeAsync(1100);
    expect(errors).toEqual(['update 1 files: worker busy']);
    expect(sink.updates).toEqual([['a.md'], ['b.md']]);
  });

  it('flush() sends everything pending at once and resolves when done; dispose() drops the rest', async () => {
    const sink = new RecordingSink();
    const b = make(sink);
    b.changed('a.md');
    b.changed('b.md');
    await b.flush();
    expect(sink.updates).toEqual([['a.md', 'b.md']]);
    b.changed('c.md');
    b.dispose();
    b.changed('d.md');
    await vi.advanceTimersByTimeAsync(5000);
    expect(sink.updates).toEqual([['a.md', 'b.md']]);
  });

  it('ignores empty paths and picks up a new debounce delay', async () => {
    const sink = new RecordingSink();
    const b = make(sink);
    b.changed('');
    expect(b.pendingCount).toBe(0);
    b.setDebounce(100);
    b.changed('x.md');
    await vi.advanceTimersByTimeAsync(150);
    expect(sink.updates).toEqual([['x.md']]);
  });
});
