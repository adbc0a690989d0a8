// Checks link resolution on the real Obsidian Help vault (../shared/corpora/obsidian-help-en):
// how many links resolve, which do not and why, and whether backlinks of two notes match an independent
// count of linking notes (Obsidian's Backlinks pane shows one entry per linking note).
//   node bench/corpus-check.mjs [vault]
import { existsSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadLib } from './lib.mjs';

const vault = path.resolve(process.argv[2] ?? path.join(import.meta.dirname ?? '.', '..', '..', 'shared', 'corpora', 'obsidian-help-en'));
if (!existsSync(vault)) {
  console.log(`corpus not found at ${vault}; skipping`);
  process.exit(0);
}
const lib = await loadLib();
const filter = new lib.PathFilter(lib.defaultRules('.obsidian'));
const source = new lib.FsVaultSource(vault);
const resolver = await lib.buildVaultResolver(source, filter);
const files = (await source.list()).filter((f) => f.path.endsWith('.md'));

const bySource = new Map();
const unresolved = [];
let total = 0;
let resolved = 0;
for (const f of files) {
  const note = lib.parseNote(f.path, readFileSync(path.join(vault, f.path), 'utf8'), { resolver });
  for (const l of note.links) {
    total++;
    const s = bySource.get(l.source) ?? { total: 0, resolved: 0 };
    s.total++;
    if (l.target) {
      resolved++;
      s.resolved++;
    } else {
      unresolved.push({ from: f.path, raw: l.raw, target: l.targetText });
    }
    bySource.set(l.source, s);
  }
}
const isAttachment = (t) => /\.(png|jpe?g|gif|svg|webp|mp4|webm|mov|pdf|mp3|wav|ogg|m4a|avif|bmp)$/i.test(t);
const attachments = unresolved.filter((u) => isAttachment(u.target));
const notes = unresolved.filter((u) => !isAttachment(u.target));
console.log(`corpus-check: ${files.length} notes, ${total} links, ${resolved} resolved (${((resolved / total) * 100).toFixed(1)}%)`);
for (const [s, v] of bySource) console.log(`  ${s.padEnd(13)} ${v.resolved}/${v.total} resolved`);
console.log(`  unresolved: ${unresolved.length} = ${attachments.length} attachments (left out of this corpus on purpose) + ${notes.length} note links`);
const groups = new Map();
for (const u of notes) groups.set(u.target, [...(groups.get(u.target) ?? []), u.from]);
for (const [t, from] of [...groups].sort((a, b) => b[1].length - a[1].length)) {
  console.log(`    [[${t}]] x${from.length}  from ${[...new Set(from)].slice(0, 3).join(', ')}${from.length > 3 ? ', …' : ''}`);
}

// Backlinks through the real engine, against an independent scan of the raw text.
const db = path.join(os.tmpdir(), `vb-corpus-${process.pid}`);
rmSync(db, { recursive: true, force: true });
const opened = await lib.openNodeBrain({ vault, db, embedder: { kind: 'none' } });
await opened.brain.index();
for (const target of ['User interface/Settings.md', 'Plugins/Command palette.md']) {
  const rows = await opened.brain.engine.backlinks(target);
  const ours = new Set(rows.map((r) => r.from));
  const independent = independentBacklinks(target);
  const missing = [...independent].filter((p) => !ours.has(p));
  const extra = [...ours].filter((p) => !independent.has(p));
  console.log(`  backlinks ${target}: ours ${ours.size} linking notes (${rows.length} links), independent scan ${independent.size}` +
    (missing.length || extra.length ? `; missing ${JSON.stringify(missing)} extra ${JSON.stringify(extra)}` : ' — identical'));
}
await opened.close();
rmSync(db, { recursive: true, force: true });
rmSync(`${db}.lock`, { force: true });

/**
 * Linking notes found without our parser: every `[[...]]` and `](...)` target in the raw text (code blocks
 * removed), compared by Obsidian's rule for unique names: file name or vault path, case-insensitive.
 */
function independentBacklinks(targetPath) {
  const stem = targetPath.replace(/\.md$/, '').toLowerCase();
  const base = stem.slice(stem.lastIndexOf('/') + 1);
  const out = new Set();
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const abs = path.join(dir, name);
      if (statSync(abs).isDirectory()) walk(abs);
      else if (name.endsWith('.md')) {
        const rel = path.relative(vault, abs).split(path.sep).join('/');
        if (rel === targetPath) continue;
        const text = readFileSync(abs, 'utf8').replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
        const targets = [...text.matchAll(/\[\[([^\]|#^]+)/g)].map((m) => m[1])
          .concat([...text.matchAll(/\]\(([^)#\s]+)/g)].map((m) => decodeURIComponent(m[1])));
        for (const t of targets) {
          const k = t.trim().replace(/\.md$/i, '').toLowerCase();
          if (k === stem || k === base || k.endsWith(`/${base}`) && stem.endsWith(k)) out.add(rel);
        }
      }
    }
  };
  walk(vault);
  return out;
}
