// The operations registry: every capability is declared once here and every surface (CLI, plugin commands
// and panes, MCP tools) is generated from it, so they cannot drift apart.
import { BrainError } from '../errors';
import { validateParams, type ObjectSchema } from './schema';

export type OpScope = 'read' | 'write';

export interface OpContext<B = unknown> {
  brain: B;
  /** True for calls from outside the app (MCP): paths confined, excluded notes invisible, sizes capped. */
  remote: boolean;
  signal?: AbortSignal;
}

export interface OpDefinition<B = unknown, P = Record<string, unknown>, R = unknown> {
  name: string;
  description: string;
  scope: OpScope;
  params: ObjectSchema;
  /** How the CLI maps positional arguments to params, in order. */
  cli?: { positional?: string[] };
  // Method syntax on purpose: lets ops with specific param types sit in one OpDefinition<B, never>[] list.
  handler(ctx: OpContext<B>, params: P): Promise<R>;
}

export class OpRegistry<B = unknown> {
  private readonly ops = new Map<string, OpDefinition<B, never, unknown>>();

  register<P, R>(def: OpDefinition<B, P, R>): this {
    if (this.ops.has(def.name)) throw new Error(`operation ${def.name} is already registered`);
    this.ops.set(def.name, def);
    return this;
  }

  list(filter: { scope?: OpScope } = {}): OpDefinition<B, never, unknown>[] {
    return [...this.ops.values()].filter((o) => !filter.scope || o.scope === filter.scope);
  }

  get(name: string): OpDefinition<B, never, unknown> | undefined {
    return this.ops.get(name);
  }

  /** Validates params against the op's schema (unknown params rejected) and runs it. */
  async call(name: string, params: unknown, ctx: OpContext<B>): Promise<unknown> {
    const op = this.ops.get(name);
    if (!op) throw new UnknownOpError(name);
    const valid = validateParams(op.params, params);
    return op.handler(ctx, valid as never);
  }
}

export class UnknownOpError extends BrainError {
  constructor(name: string) {
    super('unknown_op', `unknown operation "${name}"`);
    this.name = 'UnknownOpError';
  }
}
