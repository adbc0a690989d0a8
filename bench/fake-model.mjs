// A stand-in model server on 127.0.0.1 for benches (and tests), speaking the OpenAI wire formats search's model
// stages use: POST /v1/rerank ({model, query, documents} -> {results: [{index, relevance_score}]}) and
// POST /v1/chat/completions (unstreamed) for the chat reranker and query expansion, told apart by their system
// prompts. It behaves like a plain lexical model, never like an oracle: it sees only what the request carries (no
// answer key, no vault) and scores a passage by the question's words it contains, weighted by how rare each word is
// among the passages sent (a small BM25 without length normalisation, title words counted 1.5x). Its "rewrites"
// are the question's content words. A real model does better (synonyms, understanding); this shows the stages do
// not cost quality when the model is merely reasonable.
import { createServer } from 'node:http';

const STOP = new Set(
  'a about an and any are as at be by can could did do does for from get had has have how i if in into is it its me my no not of on or our should so than that the their them then there these they this to up was we were what when where which who whom why will with would you your want need way'.split(' '),
);
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu;

/** Lower-cased content words (a light plural/-ing/-ed fold) and CJK bigrams (single characters for one-character runs). */
export function terms(text) {
  const out = [];
  const lower = text.toLowerCase();
  for (const w of lower.replace(CJK, ' ').match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (w.length < 2 || STOP.has(w)) continue;
    out.push(w.replace(/(?:ing|ed|es|s)$/, '') || w);
  }
  for (const run of lower.match(CJK) ?? []) {
    const chars = Array.from(run);
    if (chars.length === 1) out.push(run);
    for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i] + chars[i + 1]);
  }
  return out;
}

/** Relevance of each document to the query: rare query terms found count most, terms in the first line 1.5x. */
export function overlapScores(query, documents) {
  const q = [...new Set(terms(query))];
  const docs = documents.map((d) => {
    const [head = '', ...rest] = String(d).split('\n');
    return { head: new Set(terms(head)), body: new Set(terms(rest.join('\n'))) };
  });
  const n = docs.length;
  return docs.map((d) =>
    q.reduce((s, t) => {
      const inHead = d.head.has(t);
      if (!inHead && !d.body.has(t)) return s;
      const df = docs.filter((x) => x.head.has(t) || x.body.has(t)).length;
      return s + Math.log(1 + (n - df + 0.5) / (df + 0.5)) * (inHead ? 1.5 : 1);
    }, 0),
  );
}

/** The chat reranker's prompt back into its question and passages (see src/core/search/chat-reranker.ts). */
function passagesOf(user) {
  const question = /^Question: (.*)$/m.exec(user)?.[1] ?? '';
  const passages = [...user.matchAll(/^\[(\d+)\] (.*)\n<<<\n([\s\S]*?)\n>>>$/gm)].map((m) => ({ n: Number(m[1]), text: `${m[2]}\n${m[3]}` }));
  return { question, passages };
}

function chatAnswer(system, user) {
  if (/You rank search results/.test(system)) {
    const { question, passages } = passagesOf(user);
    const scores = overlapScores(question, passages.map((p) => p.text));
    return passages
      .map((p, i) => ({ n: p.n, s: scores[i] }))
      .filter((x) => x.s > 0)
      .sort((a, b) => b.s - a.s || a.n - b.n)
      .map((x) => x.n)
      .join(', ');
  }
  if (/You rewrite a search question/.test(system)) {
    const question = /^Question: (.*)$/m.exec(user)?.[1] ?? '';
    const words = question.split(/[\s\p{P}]+/u).filter((w) => w && !STOP.has(w.toLowerCase()));
    return words.length > 0 ? words.join(' ') : '';
  }
  return 'I only rank and rewrite.';
}

/** Starts the server; `calls` counts requests per path. */
export async function startFakeModel() {
  const calls = {};
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      calls[req.url] = (calls[req.url] ?? 0) + 1;
      let body;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        body = null;
      }
      const json = (status, payload) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      if (req.method === 'POST' && req.url === '/v1/rerank' && body && Array.isArray(body.documents)) {
        const scores = overlapScores(String(body.query ?? ''), body.documents);
        return json(200, { model: body.model, results: scores.map((relevance_score, index) => ({ index, relevance_score })) });
      }
      if (req.method === 'POST' && req.url === '/v1/chat/completions' && body && Array.isArray(body.messages)) {
        const text = (role) => body.messages.filter((m) => m.role === role).map((m) => String(m.content)).join('\n');
        const content = chatAnswer(text('system'), text('user'));
        return json(200, {
          id: 'chatcmpl-fake',
          object: 'chat.completion',
          created: 1_700_000_000,
          model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        });
      }
      json(404, { error: { message: `no route ${req.method} ${req.url}` } });
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    calls,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
