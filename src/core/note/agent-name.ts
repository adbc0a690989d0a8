// The provenance label of an MCP client (`created_by: mcp:<name>`). Apart from provenance.ts, which edits
// frontmatter with the YAML parser, so the MCP server (on the plugin's main thread) does not bundle it.
import { neutralizeTitle } from '../think/neutralize';

/** `mcp:<name>`, the name folded to a short label that cannot carry markup, YAML structure or a newline. */
export function mcpAgent(clientName: string | undefined): string {
  const name = neutralizeTitle(clientName ?? '', 64)
    .replace(/[^\p{L}\p{N}._ -]/gu, '-')
    .trim();
  return `mcp:${name || 'unknown'}`;
}
