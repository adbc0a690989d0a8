export const MCPB_FILE: string;
export const FILE_LOADING_PACKAGES: string[];
export const RUNTIME_ASSETS: string[];
export const BUNDLE_INPUTS: string[];
export function manifestFor(tools: { name: string; description: string }[]): Record<string, unknown>;
export function newestInputMtime(): number;
export function isBundleFresh(file?: string): boolean;
export function buildMcpb(options?: { out?: string; keepStage?: boolean; log?: (line: string) => void }): Promise<{ out: string; bytes: number; tools: string[]; stage: string | null }>;
