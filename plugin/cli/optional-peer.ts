// Loads the code of a command that needs an optional peer dependency — the MCP client for
// `drift --mcp`, ts-morph for `bindings` — so a dev install of the package stays light.
import { installCommand, detectPackageManager } from '../init/package-manager.js';
import type { CommandIO } from './command.js';

/** Each optional peer, and what needs it. */
const OPTIONAL_PEERS = {
  '@modelcontextprotocol/sdk': 'drift --mcp',
  'ts-morph': 'bindings',
} as const;

export type OptionalPeer = keyof typeof OPTIONAL_PEERS;

/**
 * Node's error for a package that is not installed, naming that package (a missing file inside one
 * is another matter).
 */
const isMissing = (error: unknown, peer: string): boolean =>
  (error as NodeJS.ErrnoException | undefined)?.code === 'ERR_MODULE_NOT_FOUND' &&
  (error as Error).message.includes(`'${peer}'`);

/**
 * `load()` (a dynamic import of the command's code, which imports `peer`), or, when `peer` is not
 * installed, one line on stderr naming the command that installs it and `undefined` (exit 2).
 */
export async function loadWithPeer<T>(
  peer: OptionalPeer,
  io: CommandIO,
  load: () => Promise<T>,
): Promise<T | undefined> {
  try {
    return await load();
  } catch (error) {
    if (!isMissing(error, peer)) throw error;
    const install = installCommand(detectPackageManager(io.cwd), peer, true);
    io.stderr(
      `\`tool-catalog ${OPTIONAL_PEERS[peer]}\` needs ${peer}, an optional ` +
        `peer of agent-tool-catalog; install it with: ${install}\n`,
    );
    return undefined;
  }
}
