// The two held-out think cases from issue 11, offline: investors named only by links to missing notes on the
// company's page, and a works_at fact written on the employer's page that conflicts with the person's own note.
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Brain } from '../../../src/core/brain';
import { createRegistry } from '../../../src/core/ops';
import type { ThinkOpResult } from '../../../src/core/ops/think-op';
import { writeVaultFile } from '../../helpers/vault-files';
import { openBrainOver } from './sample-brain';

let brain: Brain;
let close: () => Promise<void>;
const registry = createRegistry();
const ask = async (question: string): Promise<ThinkOpResult> => registry.call('think', { question }, { brain, remote: false });

beforeAll(async () => {
  const vault = await fs.mkdtemp(path.join(os.tmpdir(), 'vb-typed-facts-'));
  await writeVaultFile(vault, 'companies/Nimbus Labs.md', '# Nimbus Labs\n\nNimbus Labs builds weather models for farms.\n\nIt raised a seed round led by [[Redwood Ventures]] and [[Kestrel Capital]].\n');
  await writeVaultFile(vault, 'people/Dana Kim.md', '# Dana Kim\n\nDana is CTO of [[Nimbus Labs]] and lives in Seoul.\n');
  await writeVaultFile(vault, 'companies/Orbit AI.md', '# Orbit AI\n\nOrbit AI trains small language models.\n\n[[Dana Kim]] works at Orbit AI as head of research.\n\n[[Lee Park]] left the company in 2022.\n');
  await writeVaultFile(vault, 'companies/星云科技.md', '# 星云科技\n\n由[[周启明]]于2018年创立。\n\n[[Dana Kim]]是我们的首席技术顾问。\n');
  ({ brain, close } = await openBrainOver(vault));
}, 120_000);
afterAll(async () => close());

describe('think answers from typed facts', () => {
  it('names investors that have no note yet, cited to the company page', async () => {
    const r = await ask('Who invested in Nimbus Labs?');
    const named = r.claims[0]!;
    expect(named.from).toBe('typed-facts');
    expect(named.text).toContain('[[Redwood Ventures]]');
    expect(named.text).toContain('[[Kestrel Capital]]');
    expect(named.citations.map((c) => [c.path, c.line])).toContainEqual(['companies/Nimbus Labs.md', 5]);
    // The sentence itself is among the gathered excerpts.
    expect(r.claims.some((c) => c.text.includes('raised a seed round led by'))).toBe(true);
  });

  it('reports the conflict between the person page and the employer page', async () => {
    const r = await ask('Where does Dana Kim work?');
    const conflict = r.gaps.find((g) => g.kind === 'conflict');
    expect(conflict?.detail).toMatch(/Dana Kim works at 2 different places/);
    expect(conflict?.detail).toMatch(/Nimbus Labs/);
    expect(conflict?.detail).toMatch(/Orbit AI/);
  });

  it('answers a Chinese relation question from a subject named on the object page', async () => {
    const r = await ask('谁创立了星云科技？');
    expect(r.claims[0]).toMatchObject({ from: 'typed-facts' });
    expect(r.claims[0]!.text).toContain('[[周启明]]');
  });

  it('a question about the present leaves out relations that ended', async () => {
    const now = await ask('Who works at Orbit AI?');
    expect(now.claims[0]!.text).toMatch(/Dana Kim/);
    expect(now.claims[0]!.text).not.toMatch(/Lee Park/);
    const ever = await ask('Who worked at Orbit AI?');
    expect(ever.claims[0]!.text).toMatch(/Lee Park/);
  });
});
