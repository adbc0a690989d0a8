// A local chat model on 127.0.0.1 speaking the real wire formats: OpenAI `POST /v1/chat/completions` (JSON or
// SSE `data: {...}` chunks ending in `data: [DONE]`) and Anthropic `POST /v1/messages` (JSON or SSE events
// message_start / content_block_* / message_delta / message_stop). What it answers is scripted per test.
import type { ServerResponse } from 'node:http';
import { startFakeServer, type FakeServer, type RecordedRequest } from './fake-openai-server';

export interface ChatCall {
  api: 'openai' | 'anthropic';
  model: string;
  system: string;
  user: string;
  stream: boolean;
  req: RecordedRequest;
}

export interface FakeLlmServer extends FakeServer {
  /** What the model says; default: a fixed line citing excerpt 1. */
  reply: (call: ChatCall) => string;
  /** Characters per streamed chunk (default 7). */
  chunkChars: number;
  /** Pause after the first streamed chunk, in ms (a model that stalls mid-answer). */
  stallMs: number;
  calls: ChatCall[];
  /**
   * The browser origin allowed to call the model (CORS, answered preflights included), for browser tests whose
   * worker calls this server; null (the default) sends no CORS headers, as before.
   */
  allowOrigin: string | null;
}

export async function startFakeLlmServer(): Promise<FakeLlmServer> {
  const server = await startFakeServer();
  const fake = Object.assign(server, {
    reply: (): string => 'The notes say something. [1]',
    chunkChars: 7,
    stallMs: 0,
    calls: [] as ChatCall[],
    allowOrigin: null,
  }) as FakeLlmServer;

  const cors = (res: ServerResponse): void => {
    if (fake.allowOrigin) res.setHeader('access-control-allow-origin', fake.allowOrigin);
  };
  for (const path of ['/v1/chat/completions', '/v1/messages']) {
    server.route('OPTIONS', path, ({ req, res }) => {
      if (!fake.allowOrigin) {
        res.writeHead(405).end();
        return;
      }
      const asked = req.headers['access-control-request-headers'];
      res.writeHead(204, {
        'access-control-allow-origin': fake.allowOrigin,
        'access-control-allow-methods': 'POST',
        'access-control-allow-headers': typeof asked === 'string' ? asked : 'content-type, authorization',
        'access-control-max-age': '60',
      });
      res.end();
    });
  }

  const pieces = (text: string): string[] => {
    const out: string[] = [];
    const chars = Array.from(text);
    for (let i = 0; i < chars.length; i += fake.chunkChars) out.push(chars.slice(i, i + fake.chunkChars).join(''));
    return out;
  };
  const streamOut = async (res: ServerResponse, events: string[]): Promise<void> => {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    for (let i = 0; i < events.length; i++) {
      if (res.destroyed) return;
      res.write(events[i]);
      if (i === 1 && fake.stallMs > 0) await new Promise((r) => setTimeout(r, fake.stallMs));
    }
    res.end();
  };

  server.route('POST', '/v1/chat/completions', async ({ req, res, json }) => {
    cors(res);
    const body = req.body as { model?: unknown; messages?: { role: string; content: unknown }[]; stream?: unknown } | undefined;
    if (!body || typeof body.model !== 'string' || !Array.isArray(body.messages)) {
      return json(400, { error: { message: 'model and messages are required', type: 'invalid_request_error' } });
    }
    const text = (role: string): string => body.messages!.filter((m) => m.role === role).map((m) => String(m.content)).join('\n');
    const call: ChatCall = { api: 'openai', model: body.model, system: text('system'), user: text('user'), stream: body.stream === true, req };
    fake.calls.push(call);
    const answer = fake.reply(call);
    const base = { id: 'chatcmpl-fake', created: 1_700_000_000, model: body.model };
    if (!call.stream) {
      return json(200, {
        ...base,
        object: 'chat.completion',
        choices: [{ index: 0, message: { role: 'assistant', content: answer }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
      });
    }
    const chunk = (delta: Record<string, unknown>, finish: string | null): string =>
      `data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    await streamOut(res, [chunk({ role: 'assistant', content: '' }, null), ...pieces(answer).map((p) => chunk({ content: p }, null)), chunk({}, 'stop'), 'data: [DONE]\n\n']);
  });

  server.route('POST', '/v1/messages', async ({ req, res, json }) => {
    cors(res);
    const body = req.body as { model?: unknown; system?: unknown; messages?: { role: string; content: unknown }[]; stream?: unknown; max_tokens?: unknown } | undefined;
    if (!req.headers['x-api-key'] && !req.headers.authorization) return json(401, { type: 'error', error: { type: 'authentication_error', message: 'missing API key' } });
    if (!req.headers['anthropic-version']) return json(400, { type: 'error', error: { type: 'invalid_request_error', message: 'anthropic-version header is required' } });
    if (!body || typeof body.model !== 'string' || !Array.isArray(body.messages) || typeof body.max_tokens !== 'number') {
      return json(400, { type: 'error', error: { type: 'invalid_request_error', message: 'model, messages and max_tokens are required' } });
    }
    const user = body.messages.filter((m) => m.role === 'user').map((m) => String(m.content)).join('\n');
    const call: ChatCall = { api: 'anthropic', model: body.model, system: typeof body.system === 'string' ? body.system : '', user, stream: body.stream === true, req };
    fake.calls.push(call);
    const answer = fake.reply(call);
    const message = { id: 'msg_fake', type: 'message', role: 'assistant', model: body.model, stop_sequence: null };
    if (!call.stream) {
      return json(200, { ...message, content: [{ type: 'text', text: answer }], stop_reason: 'end_turn', usage: { input_tokens: 10, output_tokens: 10 } });
    }
    const event = (name: string, data: Record<string, unknown>): string => `event: ${name}\ndata: ${JSON.stringify({ type: name, ...data })}\n\n`;
    await streamOut(res, [
      event('message_start', { message: { ...message, content: [], stop_reason: null, usage: { input_tokens: 10, output_tokens: 1 } } }),
      event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
      event('ping', {}),
      ...pieces(answer).map((p) => event('content_block_delta', { index: 0, delta: { type: 'text_delta', text: p } })),
      event('content_block_stop', { index: 0 }),
      event('message_delta', { delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 10 } }),
      event('message_stop', {}),
    ]);
  });
  return fake;
}
