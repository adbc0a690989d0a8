// The one registry every surface is generated from.
import type { Brain } from '../brain';
import { OpRegistry } from './registry';
import { readOps } from './read-ops';
import { searchOp } from './search-op';
import { recentChangesOp } from './recent-op';
import { doctorOp } from './doctor-op';
import { createThinkOp, type ThinkOpOptions } from './think-op';

export interface RegistryOptions {
  /** Model settings, note writer and fetch for `think`; without them it answers extractively and cannot save. */
  think?: ThinkOpOptions;
}

export function createRegistry(options: RegistryOptions = {}): OpRegistry<Brain> {
  const registry = new OpRegistry<Brain>();
  for (const op of readOps) registry.register(op);
  registry.register(searchOp);
  registry.register(recentChangesOp);
  registry.register(createThinkOp(options.think));
  registry.register(doctorOp);
  return registry;
}
