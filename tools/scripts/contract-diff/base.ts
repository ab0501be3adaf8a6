// Which revision's openapi.yaml the gate compares with, and why.

/**
 * Which revision's openapi.yaml is the old contract, and why, from what git said: the one the
 * command line or CONTRACT_BASE names; else where HEAD left the upstream branch (its merge
 * base), so a breaking change spread over several commits not yet on main is seen whole; else
 * (HEAD already on the upstream branch, as in the clone CI makes of the commit under test, or
 * no upstream branch at all) the previous commit.
 */
export function chooseBase({
  option,
  env,
  upstream,
  upstreamExists,
  head,
  mergeBase,
}: {
  option?: string | undefined;
  env?: string | undefined;
  upstream: string;
  upstreamExists: boolean;
  /** The full id of HEAD, when there is one. */
  head?: string | undefined;
  /** `git merge-base HEAD <upstream>`, when it answered. */
  mergeBase?: string | undefined;
}): { revision: string; asked: boolean; why: string } {
  if (option) return { revision: option, asked: true, why: 'given with --base' };
  if (env) return { revision: env, asked: true, why: 'given in CONTRACT_BASE' };
  const previous = (why: string) => ({ revision: 'HEAD~1', asked: false, why: `the previous commit: ${why}` });
  if (!upstreamExists) return previous(`there is no ${upstream} to compare with (--base or CONTRACT_BASE name another revision)`);
  if (!mergeBase) return previous(`HEAD and ${upstream} share no commit in this clone (a shallow fetch?)`);
  if (mergeBase === head) return previous(`HEAD is already on ${upstream} (its tip, or behind it), so its own commit is the change`);
  return {
    revision: mergeBase,
    asked: true,
    why: `where HEAD left ${upstream} (git merge-base HEAD ${upstream}): every commit not yet on ${upstream} is checked`,
  };
}
