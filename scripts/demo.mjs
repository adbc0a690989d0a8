// `npm run demo`: build, index the sample vault into a fresh database, then show what the brain knows:
// stats, typed backlinks, hybrid search (English, Chinese, relational) and an offline `think`.
// Everything runs offline (built-in embedder, no model configured).
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vault = path.join(root, 'examples', 'vault');
const db = path.join(os.tmpdir(), 'vault-brain-demo-db');
const cli = path.join(root, 'bin', 'vault-brain.cjs');

function run(title, cmd, args, { optional = false } = {}) {
  process.stdout.write(`\n\x1b[1m$ ${title}\x1b[0m\n`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0 && !optional) {
    process.stderr.write(`demo: "${title}" failed (exit ${r.status})\n`);
    process.exit(r.status ?? 1);
  }
}
const brain = (...args) => [cli, ...args, '--vault', vault, '--db', db];

run('npm run build', 'npm', ['run', 'build', '--silent']);
rmSync(db, { recursive: true, force: true });
rmSync(`${db}.lock`, { force: true });
run('vault-brain index', process.execPath, brain('index'));
run('vault-brain stats', process.execPath, brain('stats'));
run('vault-brain backlinks "Acme Robotics"', process.execPath, brain('backlinks', 'Acme Robotics'));
run('vault-brain search "who founded Acme Robotics"', process.execPath, brain('search', 'who founded Acme Robotics', '--limit', '5'));
run('vault-brain search "how do we combine keyword and vector results"', process.execPath, brain('search', 'how do we combine keyword and vector results', '--limit', '3'));
run('vault-brain search "向量检索"', process.execPath, brain('search', '向量检索', '--limit', '3'));
run('vault-brain think "Where does Dana Okafor work?"', process.execPath, brain('think', 'Where does Dana Okafor work?'));
process.stdout.write(`\nDatabase: ${db} (a cache; delete it any time). Try: node bin/vault-brain.cjs --help\n`);
