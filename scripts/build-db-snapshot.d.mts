export const SNAPSHOT_TAR: string;
export const SNAPSHOT_INFO: string;
export interface SnapshotSchema {
  MIGRATIONS: readonly { version: number; up: string[] }[];
  ENGINE_VERSION: string;
  SCHEMA_VERSION: number;
}
export function snapshotKey(schema: SnapshotSchema): string;
export function readSnapshotInfo(): { key: string; schemaVersion: number; engineVersion: string; bytes: number } | null;
export function buildSnapshot(options?: { force?: boolean; log?: (line: string) => void }): Promise<{ built: boolean; info: unknown }>;
