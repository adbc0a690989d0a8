// A small vault with typed links, timelines, an excluded folder and a file outside the vault, shared by the
// MCP tests. Every test file makes its own copy (the brain takes a single-writer lock on its database).
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export const NOTES: Record<string, string> = {
  'people/Alice Chen.md':
    '---\ntype: person\naliases: [Alice]\n---\n# Alice Chen\n\nAlice Chen founded [[Acme Robotics]] in 2019 and still leads it.\n\n## Timeline\n\n- 2019-04-02: Founded Acme Robotics.\n- 2023-09-15: Spoke at RoboConf.\n',
  'people/Bob Li.md': '---\ntype: person\n---\n# Bob Li\n\nBob Li works at [[Acme Robotics]] as a senior engineer. He also advises [[Beta Labs]].\n',
  'people/Carol Diaz.md': '---\ntype: person\n---\n# Carol Diaz\n\nCarol Diaz invested in [[Acme Robotics]] through her fund.\n',
  'companies/Acme Robotics.md':
    '---\ntype: company\n---\n# Acme Robotics\n\nAcme builds warehouse robots. See [[Beta Labs]] for a competitor and [[Knowledge Holes]] for open questions.\n\n## Timeline\n\n- 2020-03-01: Series A.\n',
  'companies/Beta Labs.md': '---\ntype: company\n---\n# Beta Labs\n\nBeta Labs makes lidar sensors.\n',
  'meetings/2024-05-01 Board.md':
    '---\ntype: meeting\nattendees: ["[[Alice Chen]]", "[[Bob Li]]"]\n---\n# Board meeting\n\nDiscussed the [[Acme Robotics]] roadmap.\n',
  // Reached in the graph only through the excluded note: must not appear in a remote traversal.
  'concepts/Zeta Project.md': '# Zeta Project\n\nA codename.\n',
  'private/Secret Plan.md': '# Secret Plan\n\nAcquire [[Acme Robotics]] quietly; run it as [[Zeta Project]]. SECRET-MARKER-7781\n',
};

export const OUTSIDE_SECRET = 'OUTSIDE-SECRET-4242';

export interface TestVault {
  root: string;
  vault: string;
  /** A file outside the vault that symlinks try to reach. */
  outsideFile: string;
  write(rel: string, content: string): Promise<void>;
  remove(): Promise<void>;
}

export async function makeVault(options: { excludePrivate?: boolean } = {}): Promise<TestVault> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'vb-mcp-'));
  const vault = path.join(root, 'vault');
  const outsideFile = path.join(root, 'outside', 'passwords.md');
  await fs.mkdir(path.dirname(outsideFile), { recursive: true });
  await fs.writeFile(outsideFile, `# Not yours\n\n${OUTSIDE_SECRET}\n`);
  const write = async (rel: string, content: string): Promise<void> => {
    const abs = path.join(vault, rel);
    await fs.mkdir(path.dirname(abs), { recursive: true });
    await fs.writeFile(abs, content);
  };
  for (const [rel, content] of Object.entries(NOTES)) await write(rel, content);
  if (options.excludePrivate) await write('.vault-brain/config.json', JSON.stringify({ exclude: ['private'], embedder: { kind: 'none' } }));
  // Retried: a CLI server a test just stopped may still be writing its clean-close mark into .vault-brain.
  return { root, vault, outsideFile, write, remove: () => fs.rm(root, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 }) };
}

/** The JSON a tool returned (the first text part). */
export function toolJson(result: unknown): Record<string, unknown> {
  const content = (result as { content?: { type: string; text?: string }[] }).content ?? [];
  const first = content[0];
  if (!first || first.type !== 'text' || first.text === undefined) throw new Error(`no text content in ${JSON.stringify(result)}`);
  return JSON.parse(first.text) as Record<string, unknown>;
}

export function toolText(result: unknown): string {
  const content = (result as { content?: { type: string; text?: string }[] }).content ?? [];
  return content.map((c) => c.text ?? '').join('\n');
}
