// The worker forwards index progress a few times a second, not once per file (each report is a message and a
// status-bar repaint on Obsidian's main thread); phase starts and phase ends always go through.
import { describe, expect, it } from 'vitest';
import { throttleProgress } from '../../src/obsidian/worker/progress-throttle';

describe('progress throttle', () => {
  it('forwards the first report of each phase, its end, and otherwise one per interval', () => {
    let t = 0;
    const sent: string[] = [];
    const report = throttleProgress<{ phase: string; done: number; total: number }>((p) => sent.push(`${p.phase} ${p.done}/${p.total}`), () => t, 100);
    report({ phase: 'scan', done: 0, total: 0 });
    for (let i = 0; i <= 1000; i++) {
      t += 1; // one file a millisecond
      report({ phase: 'index', done: i, total: 1000 });
    }
    report({ phase: 'resolve', done: 0, total: 1 });
    report({ phase: 'embed', done: 0, total: 50 });
    t += 5;
    report({ phase: 'embed', done: 50, total: 50 });
    expect(sent[0]).toBe('scan 0/0');
    expect(sent[1]).toBe('index 0/1000');
    expect(sent.slice(-4)).toEqual(['index 1000/1000', 'resolve 0/1', 'embed 0/50', 'embed 50/50']);
    const index = sent.filter((s) => s.startsWith('index'));
    // 1000 ms of reports at one per 100 ms, plus the end: about 11, never one per file.
    expect(index.length).toBeGreaterThanOrEqual(10);
    expect(index.length).toBeLessThanOrEqual(12);
  });
});
