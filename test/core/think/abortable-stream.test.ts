// A model stream whose next read never comes: think's timeout must end the read, and the request must be closed.
import { describe, expect, it } from 'vitest';
import { untilAborted } from '../../../src/core/think/providers/abortable-stream';

function stalledAfter(first: string[]): AsyncIterable<string> & { controller: AbortController } {
  const controller = new AbortController();
  return {
    controller,
    async *[Symbol.asyncIterator]() {
      yield* first;
      // A body that stalls and ignores every signal.
      await new Promise(() => undefined);
    },
  };
}

describe('untilAborted', () => {
  it('ends a read stalled inside the stream when the signal aborts, and aborts the stream', async () => {
    const stream = stalledAfter(['a', 'b']);
    const signal = AbortSignal.timeout(100);
    const seen: string[] = [];
    const started = Date.now();
    await expect(
      (async () => {
        for await (const x of untilAborted(stream, signal)) seen.push(x);
      })(),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(seen).toEqual(['a', 'b']);
    expect(stream.controller.signal.aborted).toBe(true);
  });

  it('reads a stream to its end without touching its controller', async () => {
    const controller = new AbortController();
    const stream = Object.assign((async function* () { yield* ['x', 'y', 'z']; })(), { controller });
    const seen: string[] = [];
    for await (const x of untilAborted(stream, new AbortController().signal)) seen.push(x);
    expect(seen).toEqual(['x', 'y', 'z']);
    expect(controller.signal.aborted).toBe(false);
  });

  it('refuses at once when the signal was already aborted', async () => {
    const stream = stalledAfter(['a']);
    const c = new AbortController();
    c.abort(new Error('gone'));
    await expect((async () => { for await (const _ of untilAborted(stream, c.signal)) void _; })()).rejects.toThrow('gone');
  });
});
