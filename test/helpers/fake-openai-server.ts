// A real HTTP server on 127.0.0.1 speaking the OpenAI wire format, for provider tests.
// `startFakeServer` is a tiny router with failure knobs; `startFakeOpenAIServer` adds
// POST /v1/embeddings. Other routes (e.g. /v1/chat/completions) can be added with `route()`.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** Parsed JSON body, or the raw text when it is not JSON. */
  body: unknown;
}

export interface RouteContext {
  req: RecordedRequest;
  res: ServerResponse;
  json: (status: number, body: unknown, headers?: Record<string, string>) => void;
}

export type RouteHandler = (ctx: RouteContext) => void | Promise<void>;

export interface FailureSpec {
  status: number;
  /** Value of the Retry-After header, e.g. '0' or '2'. */
  retryAfter?: string;
  /** Value of the retry-after-ms header. */
  retryAfterMs?: string;
  body?: unknown;
}

export interface FakeServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** `${origin}/v1`, what the SDKs take as baseURL. */
  baseURL: string;
  /** Every request received, in order (including failed ones). */
  requests: RecordedRequest[];
  route: (method: string, path: string, handler: RouteHandler) => void;
  /** The next `count` requests (any route) answer with this failure. */
  failNext: (count: number, failure: FailureSpec) => void;
  /** The next `count` requests get their connection destroyed without a response. */
  dropNext: (count: number) => void;
  /** Forgets the failures still queued by failNext. */
  clearFailures: () => void;
  /** Delay before every response, in ms. */
  setDelay: (ms: number) => void;
  close: () => Promise<void>;
}

const MAX_BODY_BYTES = 32 * 1024 * 1024;

export async function startFakeServer(): Promise<FakeServer> {
  const routes = new Map<string, RouteHandler>();
  const requests: RecordedRequest[] = [];
  const failures: FailureSpec[] = [];
  let drops = 0;
  let delayMs = 0;

  const server = createServer((req, res) => {
    void handle(req, res);
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      const buf = chunk as Buffer;
      size += buf.length;
      if (size > MAX_BODY_BYTES) {
        res.writeHead(413).end();
        return;
      }
      chunks.push(buf);
    }
    const text = Buffer.concat(chunks).toString('utf8');
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // keep raw text
    }
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const recorded: RecordedRequest = { method: req.method ?? 'GET', path, headers: req.headers, body };
    requests.push(recorded);
    if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
    const json = (status: number, payload: unknown, headers: Record<string, string> = {}): void => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(payload));
    };
    if (drops > 0) {
      drops--;
      req.socket.destroy();
      return;
    }
    const failure = failures.shift();
    if (failure) {
      const headers: Record<string, string> = {};
      if (failure.retryAfter !== undefined) headers['retry-after'] = failure.retryAfter;
      if (failure.retryAfterMs !== undefined) headers['retry-after-ms'] = failure.retryAfterMs;
      json(failure.status, failure.body ?? { error: { message: `injected ${failure.status}`, type: 'fake_error' } }, headers);
      return;
    }
    const handler = routes.get(`${recorded.method} ${path}`);
    if (!handler) {
      json(404, { error: { message: `no route ${recorded.method} ${path}`, type: 'invalid_request_error' } });
      return;
    }
    try {
      await handler({ req: recorded, res, json });
    } catch (err) {
      if (!res.headersSent) json(500, { error: { message: String(err), type: 'server_error' } });
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    baseURL: `${origin}/v1`,
    requests,
    route(method, path, handler) {
      routes.set(`${method.toUpperCase()} ${path}`, handler);
    },
    failNext(count, failure) {
      for (let i = 0; i < count; i++) failures.push(failure);
    },
    dropNext(count) {
      drops += count;
    },
    clearFailures() {
      failures.length = 0;
    },
    setDelay(ms) {
      delayMs = ms;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
}

/** Deterministic unit vector for a text (FNV-1a seed, xorshift stream), the fake model's output. */
export function fakeEmbeddingVector(text: string, dims: number): Float32Array {
  let seed = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) seed = Math.imul(seed ^ text.charCodeAt(i), 0x01000193);
  seed = seed >>> 0 || 1;
  const v = new Float32Array(dims);
  let sum = 0;
  for (let d = 0; d < dims; d++) {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    seed >>>= 0;
    v[d] = seed / 0xffffffff - 0.5;
    sum += v[d]! * v[d]!;
  }
  const norm = Math.sqrt(sum) || 1;
  for (let d = 0; d < dims; d++) v[d] = v[d]! / norm;
  return v;
}

export interface FakeOpenAIOptions {
  /** Vector size when the request has no `dimensions` (default 16). */
  nativeDims?: number;
  /** Ignore the request's encoding_format and always reply in this one (like some local servers). */
  forceEncoding?: 'float' | 'base64';
  /** Reply with `data` in reverse order (the `index` field stays correct). */
  reverseOrder?: boolean;
}

export interface FakeOpenAIServer extends FakeServer {
  options: FakeOpenAIOptions;
  /** Recorded embedding requests' inputs, one array per request (only successful ones). */
  embeddingInputs: () => string[][];
}

function encodeBase64Float32(v: Float32Array): string {
  const buf = Buffer.alloc(v.length * 4);
  v.forEach((x, i) => buf.writeFloatLE(x, i * 4));
  return buf.toString('base64');
}

export async function startFakeOpenAIServer(options: FakeOpenAIOptions = {}): Promise<FakeOpenAIServer> {
  const server = await startFakeServer();
  const served: string[][] = [];
  const fake: FakeOpenAIServer = Object.assign(server, { options, embeddingInputs: () => served });
  server.route('POST', '/v1/embeddings', ({ req, json }) => {
    const body = req.body as { input?: unknown; model?: unknown; dimensions?: unknown; encoding_format?: unknown } | undefined;
    const bad = (message: string): void => json(400, { error: { message, type: 'invalid_request_error', param: null, code: null } });
    if (!body || typeof body !== 'object') return bad('body must be JSON');
    if (typeof body.model !== 'string' || !body.model) return bad('model is required');
    const input = typeof body.input === 'string' ? [body.input] : body.input;
    if (!Array.isArray(input) || input.length === 0 || input.length > 2048) return bad('input must be a non-empty array');
    if (!input.every((t): t is string => typeof t === 'string' && t.length > 0)) return bad("'$.input' is invalid");
    const dims = body.dimensions === undefined ? (fake.options.nativeDims ?? 16) : body.dimensions;
    if (typeof dims !== 'number' || !Number.isInteger(dims) || dims < 1 || dims > 4096) return bad('bad dimensions');
    const requested = body.encoding_format ?? 'float';
    if (requested !== 'float' && requested !== 'base64') return bad('bad encoding_format');
    const encoding = fake.options.forceEncoding ?? requested;
    served.push(input);
    let data = input.map((text, index) => {
      const v = fakeEmbeddingVector(`${body.model as string}\u0000${text}`, dims);
      return { object: 'embedding', index, embedding: encoding === 'base64' ? encodeBase64Float32(v) : Array.from(v) };
    });
    if (fake.options.reverseOrder) data = data.reverse();
    const tokens = input.reduce((n, t) => n + Math.ceil(t.length / 4), 0);
    json(200, { object: 'list', data, model: body.model, usage: { prompt_tokens: tokens, total_tokens: tokens } });
  });
  return fake;
}
