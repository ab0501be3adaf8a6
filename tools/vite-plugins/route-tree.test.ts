import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pagesModule, routesOf, signedInModule, wordsModule, type RouteEntry } from './route-tree.ts';

const generated = readFileSync(path.resolve(import.meta.dirname, '../../src/routeTree.gen.ts'), 'utf8');

/** The modules' exports, as the browser would get them. */
async function modulesOf(routes: RouteEntry[]): Promise<{ signedInPath: RegExp; signedInPages: string[]; pathWords: string[] }> {
  const load = (source: string) => import(`data:text/javascript,${encodeURIComponent(source)}`);
  return { ...(await load(signedInModule(routes))), ...(await load(pagesModule(routes))), ...(await load(wordsModule(routes))) };
}

describe('route-tree', () => {
  it("reads every route of the router plugin's route tree", () => {
    const routes = routesOf(generated);
    expect(routes).toEqual(
      expect.arrayContaining([
        { id: '/', fullPath: '/' },
        { id: '/_authenticated/profile/details', fullPath: '/profile/details' },
        { id: '/_authenticated/profile/mfa/enroll/$provider/$factorType', fullPath: '/profile/mfa/enroll/$provider/$factorType' },
        { id: '/auth/default/callback', fullPath: '/auth/default/callback' },
      ]),
    );
    expect(routes.length).toBeGreaterThan(10);
  });

  it('matches the pages under the guard, a parameter as one segment, and nothing else', async () => {
    const { signedInPath, signedInPages, pathWords } = await modulesOf([
      { id: '/', fullPath: '/' },
      { id: '/_authenticated', fullPath: '/' },
      { id: '/_authenticated/profile/', fullPath: '/profile/' },
      { id: '/_authenticated/profile/mfa/enroll/$provider/$factorType', fullPath: '/profile/mfa/enroll/$provider/$factorType' },
      { id: '/signed-out', fullPath: '/signed-out' },
    ]);
    for (const address of ['/profile', '/profile/', '/profile/mfa/enroll/OKTA/sms', '/profile/mfa/enroll/OKTA/sms/']) {
      expect([address, signedInPath.test(address)]).toEqual([address, true]);
    }
    for (const address of ['/', '/signed-out', '/profiles', '/profile/mfa/enroll/OKTA', '/profile/mfa/enroll/OKTA/sms/x', '/x/profile']) {
      expect([address, signedInPath.test(address)]).toEqual([address, false]);
    }
    expect(signedInPages).toEqual(['/profile']);
    expect(pathWords).toEqual(['enroll', 'mfa', 'profile', 'signed-out']);
  });

  it("lists the app's signed-in pages that take no parameter, the guide among them", async () => {
    const { signedInPages } = await modulesOf(routesOf(generated));
    expect(signedInPages).toEqual([
      '/profile',
      '/profile/details',
      '/profile/login',
      '/profile/mfa',
      '/profile/password',
      '/profile/question',
      '/profile/secure-account',
    ]);
  });

  it('refuses a route tree it cannot read', () => {
    expect(() => routesOf('export const routeTree = {}')).toThrow(/no routes/);
  });
});
