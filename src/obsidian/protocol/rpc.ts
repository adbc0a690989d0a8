// A small typed RPC over anything that posts messages (a Worker, the worker's global scope, a MessagePort).
// The same endpoint runs on both sides: each side serves handlers and calls the other's. Requests carry ids,
// errors cross as plain objects and are rethrown as RpcError, calls can be aborted, a handler can send
// progress for the call it serves (e.g. streamed model text), and one-way events can be pushed either way. Messages of other senders on the same port are ignored.

/** The subset of Worker / DedicatedWorkerGlobalScope / MessagePort used here. */
export interface RpcPort {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  /** MessagePorts deliver nothing until started. */
  start?(): void;
}

export interface HandlerContext {
  /** Aborted when the caller aborts the call or the endpoint closes. */
  signal: AbortSignal;
  /** Sends progress to the caller of this call (its `onProgress`); dropped once the call is over. */
  progress(data: unknown): void;
}

/** An API is an object type of one-parameter methods; handlers also receive a HandlerContext. */
export type Api = object;
export type Params<F> = F extends (params: infer P, ...rest: never[]) => unknown ? P : never;
export type Result<F> = F extends (...args: never[]) => infer R ? Awaited<R> : never;
export type Methods<A extends Api> = { [K in keyof A]: A[K] extends (...args: never[]) => unknown ? K : never }[keyof A] & string;
export type Handlers<A extends Api> = {
  [K in Methods<A>]: (
    params: Params<A[K]>,
    ctx: HandlerContext,
  ) => Result<A[K]> | Promise<Result<A[K]>> | Transfer<Result<A[K]>> | Promise<Transfer<Result<A[K]>>>;
};
/** Event name -> payload type. */
export type EventMap = object;

export interface SerializedError {
  name: string;
  message: string;
  stack?: string;
  code?: string;
}

export class RpcError extends Error {
  readonly code?: string;
  readonly remoteStack?: string;
  constructor(e: SerializedError) {
    super(e.message);
    this.name = e.name;
    this.code = e.code;
    this.remoteStack = e.stack;
  }
}

/** A value sent with a transfer list (its buffers move instead of being copied). */
export class Transfer<T> {
  constructor(
    readonly value: T,
    readonly transfer: Transferable[],
  ) {}
}

export function withTransfer<T>(value: T, transfer: Transferable[]): Transfer<T> {
  return new Transfer(value, transfer);
}

export interface CallOptions {
  signal?: AbortSignal;
  transfer?: Transferable[];
  /** Rejects with an RpcError named 'RpcTimeoutError' (the remote side is told to abort). */
  timeoutMs?: number;
  /** Receives what the handler sends with `ctx.progress`, in order, before the call settles. */
  onProgress?: (data: unknown) => void;
}

export interface RpcEndpoint<Remote extends Api, InEvents extends EventMap, OutEvents extends EventMap> {
  call<K extends Methods<Remote>>(method: K, params: Params<Remote[K]>, options?: CallOptions): Promise<Result<Remote[K]>>;
  emit<K extends keyof OutEvents & string>(event: K, data: OutEvents[K], transfer?: Transferable[]): void;
  /** Subscribes to an event; returns the unsubscribe function. */
  on<K extends keyof InEvents & string>(event: K, listener: (data: InEvents[K]) => void): () => void;
  /** Rejects every pending call with `error` (e.g. the worker crashed); the endpoint stays usable. */
  failPending(error: Error): void;
  /** Stops listening, aborts running handlers and rejects pending calls. */
  close(): void;
  readonly pendingCalls: number;
}

const TAG = 'vault-brain-rpc/1';

type Wire =
  | { tag: typeof TAG; t: 'req'; id: number; m: string; p: unknown }
  | { tag: typeof TAG; t: 'res'; id: number; r: unknown }
  | { tag: typeof TAG; t: 'err'; id: number; e: SerializedError }
  | { tag: typeof TAG; t: 'cancel'; id: number }
  | { tag: typeof TAG; t: 'prog'; id: number; d: unknown }
  | { tag: typeof TAG; t: 'evt'; n: string; d: unknown };

interface Pending {
  onProgress?: (data: unknown) => void;
  resolve(value: unknown): void;
  reject(error: Error): void;
  cleanup(): void;
}

export function serializeError(err: unknown): SerializedError {
  if (err instanceof Error) {
    const code = (err as { code?: unknown }).code;
    return { name: err.name, message: err.message, stack: err.stack, ...(typeof code === 'string' ? { code } : {}) };
  }
  return { name: 'Error', message: typeof err === 'string' ? err : safeString(err) };
}

function safeString(v: unknown): string {
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return Object.prototype.toString.call(v);
  }
}

function isWire(data: unknown): data is Wire {
  return typeof data === 'object' && data !== null && (data as { tag?: unknown }).tag === TAG;
}

/**
 * Connects to `port`. `Remote` is the API the other side serves, `Local` the one served here by `handlers`;
 * `InEvents` / `OutEvents` are the events received / emitted.
 */
export function createRpcEndpoint<
  Remote extends Api,
  InEvents extends EventMap = object,
  OutEvents extends EventMap = object,
  Local extends Api = object,
>(port: RpcPort, handlers?: Handlers<Local>): RpcEndpoint<Remote, InEvents, OutEvents> {
  const table = (handlers ?? {}) as Record<string, ((params: unknown, ctx: HandlerContext) => unknown) | undefined>;
  const pending = new Map<number, Pending>();
  const running = new Map<number, AbortController>();
  const listeners = new Map<string, Set<(data: unknown) => void>>();
  let nextId = 1;
  let closed = false;

  const send = (msg: Wire, transfer?: Transferable[]): void => {
    if (transfer && transfer.length > 0) port.postMessage(msg, transfer);
    else port.postMessage(msg);
  };

  const serve = async (id: number, method: string, params: unknown): Promise<void> => {
    const controller = new AbortController();
    running.set(id, controller);
    let settled = false;
    const progress = (data: unknown): void => {
      if (!settled && !closed && !controller.signal.aborted) send({ tag: TAG, t: 'prog', id, d: data });
    };
    try {
      const fn = Object.prototype.hasOwnProperty.call(table, method) ? table[method] : undefined;
      if (typeof fn !== 'function') {
        throw Object.assign(new Error(`unknown method "${method}"`), { name: 'RpcMethodNotFound' });
      }
      const out = await fn.call(table, params, { signal: controller.signal, progress });
      settled = true;
      if (closed) return;
      if (out instanceof Transfer) send({ tag: TAG, t: 'res', id, r: out.value }, out.transfer);
      else send({ tag: TAG, t: 'res', id, r: out });
    } catch (err) {
      settled = true;
      if (closed) return;
      try {
        send({ tag: TAG, t: 'err', id, e: serializeError(err) });
      } catch (postErr) {
        send({ tag: TAG, t: 'err', id, e: serializeError(postErr) });
      }
    } finally {
      running.delete(id);
    }
  };

  const onMessage = (event: MessageEvent): void => {
    const msg: unknown = event.data;
    if (!isWire(msg)) return;
    switch (msg.t) {
      case 'req':
        void serve(msg.id, msg.m, msg.p);
        break;
      case 'res':
      case 'err': {
        const p = pending.get(msg.id);
        if (!p) return;
        pending.delete(msg.id);
        p.cleanup();
        if (msg.t === 'res') p.resolve(msg.r);
        else p.reject(new RpcError(msg.e));
        break;
      }
      case 'cancel':
        running.get(msg.id)?.abort();
        break;
      case 'prog': {
        const onProgress = pending.get(msg.id)?.onProgress;
        if (!onProgress) return;
        try {
          onProgress(msg.d);
        } catch (err) {
          console.error('vault-brain: a progress listener failed', err);
        }
        break;
      }
      case 'evt':
        for (const l of listeners.get(msg.n) ?? []) {
          try {
            l(msg.d);
          } catch (err) {
            console.error(`vault-brain: listener of "${msg.n}" failed`, err);
          }
        }
        break;
    }
  };

  port.addEventListener('message', onMessage);
  port.start?.();

  const closedError = (): RpcError => new RpcError({ name: 'RpcClosedError', message: 'the RPC endpoint is closed' });

  return {
    call(method, params, options = {}) {
      if (closed) return Promise.reject(closedError());
      const { signal, transfer, timeoutMs, onProgress } = options;
      if (signal?.aborted) return Promise.reject(abortError(signal));
      const id = nextId++;
      return new Promise((resolve, reject) => {
        let timer: ReturnType<typeof globalThis.setTimeout> | undefined;
        const cancel = (error: Error): void => {
          if (!pending.has(id)) return;
          pending.delete(id);
          cleanup();
          send({ tag: TAG, t: 'cancel', id });
          reject(error);
        };
        const onAbort = (): void => cancel(abortError(signal));
        const cleanup = (): void => {
          if (timer !== undefined) globalThis.clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
        };
        pending.set(id, { onProgress, resolve, reject, cleanup });
        signal?.addEventListener('abort', onAbort, { once: true });
        if (timeoutMs !== undefined) {
          // globalThis, not window: this module also runs in the worker.
          timer = globalThis.setTimeout(
            () => cancel(new RpcError({ name: 'RpcTimeoutError', message: `${method} timed out after ${timeoutMs} ms` })),
            timeoutMs,
          );
        }
        try {
          send({ tag: TAG, t: 'req', id, m: method, p: params }, transfer);
        } catch (err) {
          pending.delete(id);
          cleanup();
          reject(err instanceof Error ? err : new Error(String(err)));
        }
      });
    },
    emit(event, data, transfer) {
      if (!closed) send({ tag: TAG, t: 'evt', n: event, d: data }, transfer);
    },
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      const l = listener as (data: unknown) => void;
      set.add(l);
      return () => set.delete(l);
    },
    failPending(error) {
      for (const [id, p] of pending) {
        pending.delete(id);
        p.cleanup();
        p.reject(error);
      }
    },
    close() {
      if (closed) return;
      closed = true;
      port.removeEventListener('message', onMessage);
      for (const c of running.values()) c.abort();
      running.clear();
      this.failPending(closedError());
      listeners.clear();
    },
    get pendingCalls() {
      return pending.size;
    },
  };
}

function abortError(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  if (reason instanceof Error) return reason;
  return new RpcError({ name: 'AbortError', message: 'the call was aborted' });
}
