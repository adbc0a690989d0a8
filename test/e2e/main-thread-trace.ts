// Main-thread task durations from a Chrome trace (CDP). The Long Tasks API reports wall time, which on a
// loaded machine includes time the renderer waited for a CPU; the trace also has each task's thread (CPU) time.
import type { Page } from 'playwright-core';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

export interface MainThreadTrace {
  tasks: number;
  /** Longest task, wall clock (ms). */
  longestWallMs: number;
  /** Longest task, main-thread CPU time (ms). */
  longestCpuMs: number;
}

export async function traceMainThread<T>(page: Page, fn: () => Promise<T>): Promise<{ result: T; trace: MainThreadTrace }> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (d) => {
    events.push(...(d.value as unknown as TraceEvent[]));
  });
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  // RunTask events (with thread time) are in the disabled-by-default timeline category.
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
  let result: T;
  try {
    result = await fn();
  } finally {
    await cdp.send('Tracing.end');
    await complete;
    await cdp.detach();
  }
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const tasks = events.filter((e) => main && e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.name === 'RunTask');
  return {
    result,
    trace: {
      tasks: tasks.length,
      longestWallMs: Math.max(0, ...tasks.map((t) => (t.dur ?? 0) / 1000)),
      longestCpuMs: Math.max(0, ...tasks.map((t) => (t.tdur ?? t.dur ?? 0) / 1000)),
    },
  };
}
