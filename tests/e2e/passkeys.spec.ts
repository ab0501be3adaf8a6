import type { Page } from '@playwright/test';
import { rememberingMockOnDemand } from '../support/rememberingMock';
import { addAuthenticator, requireUserVerification } from '../support/virtualAuthenticator';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, watchConsole } from './support';

// Passkeys against the mock npm start runs, which verifies each registration as a relying party
// must (mock/passkeys.ts): Chromium's virtual authenticators (the CDP WebAuthn domain) make real
// credentials, and nothing in the page or the mock is faked.
// Both tests need it: started before the first, outside its time.
const mock = rememberingMockOnDemand();
test.beforeAll(async () => void (await mock.get()));
test.afterAll(() => mock.stop());

const passkeys = (page: Page) => page.getByRole('region', { name: 'Passkeys' });

/** Add a passkey, from the Passkeys section through its page, to the end. */
async function addPasskey(page: Page) {
  await passkeys(page).getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page).toHaveURL('/profile/mfa/enroll/FIDO/webauthn');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
}

test('adds a synced passkey and a device-bound one, renames one, survives a cancel, and removes one', async ({ page, signedIn }) => {
  test.slow();
  const problems = watchConsole(page);
  await (await mock.get()).route(page);
  await signedIn('smwong25', '/profile/mfa');
  await expect(passkeys(page)).toContainText('You have no passkeys yet.');

  // A synced passkey: the backup flags the authenticator set, kept by the mock, shown as such.
  const synced = await addAuthenticator(page, 'synced');
  const registered = page.waitForResponse((response) => response.url().endsWith('/api/v1/user/passkeys') && response.request().method() === 'POST');
  await addPasskey(page);
  expect((await registered).status()).toBe(200);
  await expect(page).toHaveURL('/profile/mfa');
  await expect(page.getByText('Activate webAuthn successfully.')).toBeVisible();
  const first = passkeys(page).getByRole('listitem');
  await expect(first).toHaveCount(1);
  await expect(first).toContainText('Synced to your devices');
  await expect(first).toContainText('Never used');
  const [credential] = (await synced.cdp.send('WebAuthn.getCredentials', { authenticatorId: synced.authenticatorId })).credentials;
  expect(credential).toMatchObject({ rpId: 'localhost', isResidentCredential: true });

  // Rename: pre-filled with the model's name.
  await passkeys(page).getByRole('button', { name: 'Rename Passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rename Passkey' });
  await expect(dialog.getByLabel('Nickname')).toHaveValue('Passkey');
  await dialog.getByLabel('Nickname').fill('Laptop');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Nickname saved.')).toBeVisible();
  await expect(passkeys(page).getByText('Laptop', { exact: true })).toBeVisible();

  // The same authenticator again: it holds this account's passkey already (excludeCredentials).
  await addPasskey(page);
  await expect(page.getByRole('alert')).toContainText('Nothing was added to your account.');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(passkeys(page).getByRole('listitem')).toHaveCount(1);

  // A security key that keeps its passkey on one device.
  await synced.cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: synced.authenticatorId });
  await addAuthenticator(page, 'device-bound');
  await addPasskey(page);
  await expect(page.getByText('Activate webAuthn successfully.')).toBeVisible();
  await expect(passkeys(page).getByRole('listitem')).toHaveCount(2);
  await expect(passkeys(page).getByRole('listitem').filter({ hasText: 'Laptop' })).toContainText('Synced to your devices');
  await expect(passkeys(page).getByRole('listitem').filter({ hasNotText: 'Laptop' })).toContainText('On one device only');
  await expectNoAxeViolations(page);

  // Still there after a reload: the mock remembered both, and the nickname.
  await page.reload();
  await expect(passkeys(page).getByRole('listitem')).toHaveCount(2);

  // Remove, asked first and named.
  await passkeys(page).getByRole('button', { name: 'Remove Laptop' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove Laptop?' });
  await expect(confirm).toContainText('You will no longer be able to sign in with Laptop.');
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Reset factor successfully')).toBeVisible();
  await expect(passkeys(page).getByRole('listitem')).toHaveCount(1);
  await expect(passkeys(page).getByText('Laptop', { exact: true })).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('a cancelled ceremony says what happened, offers to try again, and adds nothing', async ({ page, signedIn }) => {
  const problems = watchConsole(page);
  await (await mock.get()).route(page);
  await signedIn('taiman.chan', '/profile/mfa');
  await expect(passkeys(page).getByRole('listitem')).toHaveCount(2);
  // The person does not confirm it is them where the server asks for it: the browser answers
  // NotAllowedError, as it does when they cancel its prompt.
  await addAuthenticator(page, 'device-bound', { isUserVerified: false });
  await requireUserVerification(page);
  await addPasskey(page);
  const box = page.getByRole('alert');
  await expect(box).toContainText('The operation either timed out or was not allowed.');
  await expect(box).toContainText('Nothing was added to your account. You can try again.');
  await expect(page.getByRole('button', { name: 'Try again' })).toBeEnabled();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(passkeys(page).getByRole('listitem')).toHaveCount(2);
  expect(problems).toEqual([]);
});
