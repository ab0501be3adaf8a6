import type { MessageKey } from '../../messages/pageTexts';

/** The scopes the portal can say in words, in the order it says them. */
const KNOWN: ReadonlyArray<[scope: string | RegExp, words: MessageKey]> = [
  ['openid', 'apps.scope.openid'],
  ['profile', 'apps.scope.profile'],
  ['email', 'apps.scope.email'],
  ['phone', 'apps.scope.phone'],
  ['address', 'apps.scope.address'],
  ['groups', 'apps.scope.groups'],
  // Okta's own API (`okta.users.read.self`, `okta.myAccount.profile.manage`...): reading or changing the account there.
  [/^okta\.[A-Za-z.]+\.read(\.self)?$/, 'apps.scope.oktaRead'],
  [/^okta\.[A-Za-z.]+\.manage(\.self)?$/, 'apps.scope.oktaManage'],
  ['offline_access', 'apps.scope.offline_access'],
];

export interface ScopeWords {
  /** One text for each kind of access the portal can describe, each once. */
  texts: MessageKey[];
  /** How many other scopes it cannot describe: said as a number, never as the scope's own string. */
  unknown: number;
}

/**
 * What an app may do, in words rather than scope strings: one text per known scope (OAuth scope
 * names are case-sensitive, RFC 6749 3.3), in a fixed order, each once; every other scope is
 * counted, so the page says honestly that there is more it cannot describe.
 */
export function scopeWords(scopes: ReadonlyArray<unknown>): ScopeWords {
  const given = new Set(scopes.filter((scope): scope is string => typeof scope === 'string' && scope !== ''));
  const described = new Set<string>();
  const texts = KNOWN.filter(([scope]) => {
    const matching = [...given].filter((each) => (typeof scope === 'string' ? each === scope : scope.test(each)));
    matching.forEach((each) => described.add(each));
    return matching.length > 0;
  }).map(([, words]) => words);
  return { texts, unknown: given.size - described.size };
}
