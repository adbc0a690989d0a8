// The worker script's bootstrap: inflates the embedded code and runs it once through importScripts.
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodeBinaryText } from '../../scripts/asset-codec.mjs';
import { inflateWorkerCode, runEmbeddedWorker, type EmbeddedCode } from '../../src/obsidian/assets/worker-bootstrap';

function embed(code: string): EmbeddedCode {
  const bytes = Buffer.from(code, 'utf8');
  const stored = deflateRawSync(bytes);
  return { size: bytes.length, storedBytes: stored.length, text: encodeBinaryText(new Uint8Array(stored)) };
}

const code = `self.ran = (self.ran || 0) + 1; self.text = ${JSON.stringify('é"\\\n'.repeat(500))};`;

describe('worker bootstrap', () => {
  it('inflates the code to its UTF-8 bytes', () => {
    expect(Buffer.from(inflateWorkerCode(embed(code))).toString('utf8')).toBe(code);
    expect(inflateWorkerCode(embed('')).length).toBe(0);
  });

  it('runs the code once from a blob URL and revokes it, even when the code throws', async () => {
    const loaded: string[] = [];
    runEmbeddedWorker({ assets: {}, worker: embed(code) }, { importScripts: (url) => void loaded.push(url) });
    expect(loaded).toHaveLength(1);
    expect(loaded[0]).toMatch(/^blob:/);
    // Revoked after the (synchronous) load: nothing can be fetched from it any more.
    const { resolveObjectURL } = await import('node:buffer');
    expect(resolveObjectURL(loaded[0]!)).toBeUndefined();
    let thrownFrom = '';
    expect(() =>
      runEmbeddedWorker({ assets: {}, worker: embed(code) }, {
        importScripts: (url) => {
          thrownFrom = url;
          throw new Error('syntax error in worker');
        },
      }),
    ).toThrow(/syntax error/);
    expect(resolveObjectURL(thrownFrom)).toBeUndefined();
  });

  it('fails loudly on corrupt, truncated or mislabelled code instead of running garbage', () => {
    const good = embed(code);
    const run = (worker: EmbeddedCode): void => runEmbeddedWorker({ assets: {}, worker }, { importScripts: () => undefined });
    expect(() => run({ ...good, text: good.text.slice(0, good.text.length >> 1) })).toThrow();
    expect(() => run({ ...good, size: good.size + 1 })).toThrow(/expected/);
    expect(() => run({ ...good, text: '\u0100'.repeat(good.text.length) })).toThrow(/unexpected character/);
    const noise = { size: 1000, storedBytes: 400, text: encodeBinaryText(new Uint8Array(400).map((_, i) => (i * 97 + 13) & 0xff)) };
    expect(() => run(noise)).toThrow();
  });
});
