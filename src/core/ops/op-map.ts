// The type of every op of the brain, derived from the definitions themselves: `registry.call('search', …)` and
// the plugin's `brain.op('search', …)` are typed end to end without restating a result shape anywhere.
import type { Brain } from '../brain';
import type { readOps } from './read-ops';
import type { noteOps } from './note-ops';
import type { createSearchOp } from './search-op';
import type { recentChangesOp } from './recent-op';
import type { doctorOp } from './doctor-op';
import type { createThinkOp } from './think-op';
import type { createWriteOps } from './write-ops';
import type { OpDefinition } from './registry';

type BrainOpDefinitions =
  | (typeof readOps)[number]
  | (typeof noteOps)[number]
  | ReturnType<typeof createSearchOp>
  | typeof recentChangesOp
  | typeof doctorOp
  | ReturnType<typeof createThinkOp>
  | ReturnType<typeof createWriteOps>[number];

type ParamsOf<D> = D extends OpDefinition<Brain, infer P, unknown, string> ? (unknown extends P ? Record<string, never> : P) : never;
type ResultOf<D> = D extends OpDefinition<Brain, never, infer R, string> ? R : never;

/**
 * Params as a caller passes them: every field optional, since fields with a schema default are filled in by
 * validation and a missing required one is refused there with its name.
 */
export type OpMap = {
  [D in BrainOpDefinitions as D['name']]: { params: Partial<ParamsOf<D>>; result: ResultOf<D> };
};

export type OpName = keyof OpMap;
export type OpInput<K extends OpName> = OpMap[K]['params'];
export type OpResult<K extends OpName> = OpMap[K]['result'];
