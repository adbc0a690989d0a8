// A small JSON-schema subset for operation parameters: enough to describe every op to MCP clients and to
// validate what any surface sends. Unknown parameters are rejected (a typo must not be silently ignored).
import { BrainError } from '../errors';

export type ParamSchema = (
  | { type: 'string'; description?: string; enum?: readonly string[]; minLength?: number; maxLength?: number; default?: string }
  | { type: 'integer' | 'number'; description?: string; minimum?: number; maximum?: number; default?: number }
  | { type: 'boolean'; description?: string; default?: boolean }
  | { type: 'array'; description?: string; items: ParamSchema; maxItems?: number; default?: readonly unknown[] }
) & {
  /** Offered to trusted local callers only (CLI, plugin UI): unknown to remote callers and never published to MCP. */
  localOnly?: boolean;
};

export interface ObjectSchema {
  type: 'object';
  properties: Record<string, ParamSchema>;
  required?: string[];
  additionalProperties?: false;
}

/** Validates a remote caller's params: `localOnly` params are refused by name, then as for `validateParams`. */
export function validateRemoteParams(schema: ObjectSchema, params: unknown): Record<string, unknown> {
  if (params && typeof params === 'object') {
    const local = Object.keys(params).find((k) => schema.properties[k]?.localOnly);
    if (local) throw new ParamError(`"${local}" is only available to local callers, not remote ones (MCP)`);
  }
  return validateParams(remoteSchema(schema), params);
}

/** The schema as remote callers see it: without the `localOnly` params. */
export function remoteSchema(schema: ObjectSchema): ObjectSchema {
  const entries = Object.entries(schema.properties);
  if (!entries.some(([, p]) => p.localOnly)) return schema;
  return { ...schema, properties: Object.fromEntries(entries.filter(([, p]) => !p.localOnly)) };
}

export class ParamError extends BrainError {
  constructor(message: string) {
    super('bad_params', message);
    this.name = 'ParamError';
  }
}

/** Validates and fills defaults. Throws ParamError naming the offending parameter. */
export function validateParams(schema: ObjectSchema, input: unknown): Record<string, unknown> {
  if (input === undefined || input === null) input = {};
  if (typeof input !== 'object' || Array.isArray(input)) throw new ParamError('parameters must be an object');
  const obj = input as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(obj)) {
    if (!Object.prototype.hasOwnProperty.call(schema.properties, key)) {
      const known = Object.keys(schema.properties).join(', ') || 'none';
      throw new ParamError(`unknown parameter "${key}" (known: ${known})`);
    }
  }
  for (const [key, prop] of Object.entries(schema.properties)) {
    const value = obj[key];
    if (value === undefined) {
      if (schema.required?.includes(key)) throw new ParamError(`missing required parameter "${key}"`);
      if (prop.default !== undefined) out[key] = prop.default;
      continue;
    }
    out[key] = checkValue(key, prop, value);
  }
  return out;
}

function checkValue(name: string, prop: ParamSchema, value: unknown): unknown {
  switch (prop.type) {
    case 'string': {
      if (typeof value !== 'string') throw new ParamError(`"${name}" must be a string`);
      if (prop.enum && !prop.enum.includes(value)) throw new ParamError(`"${name}" must be one of ${prop.enum.join(', ')}`);
      if (prop.minLength !== undefined && value.length < prop.minLength) throw new ParamError(`"${name}" is too short`);
      if (prop.maxLength !== undefined && value.length > prop.maxLength) {
        throw new ParamError(`"${name}" is longer than ${prop.maxLength} characters`);
      }
      return value;
    }
    case 'integer':
    case 'number': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isFinite(n)) throw new ParamError(`"${name}" must be a number`);
      if (prop.type === 'integer' && !Number.isInteger(n)) throw new ParamError(`"${name}" must be an integer`);
      if (prop.minimum !== undefined && n < prop.minimum) throw new ParamError(`"${name}" must be >= ${prop.minimum}`);
      if (prop.maximum !== undefined && n > prop.maximum) throw new ParamError(`"${name}" must be <= ${prop.maximum}`);
      return n;
    }
    case 'boolean': {
      if (typeof value === 'boolean') return value;
      if (value === 'true') return true;
      if (value === 'false') return false;
      throw new ParamError(`"${name}" must be true or false`);
    }
    case 'array': {
      if (!Array.isArray(value)) throw new ParamError(`"${name}" must be an array`);
      if (prop.maxItems !== undefined && value.length > prop.maxItems) {
        throw new ParamError(`"${name}" has more than ${prop.maxItems} items`);
      }
      return value.map((v, i) => checkValue(`${name}[${i}]`, prop.items, v));
    }
  }
}
