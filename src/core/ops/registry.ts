// The operations registry: every capability is declared once here and every surface (CLI, plugin commands
// and panes, MCP tools) is generated from it, so they cannot drift apart.
import { BrainError } from '../errors';
import { validateParams, validateRemoteParams, type ObjectSchema } from './schema';

export type OpScope = 'read' | 'write';

export interface OpContext<B = unknown> {
  brain: B;
  /** True for calls from outside the app (MCP): paths confined, excluded notes invisible, sizes capped. */
  remote: boolean;
  signal?: AbortSignal;
  /** Streams an op's text as it is produced (think's model answer); the result replaces it. */
  onDelta?: (text: string) => void;
}

/**
 * What a surface passes to `call`. The trust boundary fails closed: an unset `remote` is a remote call. Only the
 * trusted local surfaces (the CLI, the plugin's own panes and commands) pass `remote: false`.
 */
export type CallContext<B = unknown> = Omit<OpContext<B>, 'remote'> & { remote?: boolean };

export interface OpDefinition<B = unknown, P = Record<string, unknown>, R = unknown> {
  name: string;
  description: string;
  scope: OpScope;
  params: ObjectSchema;
  /** How the CLI maps positional arguments to params, in order. */
  cli?: { positional?: string[] };
  /** The scope of one call when it depends on its params (think with `save` writes a note); default `scope`. */
  scopeOf?(params: P): OpScope;
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

  /**
   * Validates params against the op's schema (unknown params rejected; params marked `localOnly` are unknown to
   * remote callers) and runs it. `remote` unset means remote.
   */
  async call(name: string, params: unknown, ctx: CallContext<B>): Promise<unknown> {
    const op = this.ops.get(name);
    if (!op) throw new UnknownOpError(name);
    const remote = ctx.remote !== false;
    const valid = remote ? validateRemoteParams(op.params, params) : validateParams(op.params, params);
    return op.handler({ ...ctx, remote }, valid as never);
  }

  /** The scope of one call: a write waits for other writes and is refused where writes are off. */
  scopeOf(name: string, params: unknown): OpScope | undefined {
    const op = this.ops.get(name);
    if (!op) return undefined;
    if (!op.scopeOf) return op.scope;
    try {
      return op.scopeOf(validateParams(op.params, params) as never);
    } catch {
      return op.scope; // Invalid params fail in `call`, with the validation message.
    }
  }
}

export class UnknownOpError extends BrainError {
  constructor(name: string) {
    super('unknown_op', `unknown operation "${name}"`);
    this.name = 'UnknownOpError';
  }
}
