/**
 * Development only: reports a response that does not match the contract's generated schema,
 * with the operation and the violation. The fetch function loads this module behind
 * `import.meta.env.DEV`, so production builds carry none of it.
 */
import { contractViolations } from './contract';

/** The message for a body that breaks its operation's schema; undefined when it matches. */
export function driftOf(method: string, url: URL, body: unknown): string | undefined {
  const violation = contractViolations(method, url, body);
  if (!violation) return undefined;
  return `[contract drift] ${violation.operationId} ${method.toUpperCase()} ${url.pathname}: ${violation.issues}`;
}

export function reportDrift(method: string, url: URL, body: unknown): void {
  const message = driftOf(method, url, body);
  if (message) console.warn(message);
}
