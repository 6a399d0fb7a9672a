import { ConfigError } from '../platform/config';
import { DataDirLockedError } from '../platform/db/data-dir-lock';

/**
 * Runs a command-line entry point and exits with its code. Configuration and data-folder lock
 * problems print their message alone (they are for people); anything else prints in full.
 */
export function runCli(main: () => Promise<number>, commandName: string): void {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      if (err instanceof DataDirLockedError) {
        console.error(`${err.message}\nStop the running server first, then run ${commandName} again.`);
      } else if (err instanceof ConfigError) {
        console.error(err.message);
      } else {
        console.error(err);
      }
      process.exit(1);
    },
  );
}
