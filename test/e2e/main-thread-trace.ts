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
  args?: { name?: string; data?: { functionName?: string; url?: string; lineNumber?: number; type?: string } };
}

export interface MainThreadTrace {
  tasks: number;
  /** Longest task, wall clock (ms). */
  longestWallMs: number;
  /** Longest task, main-thread CPU time (ms). */
  longestCpuMs: number;
  /** What ran inside the longest task (by CPU): its largest nested trace events, e.g. `FunctionCall onMessage main.js:12 (40 ms)`. */
  longestWhat?: string;
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
  const cpu = (t: TraceEvent): number => (t.tdur ?? t.dur ?? 0) / 1000;
  const longest = tasks.reduce<TraceEvent | null>((a, t) => (a === null || cpu(t) > cpu(a) ? t : a), null);
  return {
    result,
    trace: {
      longestWhat: longest ? describeTask(longest, events) : undefined,
      tasks: tasks.length,
      longestWallMs: Math.max(0, ...tasks.map((t) => (t.dur ?? 0) / 1000)),
      longestCpuMs: Math.max(0, ...tasks.map((t) => (t.tdur ?? t.dur ?? 0) / 1000)),
    },
  };
}

/** The largest events nested in `task` on its thread, with the function or event type they name. */
function describeTask(task: TraceEvent, events: TraceEvent[]): string {
  const end = task.ts + (task.dur ?? 0);
  const inner = events
    .filter((e) => e !== task && e.pid === task.pid && e.tid === task.tid && e.ph === 'X' && e.ts >= task.ts && e.ts < end && e.name !== 'RunTask')
    .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
    .slice(0, 4);
  return inner
    .map((e) => {
      const d = e.args?.data;
      const where = d?.functionName || d?.url ? ` ${d.functionName ?? ''}${d.url ? ` ${d.url.split('/').pop()}:${d.lineNumber ?? ''}` : ''}` : d?.type ? ` ${d.type}` : '';
      return `${e.name}${where} (${((e.dur ?? 0) / 1000).toFixed(0)} ms)`;
    })
    .join('; ');
}
