import { afterEach, describe, expect, it } from 'vitest';
import { createRpcEndpoint, RpcError, withTransfer, type HandlerContext, type RpcEndpoint } from '../../src/obsidian/protocol/rpc';

// Two sides of a real MessageChannel (structured clone, transfer, async delivery), as between plugin and worker.
interface ServerApi {
  add(p: { a: number; b: number }): Promise<number>;
  fail(p: { message: string; code?: string }): Promise<never>;
  throwString(p: Record<string, never>): Promise<never>;
  slow(p: { ms: number }): Promise<string>;
  bytes(p: { n: number }): Promise<Uint8Array>;
  echo(p: unknown): Promise<unknown>;
  notCloneable(p: Record<string, never>): Promise<unknown>;
  askBack(p: { x: number }): Promise<number>;
}
interface ClientApi {
  double(p: { x: number }): Promise<number>;
}
interface ServerEvents {
  progress: { done: number };
}
interface ClientEvents {
  ping: string;
}

const channels: MessageChannel[] = [];
afterEach(() => {
  for (const c of channels.splice(0)) {
    c.port1.close();
    c.port2.close();
  }
});

function setup(): {
  client: RpcEndpoint<ServerApi, ServerEvents, ClientEvents>;
  server: RpcEndpoint<ClientApi, ClientEvents, ServerEvents>;
  aborted: string[];
} {
  const channel = new MessageChannel();
  channels.push(channel);
  const aborted: string[] = [];
  const server: RpcEndpoint<ClientApi, ClientEvents, ServerEvents> = createRpcEndpoint<ClientApi, ClientEvents, ServerEvents, ServerApi>(channel.port2, {
    add: ({ a, b }) => a + b,
    fail: ({ message, code }) => {
      throw Object.assign(new TypeError(message), code ? { code } : {});
    },
    throwString: () => {
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- a non-Error throw must cross too
      throw 'plain string';
    },
    slow: ({ ms }, ctx: HandlerContext) =>
      new Promise<string>((resolve, reject) => {
        const t = setTimeout(() => resolve('finished'), ms);
        ctx.signal.addEventListener('abort', () => {
          clearTimeout(t);
          aborted.push('slow');
          reject(new Error('aborted'));
        });
      }),
    bytes: ({ n }) => {
      const out = new Uint8Array(n).fill(7);
      return withTransfer(out, [out.buffer]);
    },
    echo: (p) => p,
    notCloneable: () => ({ fn: () => 1 }),
    askBack: async ({ x }): Promise<number> => (await server.call('double', { x })) + 1,
  });
  const client = createRpcEndpoint<ServerApi, ServerEvents, ClientEvents, ClientApi>(channel.port1, {
    double: ({ x }) => x * 2,
  });
  return { client, server, aborted };
}

describe('rpc endpoint over a MessageChannel', () => {
  it('calls methods and returns results', async () => {
    const { client } = setup();
    expect(await client.call('add', { a: 2, b: 3 })).toBe(5);
    const data = { nested: [1, 'two', { three: new Date(3) }], map: new Map([['k', 1]]) };
    expect(await client.call('echo', data)).toEqual(data);
  });

  it('matches many concurrent responses to their calls by id', async () => {
    const { client } = setup();
    const calls = Array.from({ length: 200 }, (_, i) => client.call('add', { a: i, b: 1000 }));
    const slowFirst = client.call('slow', { ms: 30 });
    expect(await Promise.all(calls)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1000));
    expect(await slowFirst).toBe('finished');
    expect(client.pendingCalls).toBe(0);
  });

  it('serializes errors with name, message, code and the remote stack', async () => {
    const { client } = setup();
    const err = await client.call('fail', { message: 'bad input', code: 'E_BAD' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RpcError);
    expect(err).toMatchObject({ name: 'TypeError', message: 'bad input', code: 'E_BAD' });
    expect((err as RpcError).remoteStack).toContain('bad input');
    await expect(client.call('throwString', {})).rejects.toMatchObject({ name: 'Error', message: 'plain string' });
  });

  it('rejects unknown methods, including inherited names', async () => {
    const { client } = setup();
    const c = client as unknown as RpcEndpoint<Record<string, (p: unknown) => Promise<unknown>>, object, object>;
    await expect(c.call('nope', {})).rejects.toMatchObject({ name: 'RpcMethodNotFound' });
    await expect(c.call('toString', {})).rejects.toMatchObject({ name: 'RpcMethodNotFound' });
    await expect(c.call('__proto__', {})).rejects.toMatchObject({ name: 'RpcMethodNotFound' });
  });

  it('turns a result that cannot be cloned into an error instead of hanging', async () => {
    const { client } = setup();
    await expect(client.call('notCloneable', {})).rejects.toMatchObject({ name: 'DataCloneError' });
  });

  it('rejects a call whose params cannot be cloned', async () => {
    const { client } = setup();
    await expect(client.call('echo', { f: () => 1 })).rejects.toThrow();
    expect(client.pendingCalls).toBe(0);
  });

  it('aborts a call on both sides', async () => {
    const { client, aborted } = setup();
    const controller = new AbortController();
    const p = client.call('slow', { ms: 5000 }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(p).rejects.toThrow();
    await new Promise((r) => setTimeout(r, 20));
    expect(aborted).toEqual(['slow']);
    const pre = new AbortController();
    pre.abort(new Error('already'));
    await expect(client.call('add', { a: 1, b: 1 }, { signal: pre.signal })).rejects.toThrow('already');
  });

  it('times out and tells the other side to stop', async () => {
    const { client, aborted } = setup();
    await expect(client.call('slow', { ms: 5000 }, { timeoutMs: 30 })).rejects.toMatchObject({ name: 'RpcTimeoutError' });
    await new Promise((r) => setTimeout(r, 20));
    expect(aborted).toEqual(['slow']);
  });

  it('transfers buffers returned with withTransfer', async () => {
    const { client } = setup();
    const bytes = await client.call('bytes', { n: 1 << 20 });
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect(bytes.length).toBe(1 << 20);
    expect(bytes[12345]).toBe(7);
  });

  it('lets the serving side call back while handling a request', async () => {
    const { client } = setup();
    expect(await client.call('askBack', { x: 20 })).toBe(41);
  });

  it('pushes events both ways and unsubscribes', async () => {
    const { client, server } = setup();
    const got: number[] = [];
    const pings: string[] = [];
    const off = client.on('progress', (p) => got.push(p.done));
    server.on('ping', (s) => pings.push(s));
    server.emit('progress', { done: 1 });
    server.emit('progress', { done: 2 });
    client.emit('ping', 'hello');
    await client.call('add', { a: 0, b: 0 }); // a round trip: earlier messages were delivered
    off();
    server.emit('progress', { done: 3 });
    await client.call('add', { a: 0, b: 0 });
    expect(got).toEqual([1, 2]);
    expect(pings).toEqual(['hello']);
  });

  it('keeps working when a listener throws', async () => {
    const { client, server } = setup();
    const got: number[] = [];
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      client.on('progress', () => {
        throw new Error('listener bug');
      });
      client.on('progress', (p) => got.push(p.done));
      server.emit('progress', { done: 9 });
      await client.call('add', { a: 0, b: 0 });
    } finally {
      console.error = original;
    }
    expect(got).toEqual([9]);
    expect(errors).toHaveLength(1);
  });

  it('ignores messages that are not its own', async () => {
    const channel = new MessageChannel();
    channels.push(channel);
    const client = createRpcEndpoint<ServerApi>(channel.port1);
    createRpcEndpoint<object, object, object, Pick<ServerApi, 'add'>>(channel.port2, { add: ({ a, b }) => a + b });
    channel.port2.postMessage({ t: 'res', id: 1, r: 'forged' });
    channel.port2.postMessage('garbage');
    channel.port2.postMessage(null);
    expect(await client.call('add', { a: 1, b: 2 })).toBe(3);
  });

  it('fails pending calls on failPending and on close', async () => {
    const { client } = setup();
    const a = client.call('slow', { ms: 5000 });
    client.failPending(new Error('worker crashed'));
    await expect(a).rejects.toThrow('worker crashed');
    const b = client.call('slow', { ms: 5000 });
    client.close();
    await expect(b).rejects.toMatchObject({ name: 'RpcClosedError' });
    await expect(client.call('add', { a: 1, b: 1 })).rejects.toMatchObject({ name: 'RpcClosedError' });
  });

  it('aborts running handlers when the serving side closes', async () => {
    const { client, server, aborted } = setup();
    const p = client.call('slow', { ms: 5000 }, { timeoutMs: 300 });
    await new Promise((r) => setTimeout(r, 20));
    server.close();
    expect(aborted).toEqual(['slow']);
    await expect(p).rejects.toMatchObject({ name: 'RpcTimeoutError' });
  });
});
