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
  /** Who is calling, for provenance of what it writes (`mcp:<client name>`); set only by the MCP server. */
  agent?: string;
}

/**
 * What a surface passes to `call`. The trust boundary fails closed: an unset `remote` is a remote call. Only the
 * trusted local surfaces (the CLI, the plugin's own panes and commands) pass `remote: false`.
 */
export type CallContext<B = unknown> = Omit<OpContext<B>, 'remote'> & { remote?: boolean };

export interface OpDefinition<B = unknown, P = Record<string, unknown>, R = unknown, N extends string = string> {
  name: N;
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

/**
 * Declares an op so its name, params and result types are inferred from the definition itself (the handler's
 * annotated params and what it returns): the op map in `op-map.ts` is derived from these, never restated.
 */
export function defineOp<B, P, R, N extends string>(def: OpDefinition<B, P, R, N>): OpDefinition<B, P, R, N> {
  return def;
}

/** Any op, whatever its params and result (what lists and generic surfaces hold). */
export type AnyOp<B = unknown> = OpDefinition<B, never, unknown>;

/** Param and result types of each op by name; see `op-map.ts` for the brain's. */
export type OpTypeMap = Record<string, { params: unknown; result: unknown }>;

export interface OpRegistryOptions<B> {
  /** Applied to what every remote call returns (what MCP sends), e.g. to name the source it came from. */
  remoteResult?: (ctx: OpContext<B>, result: unknown) => unknown;
}

export class OpRegistry<B = unknown, M extends OpTypeMap = OpTypeMap> {
  private readonly ops = new Map<string, AnyOp<B>>();

  constructor(private readonly options: OpRegistryOptions<B> = {}) {}

  register(def: AnyOp<B>): this {
    if (this.ops.has(def.name)) throw new Error(`operation ${def.name} is already registered`);
    this.ops.set(def.name, def);
    return this;
  }

  list(filter: { scope?: OpScope } = {}): AnyOp<B>[] {
    return [...this.ops.values()].filter((o) => !filter.scope || o.scope === filter.scope);
  }

  get(name: string): AnyOp<B> | undefined {
    return this.ops.get(name);
  }

  /** Calls an op by its name, typed: the params and result are those its definition declares. */
  call<K extends keyof M & string>(name: K, params: M[K]['params'], ctx: CallContext<B>): Promise<M[K]['result']> {
    return this.callByName(name, params, ctx);
  }

  /**
   * Calls an op named at run time (an MCP tool call, a CLI command, a worker request): validates params against
   * the op's schema (unknown params rejected; params marked `localOnly` are unknown to remote callers) and runs it.
   * `remote` unset means remote.
   */
  async callByName(name: string, params: unknown, ctx: CallContext<B>): Promise<unknown> {
    const op = this.ops.get(name);
    if (!op) throw new UnknownOpError(name);
    const remote = ctx.remote !== false;
    const valid = remote ? validateRemoteParams(op.params, params) : validateParams(op.params, params);
    const full = { ...ctx, remote };
    const result = await op.handler(full, valid as never);
    return remote && this.options.remoteResult ? this.options.remoteResult(full, result) : result;
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
