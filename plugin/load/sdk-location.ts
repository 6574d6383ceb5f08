// Where the Claude Agent SDK is installed for a project: the project's own dependency, or another
// install a command is pointed at (`--sdk`): a package name such as an npm alias
// (`claude-agent-sdk-oldest`), or a folder that holds the SDK package.
import { createRequire } from 'node:module';
import path from 'node:path';

export const SDK_PACKAGE = '@anthropic-ai/claude-agent-sdk';

/** The SDK's entry file as resolved from `fromDir`, or undefined when it is not installed there. */
export function resolveSdk(fromDir: string, choice?: string): string | undefined {
  const require = createRequire(path.join(fromDir, 'noop.js'));
  const candidates =
    choice === undefined
      ? [SDK_PACKAGE]
      : choice.startsWith('.') || path.isAbsolute(choice)
        ? [
            path.resolve(fromDir, choice),
            path.resolve(fromDir, choice, 'node_modules', SDK_PACKAGE),
          ]
        : [choice];
  for (const candidate of candidates) {
    try {
      return require.resolve(candidate);
    } catch {
      // Not there; try the next.
    }
  }
  return undefined;
}

/**
 * What every command that needs the SDK says when the project has none (and exits 2 with): the
 * same sentence for each, naming the command.
 */
export function sdkNotInstalled(fromDir: string, command: string): string {
  return (
    `${SDK_PACKAGE} is not installed in ${fromDir} or a folder above it; ` +
    `install it (npm i -D ${SDK_PACKAGE}) to run tool-catalog ${command}.`
  );
}
