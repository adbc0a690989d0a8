// The one version string (package.json's), inlined at build time so the CLI, MCP servers and plugin agree.
import { version } from '../../package.json';

export const VERSION: string = version;
