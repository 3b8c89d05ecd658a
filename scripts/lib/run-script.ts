import { ConfigError } from '../../api/src/env';

/**
 * Runs an operator script's main and exits with its code. A ConfigError, or one of the script's
 * own `expected` errors, is printed as its message alone (it says what to do); anything else as
 * "<what> failed: <message>". Always process.exit: a pool or queue left open must not keep the
 * process alive, and no stack trace reaches the operator.
 */
export function runScript(
  main: () => Promise<number>,
  what: string,
  expected: Array<abstract new (...args: never[]) => Error> = [],
): void {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      if (err instanceof ConfigError || expected.some((type) => err instanceof type))
        console.error((err as Error).message);
      else console.error(`${what} failed:`, err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
