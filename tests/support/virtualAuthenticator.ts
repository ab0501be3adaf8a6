import type { CDPSession, Page } from '@playwright/test';

/**
 * The options of a virtual authenticator (CDP's WebAuthn.addVirtualAuthenticator) that makes
 * discoverable passkeys at once: a synced one's provider (backup eligible and backed up), or a
 * security key that keeps its passkey on one device; `isUserVerified: false` for one that cannot
 * confirm the person.
 */
export function authenticatorOptions(kind: 'synced' | 'device-bound', { isUserVerified = true } = {}) {
  const synced = kind === 'synced';
  return {
    protocol: 'ctap2' as const,
    transport: synced ? ('internal' as const) : ('usb' as const),
    hasResidentKey: true,
    hasUserVerification: true,
    isUserVerified,
    automaticPresenceSimulation: true,
    defaultBackupEligibility: synced,
    defaultBackupState: synced,
  };
}

/** A virtual authenticator in the page, through Chromium's DevTools protocol (see authenticatorOptions). */
export async function addAuthenticator(
  page: Page,
  ...kind: Parameters<typeof authenticatorOptions>
): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', { options: authenticatorOptions(...kind) });
  return { cdp, authenticatorId };
}

/**
 * The registration options, as the backend answers them, with the person's verification
 * required: an authenticator that cannot verify then fails the ceremony with NotAllowedError, as
 * the browser does when a person cancels its prompt.
 */
export async function requireUserVerification(page: Page) {
  await page.route('**/api/v1/user/passkeys/registration', async (route) => {
    const response = await route.fetch();
    const options = await response.json();
    await route.fulfill({
      response,
      json: { ...options, authenticatorSelection: { ...options.authenticatorSelection, userVerification: 'required' } },
    });
  });
}
