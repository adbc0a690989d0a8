// A small hand-written vault held in memory, indexed through the real pipeline into a real PGlite engine.
import { Brain } from '../../../src/core/brain';
import type { Embedder } from '../../../src/core/embed/embedder';
import { PGliteEngine } from '../../../src/core/engine/pglite/pglite-engine';
import { defaultRules, PathFilter } from '../../../src/core/index/path-rules';
import type { VaultFile, VaultSource } from '../../../src/core/index/vault-source';

export class MemoryVault implements VaultSource {
  private readonly files = new Map<string, { bytes: Uint8Array; mtime: number }>();

  constructor(files: Record<string, string>) {
    for (const [p, text] of Object.entries(files)) this.files.set(p, { bytes: new TextEncoder().encode(text), mtime: 1_700_000_000_000 });
  }

  list(): Promise<VaultFile[]> {
    return Promise.resolve([...this.files].map(([path, f]) => ({ path, mtime: f.mtime, size: f.bytes.length })));
  }

  read(path: string): Promise<Uint8Array> {
    const f = this.files.get(path);
    return f ? Promise.resolve(f.bytes) : Promise.reject(new Error(`no file ${path}`));
  }

  stat(path: string): Promise<VaultFile | null> {
    const f = this.files.get(path);
    return Promise.resolve(f ? { path, mtime: f.mtime, size: f.bytes.length } : null);
  }
}

export async function indexedBrain(files: Record<string, string>, embedder: Embedder | null, exclude: string[] = []): Promise<{ brain: Brain; engine: PGliteEngine }> {
  const engine = await PGliteEngine.open({});
  const rules = defaultRules('.obsidian');
  const brain = new Brain({ engine, source: new MemoryVault(files), filter: new PathFilter({ include: [], exclude: [...rules.exclude, ...exclude] }), embedder });
  await brain.index();
  return { brain, engine };
}

/** Notes about people, companies and meetings, in English and Chinese, with typed links of every kind. */
export const PEOPLE_VAULT: Record<string, string> = {
  'people/Alice Chen.md': `---
type: person
aliases: [Alice]
tags: [person, founder]
---
# Alice Chen

Alice Chen co-founded [[Acme Robotics]] in 2019 and works at [[Acme Robotics]] as CTO.
`,
  'people/Bob Li.md': `---
type: person
---
# Bob Li

Bob Li advises [[Acme Robotics]] on hardware. Bob invested in [[Borealis Labs]] last year.
`,
  'people/Carol Diaz.md': `---
type: person
---
# Carol Diaz

Carol Diaz worked at [[Acme Robotics]] until 2021. Carol now works at [[Borealis Labs]].
`,
  'people/Dan Park.md': `---
type: person
company: "[[Acme Robotics]]"
---
# Dan Park

Dan Park works at [[Acme Robotics]] as a robotics engineer.
`,
  'people/Erin Wu.md': `# Erin Wu

Erin handles sales in Europe.
`,
  'companies/Acme Robotics.md': `---
type: company
key_people: ["[[Alice Chen]]", "[[Erin Wu]]"]
investors: ["[[Northwind Ventures]]"]
tags: [company]
---
# Acme Robotics

Acme Robotics builds warehouse robots and the fleet software that coordinates them.
`,
  'companies/Northwind Ventures.md': `---
type: company
---
# Northwind Ventures

Northwind Ventures invested in [[Acme Robotics]] in 2020.
`,
  'companies/Borealis Labs.md': `---
type: company
---
# Borealis Labs

Borealis Labs makes lidar sensors.
`,
  'meetings/2024-03-05 Acme board meeting.md': `---
type: meeting
attendees: ["[[Alice Chen]]", "[[Bob Li]]"]
---
# 2024-03-05 Acme board meeting

Budget review for the next year.
`,
  'people/王伟.md': `---
type: person
---
# 王伟

王伟于2016年创立了[[星辰科技]]，现任首席执行官。
`,
  'people/李娜.md': `---
type: person
---
# 李娜

李娜在[[星辰科技]]工作，担任首席技术官。她同时是[[Acme Robotics]]的顾问。
`,
  'companies/星辰科技.md': `---
type: company
---
# 星辰科技

星辰科技是一家位于深圳的仓储机器人公司。
`,
  'companies/青禾创投.md': `---
type: company
---
# 青禾创投

青禾创投投资了[[星辰科技]]。
`,
  'meetings/2024-11-20 星辰科技合作会议.md': `---
type: meeting
attendees: ["[[王伟]]", "[[Alice Chen]]"]
---
# 2024-11-20 星辰科技合作会议

讨论欧洲市场的合作。
`,
};
