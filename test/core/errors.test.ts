import { afterEach, describe, expect, it } from 'vitest';
import { BrainError, ERROR_CODES, errorCode, errorMessage, isCallerError } from '../../src/core/errors';
import { NoteNotFoundError } from '../../src/core/note-not-found';
import { ParamError } from '../../src/core/ops/schema';
import { PathRefusedError } from '../../src/core/ops/remote-path';
import { UnknownOpError } from '../../src/core/ops/registry';
import { NoteExistsError, WriteRefusedError } from '../../src/core/ops/write-ops';
import { CliError, EXIT, exitCodeFor } from '../../src/cli/errors';
import { McpCallError, publicErrorMessage } from '../../src/mcp/errors';
import { MissingVaultError } from '../../src/node/open-brain';
import { LockedError } from '../../src/node/lock';
import { errorText } from '../../src/obsidian/plugin/error-text';
import { BrainNotOpenError } from '../../src/obsidian/worker/brain-host';
import { createRpcEndpoint } from '../../src/obsidian/protocol/rpc';

// Surfaces map from the stable code, so an error must keep it across the worker's postMessage.
const channels: MessageChannel[] = [];
afterEach(() => {
  for (const c of channels.splice(0)) {
    c.port1.close();
    c.port2.close();
  }
});

async function acrossWorker(make: () => Error): Promise<unknown> {
  const channel = new MessageChannel();
  channels.push(channel);
  createRpcEndpoint<Record<never, never>, object, object, { fail(p: Record<string, never>): Promise<never> }>(channel.port2, {
    fail: () => {
      throw make();
    },
  });
  const client = createRpcEndpoint<{ fail(p: Record<string, never>): Promise<never> }, object, object, Record<never, never>>(channel.port1, {});
  return client.call('fail', {}).catch((e: unknown) => e);
}

describe('error codes', () => {
  it('give the CLI exit codes README documents', () => {
    expect(exitCodeFor(new ParamError('x'))).toBe(EXIT.usage);
    expect(exitCodeFor(new MissingVaultError('/nope'))).toBe(EXIT.missingVault);
    expect(exitCodeFor(new NoteNotFoundError('Bob', []))).toBe(EXIT.unknownNote);
    expect(exitCodeFor(new LockedError('/v/.vault-brain/lock', { pid: 1, hostname: 'h', startedAt: 0 } as never))).toBe(EXIT.locked);
    expect(exitCodeFor(new CliError('bad flag', EXIT.usage))).toBe(EXIT.usage);
    expect(exitCodeFor(new PathRefusedError('no'))).toBe(EXIT.failure);
    expect(exitCodeFor(new Error('boom'))).toBe(EXIT.failure);
    expect(exitCodeFor('a string')).toBe(EXIT.failure);
  });

  it('tell MCP which errors are about the request', () => {
    for (const e of [
      new ParamError('p'),
      new UnknownOpError('x'),
      new NoteNotFoundError('n', []),
      new PathRefusedError('p'),
      new WriteRefusedError('w'),
      new NoteExistsError('a.md'),
      new McpCallError('timeout', 't'),
    ]) {
      expect(isCallerError(e), e.name).toBe(true);
    }
    expect(isCallerError(new BrainNotOpenError())).toBe(false);
    expect(isCallerError(new Error('/home/me/secret'))).toBe(false);
    // The one table decides, code by code, as the two hand lists did.
    const callerCodes = ERROR_CODES.filter((code) => isCallerError(new BrainError(code, 'm')));
    expect(callerCodes.sort()).toEqual(
      ['bad_params', 'cancelled', 'changed_result', 'empty_question', 'expired_cursor', 'mention_moved', 'not_ready', 'note_exists', 'note_not_found', 'open_failed', 'path_refused', 'source_unavailable', 'timeout', 'unknown_op', 'unknown_tool', 'write_refused'],
    );
    for (const code of ERROR_CODES) expect(errorCode(new BrainError(code, 'm'))).toBe(code);
    // A Node system error's code is not one of ours.
    expect(errorCode(Object.assign(new Error('x'), { code: 'ENOENT' }))).toBeNull();
  });

  it('survive the worker boundary, so MCP and the plugin still recognise them', async () => {
    const crossed = await acrossWorker(() => new NoteNotFoundError('Bob', ['people/Bob Li.md']));
    expect(crossed).not.toBeInstanceOf(NoteNotFoundError);
    expect(errorCode(crossed)).toBe('note_not_found');
    expect(publicErrorMessage(crossed)).toBe('no note named "Bob"; did you mean: people/Bob Li.md?');
    const notOpen = await acrossWorker(() => new BrainNotOpenError());
    expect(errorText(notOpen)).toBe('the brain is not open (run "Vault Brain: Rebuild index" to try again)');
    expect(errorText(await acrossWorker(() => new UnknownOpError('search')))).toBe('unknown operation "search"');
  });

  it('have one message helper for anything thrown', () => {
    expect(errorMessage(new BrainError('cli', 'm'))).toBe('m');
    expect(errorMessage('plain')).toBe('plain');
    expect(errorMessage(42)).toBe('42');
  });
});
