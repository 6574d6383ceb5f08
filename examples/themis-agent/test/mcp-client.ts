// A real MCP client on a session's in-process server (the SDK's `createSdkMcpServer` instance), so the
// tests read the tools the server offers the way the runtime does: `tools/list` and `tools/call`.
import type { McpSdkServerConfigWithInstance } from '@anthropic-ai/claude-agent-sdk';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';

/** Connects a client to the server; each server instance takes one connection. */
export async function connectTo(
  server: McpSdkServerConfigWithInstance | undefined,
): Promise<Client> {
  if (server === undefined || server.type !== 'sdk')
    throw new Error('the session has no in-process server here');
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.instance.connect(serverSide);
  const client = new Client({ name: 'themis-example-test', version: '1.0.0' });
  await client.connect(clientSide);
  return client;
}

/** What the server answers to `tools/list`. */
export async function listedTools(server: McpSdkServerConfigWithInstance | undefined) {
  const client = await connectTo(server);
  try {
    return (await client.listTools()).tools;
  } finally {
    await client.close();
  }
}
