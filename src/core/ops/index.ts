// The one registry every surface is generated from.
import type { Brain } from '../brain';
import { OpRegistry } from './registry';
import { readOps } from './read-ops';

export function createRegistry(): OpRegistry<Brain> {
  const registry = new OpRegistry<Brain>();
  for (const op of readOps) registry.register(op);
  return registry;
}
