// The worker's VaultSource: every listing and read is asked of the plugin, which owns the vault.
import type { VaultFile, VaultSource } from '../../core/index/vault-source';
import type { WorkerEndpoint } from '../protocol/worker-api';

export class RemoteVaultSource implements VaultSource {
  constructor(private readonly rpc: WorkerEndpoint) {}

  list(): Promise<VaultFile[]> {
    return this.rpc.call('vault.list', {});
  }

  read(path: string): Promise<Uint8Array> {
    return this.rpc.call('vault.read', { path });
  }

  stat(path: string): Promise<VaultFile | null> {
    return this.rpc.call('vault.stat', { path });
  }
}
