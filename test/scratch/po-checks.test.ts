import { it } from 'vitest';
import { openEngineOnDisk } from '../../src/node/open-engine';
it('checks timing', async () => {
  const { engine, openMs } = await openEngineOnDisk('bench/out/vault-10000-s42/.vault-brain/db');
  console.log('open', openMs.toFixed(0));
  for (const mode of ['open', 'quick', 'open', 'quick'] as const) { const t = performance.now(); await engine.checkIntegrity(mode); console.log(mode, (performance.now() - t).toFixed(0)); }
  for (let i = 0; i < 2; i++) { const t = performance.now(); await engine.stats(); console.log('stats', (performance.now() - t).toFixed(0)); }
  await engine.close();
}, 300000);
