// The copy-paste snippets the settings show for connecting desktop agents to the plugin's MCP server.

export const MCP_SERVER_KEY = 'vault-brain';

/** The endpoint the plugin serves on (always IPv4 loopback; `startMcpHttpServer` binds 127.0.0.1 by default). */
export function mcpEndpointUrl(port: number): string {
  return `http://127.0.0.1:${port}/mcp`;
}

/**
 * Claude Desktop launches stdio servers only, so it reaches HTTP through `mcp-remote`. The header goes through an
 * env var, as mcp-remote's README advises: Claude Desktop on Windows (and Cursor) split args containing spaces.
 * `--transport http-only`: the server speaks Streamable HTTP, never the old SSE transport.
 */
export function claudeDesktopConfig(url: string, token: string): string {
  const server = {
    command: 'npx',
    args: ['-y', 'mcp-remote', url, '--transport', 'http-only', '--header', 'Authorization:${AUTH_HEADER}'],
    env: { AUTH_HEADER: `Bearer ${token}` },
  };
  return JSON.stringify({ mcpServers: { [MCP_SERVER_KEY]: server } }, null, 2);
}

/** Cursor speaks Streamable HTTP itself and sends configured headers. */
export function cursorConfig(url: string, token: string): string {
  return JSON.stringify({ mcpServers: { [MCP_SERVER_KEY]: { url, headers: { Authorization: `Bearer ${token}` } } } }, null, 2);
}
