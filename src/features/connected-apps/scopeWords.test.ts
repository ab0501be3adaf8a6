import { describe, expect, it } from 'vitest';
import { scopeWords, type ScopeWords } from './scopeWords';

describe('scopeWords', () => {
  it.each<[string, unknown[], ScopeWords]>([
    ['nothing', [], { texts: [], unknown: 0 }],
    ['sign-in only', ['openid'], { texts: ['apps.scope.openid'], unknown: 0 }],
    [
      'a mail app, in a fixed order whatever the order given',
      ['offline_access', 'email', 'profile', 'openid'],
      { texts: ['apps.scope.openid', 'apps.scope.profile', 'apps.scope.email', 'apps.scope.offline_access'], unknown: 0 },
    ],
    [
      'the rest of the OpenID Connect scopes',
      ['phone', 'address', 'groups'],
      { texts: ['apps.scope.phone', 'apps.scope.address', 'apps.scope.groups'], unknown: 0 },
    ],
    [
      "Okta's own API, read and change, each said once",
      ['okta.users.read.self', 'okta.myAccount.profile.read', 'okta.myAccount.sessions.manage'],
      { texts: ['apps.scope.oktaRead', 'apps.scope.oktaManage'], unknown: 0 },
    ],
    ['a scope the portal does not know: counted, never named', ['openid', 'timetable.calendar.write'], { texts: ['apps.scope.openid'], unknown: 1 }],
    ['several unknown ones, repeats once', ['a', 'b', 'a', 'c'], { texts: [], unknown: 3 }],
    ['names are case-sensitive (RFC 6749)', ['OpenID', 'EMAIL'], { texts: [], unknown: 2 }],
    ['a look-alike of an Okta scope is not one', ['okta.users.readall', 'notokta.users.read'], { texts: [], unknown: 2 }],
    ['what is not a scope at all is left out', ['openid', '', 42, null], { texts: ['apps.scope.openid'], unknown: 0 }],
  ])('%s', (_what, scopes, words) => {
    expect(scopeWords(scopes)).toEqual(words);
  });
});
