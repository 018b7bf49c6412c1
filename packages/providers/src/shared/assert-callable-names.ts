import { ConfigurationError } from '@toolcell/core';

/**
 * Check that every name given as callable by provider-hosted code was found in the tool
 * list; `kind` says what a name had to be (`a client tool`).
 *
 * @throws ConfigurationError naming the missing tools.
 */
export function assertCallableNames(callable: readonly string[], found: ReadonlySet<string>, kind: string): void {
  const missing = callable.filter((name) => !found.has(name));
  if (missing.length === 0) return;
  const names = missing.map((name) => JSON.stringify(name)).join(', ');
  throw new ConfigurationError({
    setting: 'programmaticToolCalling.callable',
    message: `${names} ${missing.length === 1 ? 'is' : 'are'} not ${kind} of the list; name only tools that are declared.`,
  });
}
