// The MCP bridge: the operations registry as MCP tools, over stdio (CLI) or loopback HTTP (CLI and plugin).
export { createMcpServer, registryBackend, backendOf, DEFAULT_MCP_LIMITS, MCP_SERVER_NAME, MCP_SERVER_VERSION } from './server';
export type { McpBackend, McpCommonOptions, McpLimits, McpServerOptions, McpSource } from './server';
export { startMcpHttpServer, DEFAULT_HTTP_LIMITS } from './http-server';
export type { McpHttpServer, McpHttpServerOptions, McpHttpLimits } from './http-server';
export { createJsonlAuditSink, summarizeParams } from './audit';
export type { AuditEntry, AuditSink } from './audit';
export { DEFAULT_RATE_LIMIT } from './rate-limit';
export type { RateLimit } from './rate-limit';
export { NonLoopbackHostError, OBSIDIAN_ORIGIN } from './http-guard';
export { FsNoteWriter } from '../node/fs-note-writer';
export type { McpOp } from './tools';
