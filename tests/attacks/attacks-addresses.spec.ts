import { expect, test } from '../e2e/fixtures';
import { type Attack, attackTest, newPage, PORTAL, recordRequests, serveConfig } from './attackTable';
import { signIn } from '../e2e/support';

/**
 * Attacks: crafted return paths and settings.
 * The rows' table and shared helpers: attackTable.ts.
 */
const ADDRESSES: Attack[] = [
  ...['/AUTH/default/callback', '/profile/../auth/default/callback?code=x&state=y', '/profile/%2e%2e/idp/link/google?code=x'].map(
    (returnTo): Attack => ({
      name: `returnTo=${returnTo}: the sign-in lands on the profile, no callback replayed`,
      async run(browser) {
        const page = await newPage(browser);
        const callbacks = recordRequests(
          page,
          (request) => request.isNavigationRequest() && /\/(auth|idp)\//i.test(new URL(request.url()).pathname) && request.url().startsWith(PORTAL),
        );
        await signIn(page, 'smwong25', `/auth/default/login?returnTo=${encodeURIComponent(returnTo)}`);
        await expect(page).toHaveURL('/profile/details');
        // The login page itself and the one real callback; nothing the returnTo named.
        expect(callbacks.map((url) => new URL(url).pathname)).toEqual(['/auth/default/login', '/auth/default/callback']);
      },
    }),
  ),
  {
    name: 'a config.json naming an http: production identity provider: refused with a clear message, nothing sent there',
    async run(browser) {
      const page = await newPage(browser);
      const foreign = recordRequests(page, (request) => request.url().includes('sso.example.edu.hk'));
      await serveConfig(page, (config) => ({ ...config, oidcAuthority: 'http://sso.example.edu.hk/oauth2/default' }));
      await page.goto('/');
      const alert = page.getByRole('alert');
      await expect(alert).toContainText('The portal cannot start because its settings could not be read or are not safe to use.');
      await expect(alert).toContainText('oidcAuthority must use https: (plain http: is allowed only on localhost or 127.0.0.1)');
      expect(foreign).toEqual([]);
    },
  },
];

test.describe.configure({ mode: 'parallel' });
test.describe('crafted return paths and settings', () => ADDRESSES.forEach((attack) => test(attack.name, attackTest(attack))));
