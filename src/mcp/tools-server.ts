// A tools-only MCP server on the SDK's `Protocol` base (framing, request ids, cancellation, ping, progress). The SDK's
// `Server` is deprecated for direct use, and its replacement `McpServer` wants zod shapes for tools and pulls its
// schema-conversion and completion code into main.js (~115 KB, measured); `Server` itself also constructs an Ajv
// validator for elicitation, which a tools-only server never does. What a tools server needs on top of `Protocol` is
// the initialize handshake and the capability checks, which are here.
import { Protocol, type ProtocolOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  InitializedNotificationSchema,
  InitializeRequestSchema,
  LATEST_PROTOCOL_VERSION,
  SUPPORTED_PROTOCOL_VERSIONS,
  type Implementation,
  type InitializeResult,
  type ServerCapabilities,
  type ServerNotification,
  type ServerRequest,
  type ServerResult,
} from '@modelcontextprotocol/sdk/types.js';

export interface ToolsServerOptions extends ProtocolOptions {
  capabilities: ServerCapabilities;
  instructions?: string;
}

/** Requests a server may receive besides the lifecycle ones, by the capability that must be declared for each. */
const HANDLED_UNDER: Record<string, keyof ServerCapabilities | undefined> = {
  'tools/list': 'tools',
  'tools/call': 'tools',
  'ping': undefined,
  'initialize': undefined,
};

export class ToolsServer extends Protocol<ServerRequest, ServerNotification, ServerResult> {
  private clientInfo: Implementation | undefined;
  private readonly capabilities: ServerCapabilities;
  private readonly instructions: string | undefined;

  constructor(
    private readonly serverInfo: Implementation,
    options: ToolsServerOptions,
  ) {
    super(options);
    this.capabilities = options.capabilities;
    this.instructions = options.instructions;
    this.setRequestHandler(InitializeRequestSchema, (request): InitializeResult => {
      this.clientInfo = request.params.clientInfo;
      const asked = request.params.protocolVersion;
      // As the SDK's Server: answer in the client's version when we speak it, else in our latest.
      const protocolVersion = SUPPORTED_PROTOCOL_VERSIONS.includes(asked) ? asked : LATEST_PROTOCOL_VERSION;
      return {
        protocolVersion,
        capabilities: this.capabilities,
        serverInfo: this.serverInfo,
        ...(this.instructions !== undefined ? { instructions: this.instructions } : {}),
      };
    });
    this.setNotificationHandler(InitializedNotificationSchema, () => undefined);
  }

  /** The client's name and version from its `initialize` (undefined before it, or on a server that did not see it). */
  getClientVersion(): Implementation | undefined {
    return this.clientInfo;
  }

  // The server sends no requests of its own (no sampling, elicitation or roots), so there is nothing to check
  // against the client's capabilities except `ping`, which needs none.
  protected assertCapabilityForMethod(method: ServerRequest['method']): void {
    if (method !== 'ping') throw new Error(`this tools-only server does not send ${method}`);
  }

  protected assertNotificationCapability(method: ServerNotification['method']): void {
    if (method === 'notifications/cancelled' || method === 'notifications/progress') return;
    if (method === 'notifications/tools/list_changed' && this.capabilities.tools) return;
    throw new Error(`this tools-only server does not send ${method}`);
  }

  protected assertRequestHandlerCapability(method: string): void {
    if (!(method in HANDLED_UNDER)) throw new Error(`this tools-only server does not handle ${method}`);
    const needs = HANDLED_UNDER[method];
    // `this.capabilities` is unset while Protocol's constructor registers ping, before ours runs.
    if (needs !== undefined && this.capabilities && !this.capabilities[needs]) {
      throw new Error(`the server did not declare the ${needs} capability (required for ${method})`);
    }
  }

  // No task store is given and no task capability declared: a tool call asking to run as a task is refused (as the
  // SDK's Server does); a task hint on any other request is ignored and the request answered as usual.
  protected assertTaskCapability(method: string): void {
    throw new Error(`this tools-only server sends no task requests (${method})`);
  }

  protected assertTaskHandlerCapability(method: string): void {
    if (method === 'tools/call') throw new Error(`Server does not support task creation (required for ${method})`);
  }
}
