import { describe, expect, it } from 'vitest';
import { createAppRouter } from '../router';
import type { RouterContext } from '../routerContext';
import { hasQuestionFactor, menuEntries } from './navigation';

/**
 * Every route of the app's own tree, as the header reads them from the router (a route knows
 * its full path once a router holds it, so the test makes one rather than read the bare tree).
 */
function allRoutes() {
  return Object.values(createAppRouter({} as RouterContext).routesById);
}

/** The spec's menu (section 2), in its order. */
const SPEC_MENU = ['/profile/details', '/profile/password', '/profile/mfa', '/profile/question', '/profile/login'];

describe('menuEntries over the route tree', () => {
  it("holds the spec's five pages in the spec's order when a question factor exists", () => {
    const menu = menuEntries(allRoutes(), { hasQuestionFactor: true }).map((entry) => entry.to);
    expect(menu.filter((to) => SPEC_MENU.includes(to))).toEqual(SPEC_MENU);
  });

  it('leaves out Security Questions without a question factor', () => {
    const menu = menuEntries(allRoutes(), { hasQuestionFactor: false });
    expect(menu.map((entry) => entry.to)).not.toContain('/profile/question');
    expect(menu.map((entry) => entry.label)).not.toContain('nav.question');
  });

  it('lists only pages the router has, each once, each with its own label', () => {
    const menu = menuEntries(allRoutes(), { hasQuestionFactor: true });
    const paths = new Set(allRoutes().map((route) => route.to));
    for (const entry of menu) expect(paths).toContain(entry.to);
    expect(new Set(menu.map((entry) => entry.to)).size).toBe(menu.length);
    expect(new Set(menu.map((entry) => entry.label)).size).toBe(menu.length);
  });
});

describe('menuEntries', () => {
  it('orders the entries by their order, and drops the routes that name none', () => {
    const routes = [
      { id: '/_l/b', to: '/b', options: { staticData: { menu: { label: 'nav.mfa' as const, order: 2 } } } },
      { id: '/_l/x', to: '/x', options: {} },
      { id: '/_l/a/', to: '/a', options: { staticData: { menu: { label: 'nav.profile' as const, order: 1 } } } },
    ];
    expect(menuEntries(routes, { hasQuestionFactor: false })).toEqual([
      { to: '/a', label: 'nav.profile' },
      { to: '/b', label: 'nav.mfa' },
    ]);
  });
});

describe('hasQuestionFactor', () => {
  it.each([
    [undefined, false],
    [[], false],
    [[{ factorType: 'sms' }], false],
    [[{ factorType: 'question' }], true],
    [[{ factorType: 'QUESTION' }], true],
  ])('%j gives %s', (factors, expected) => {
    expect(hasQuestionFactor(factors)).toBe(expected);
  });
});
