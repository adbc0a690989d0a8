// `doctor`: every integrity check over the whole store (engine/integrity.ts, `full`), what it found, and the
// repair: notes out of step are re-indexed; a damaged store is emptied and rebuilt from the notes (an embedded one
// only: a shared server store is re-indexed in place). Repairs only
// run for the app's own surfaces (CLI, plugin), never for a remote (MCP) caller, which only sees the report.
import type { Brain } from '../brain';
import { hasDamage, type IntegrityProblem } from '../engine/integrity';
import { lastRecovery, type StoreRecovery } from '../engine/open-checked';
import { defineOp, type OpContext } from './registry';

type Ctx = OpContext<Brain>;

export interface DoctorResult {
  healthy: boolean;
  checks: string[];
  problems: Omit<IntegrityProblem, 'paths'>[];
  repaired: string[];
  /** Problems still there after the repair (empty when it worked). */
  remaining: Omit<IntegrityProblem, 'paths'>[];
  /** The last time a damaged database was moved aside and rebuilt on open. */
  lastRecovery: StoreRecovery | null;
}

export const doctorOp = defineOp({
  name: 'doctor',
  description: 'Use when results look wrong or incomplete: checks the index database in full (counts, checksums, per-note chunk digests, indexes) and repairs it by re-indexing from the notes (repairs not for remote callers).',
  scope: 'read',
  params: {
    type: 'object',
    properties: { repair: { type: 'boolean', default: true, description: 'Repair what the checks find (not for remote callers).' } },
  },
  async handler(ctx: Ctx, p: { repair: boolean }) {
    const { engine } = ctx.brain;
    const before = await engine.checkIntegrity('full');
    const repaired: string[] = [];
    if (p.repair && !ctx.remote && before.problems.length > 0) {
      if (hasDamage(before) && engine.kind === 'postgres') {
        // A server brain is shared: other writers' work in flight can look like damage to checks that run as
        // several statements, and emptying it would take the whole team's brain away. Re-parsing every note
        // rewrites every page's rows in place instead; what that cannot fix stays in `remaining` for the owner.
        const run = await ctx.brain.index({ full: true, signal: ctx.signal });
        repaired.push(`re-indexed all ${run.indexed} notes from the vault (a server database is never emptied by doctor)`);
      } else if (hasDamage(before)) {
        await engine.clear();
        const run = await ctx.brain.index({ full: true, signal: ctx.signal });
        repaired.push(`emptied the database and re-indexed ${run.indexed} notes from the vault`);
      } else {
        const marked = await engine.markForReindex(before);
        const run = await ctx.brain.index({ signal: ctx.signal });
        repaired.push(`re-indexed ${run.indexed} of ${marked} notes whose rows were out of step`);
      }
    }
    const after = repaired.length > 0 ? await engine.checkIntegrity('full') : before;
    const strip = (list: IntegrityProblem[]) => list.map(({ paths: _paths, ...rest }) => rest);
    return {
      healthy: after.problems.length === 0,
      checks: before.checks,
      problems: strip(before.problems),
      repaired,
      remaining: strip(after.problems),
      lastRecovery: await lastRecovery(engine),
    };
  },
});
