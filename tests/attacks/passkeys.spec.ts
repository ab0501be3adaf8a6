import type { Page } from '@playwright/test';
import { registration } from '../../tools/scripts/contract-verify/authenticator.ts';
import { devAccessToken } from '../../mock/persona.ts';
import { example } from '../support/examples';
import { rememberingMockOnDemand } from '../support/rememberingMock';
import { addAuthenticator } from '../support/virtualAuthenticator';
import { expect, test } from '../e2e/fixtures';
import { type Attack, attackTest, expectStepUp, on, recordChanges, signedIn, signedInAtIdp, stepUpOn } from './attackTable';

/** A registration (the browser's own, or one the verifier's authenticator made) with `change` written into its client data. */
function withClientData<T extends { response: { clientDataJSON: string } }>(made: T, change: Record<string, string>): T {
  const clientData = JSON.parse(Buffer.from(made.response.clientDataJSON, 'base64url').toString('utf8'));
  const clientDataJSON = Buffer.from(JSON.stringify({ ...clientData, ...change })).toString('base64url');
  return { ...made, response: { ...made.response, clientDataJSON } };
}

/**
 * Attacks on nicknames and passkeys: names made to pass for another method or to carry markup,
 * changes without a recent sign-in, and registrations a relying party must refuse (another
 * origin, a stale challenge), refused by the mock npm start runs (mock/passkeys.ts) as a real
 * server refuses them. The rows' table and shared helpers: attackTable.ts.
 */
// Started by the first row that sends anything to it, in each worker that runs one.
const remembering = rememberingMockOnDemand();
test.afterAll(() => remembering.stop());

const api = async (user: string, method: string, path: string, body?: unknown) =>
  fetch(`${(await remembering.get()).origin}${path}`, {
    method,
    headers: { Authorization: `Bearer ${devAccessToken(user)}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** The contract's registration example: a real one from Chromium's virtual authenticator, for a challenge long used. */
const RECORDED = example('registerPasskey', 'new-user', 'request');

/** The browser's registration answer, changed on its way to the server (a hostile extension, a proxy): `change` goes into its client data. */
async function tamperRegistration(page: Page, change: (challenge: string) => Record<string, string>) {
  await page.route('**/api/v1/user/passkeys', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    const sent = route.request().postDataJSON();
    const { challenge } = JSON.parse(Buffer.from(sent.response.clientDataJSON, 'base64url').toString('utf8'));
    await route.fallback({ postData: JSON.stringify(withClientData(sent, change(challenge))) });
  });
}

const PASSKEYS: Attack[] = [
  {
    name: 'a nickname made to pass for another method, with direction controls and markup: shown as labelled text beside the method’s own name, nothing run',
    async run(browser) {
      const page = await signedIn(browser, 'taiman.chan', '/profile/details');
      await page.route('**/api/v1/user/factor', async (route) => {
        const answer = await (await route.fetch()).json();
        for (const factor of answer.factors) {
          if (factor.id === 'mbf1taimansms') factor.nickname = '\u202eyfireV atkO\u200b<img src=x onerror="window.hit=1">';
        }
        await route.fulfill({ json: answer });
      });
      await page.route('**/api/v1/user/passkeys', async (route) => {
        const answer = await (await route.fetch()).json();
        answer.passkeys[0].nickname = 'SMS Authentication</li><li><b>Okta Verify</b>';
        await route.fulfill({ json: answer });
      });
      await page.goto('/profile/mfa');
      const sms = page.getByRole('row', { name: /^SMS Authentication/ });
      // The direction control and the zero-width space are gone: what shows is what is there.
      await expect(sms).toContainText('Nickname: yfireV atkO<img src=x onerror="window.hit=1">');
      await expect(sms.locator('img')).toHaveCount(0);
      const passkeys = page.getByRole('region', { name: 'Passkeys' });
      await expect(passkeys.getByRole('listitem')).toHaveCount(2);
      await expect(passkeys.getByRole('listitem').first()).toContainText('SMS Authentication</li><li><b>Okta Verify</b>Model: YubiKey 5 NFC');
      await expect(passkeys.locator('b')).toHaveCount(0);
      expect(await page.evaluate(() => (window as { hit?: number }).hit)).toBeUndefined();
    },
  },
  {
    name: 'a nickname typed with a control character or over 256 characters: refused with a reason, nothing sent',
    async run(browser) {
      const page = await signedIn(browser, 'taiman.chan', '/profile/mfa');
      const changes = recordChanges(page);
      const renames: string[] = [];
      page.on('request', (request) => request.method() === 'PATCH' && renames.push(request.url()));
      await page.getByRole('button', { name: 'Edit' }).click();
      await page.getByRole('button', { name: 'Rename Voice Call Authentication' }).click();
      const dialog = page.getByRole('dialog', { name: 'Rename Voice Call Authentication' });
      await dialog.getByLabel('Nickname').fill('Desk\u0007phone\u0085');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog.getByText('A nickname cannot contain control characters, such as line breaks or tabs.')).toBeVisible();
      await dialog.getByLabel('Nickname').fill('n'.repeat(257));
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog.getByText('A nickname can have at most 256 characters.')).toBeVisible();
      expect([...changes, ...renames]).toEqual([]);
    },
  },
  {
    name: 'step-up on renaming a method: back on the page with the nickname typed, nothing renamed',
    async run(browser) {
      const page = await signedInAtIdp(browser, 'taiman.chan', '/profile/mfa');
      const calls = await stepUpOn(page, on('PATCH', /^\/api\/v1\/user\/factor\/[^/]+$/));
      await page.getByRole('button', { name: 'Edit' }).click();
      await page.getByRole('button', { name: 'Rename Voice Call Authentication' }).click();
      await page.getByRole('dialog').getByLabel('Nickname').fill('Desk phone');
      await expectStepUp(page, () => page.getByRole('dialog').getByRole('button', { name: 'Save' }).click(), '/profile/mfa');
      // What they typed waits for them, the change not made until they ask again.
      await expect(page.getByRole('dialog', { name: 'Rename Voice Call Authentication' }).getByLabel('Nickname')).toHaveValue('Desk phone');
      await expect(page.getByRole('row', { name: /^Voice Call/ })).not.toContainText('Desk phone');
      expect(calls).toHaveLength(1);
    },
  },
  {
    name: 'step-up on removing a passkey: back on the page, the passkey still there',
    async run(browser) {
      const page = await signedInAtIdp(browser, 'taiman.chan', '/profile/mfa');
      const calls = await stepUpOn(page, on('DELETE', /^\/api\/v1\/user\/passkeys\/[^/]+$/));
      await page.getByRole('button', { name: 'Remove Office key' }).click();
      await expectStepUp(
        page,
        () => page.getByRole('dialog', { name: 'Remove Office key?' }).getByRole('button', { name: 'Remove' }).click(),
        '/profile/mfa',
      );
      await expect(page.getByRole('region', { name: 'Passkeys' })).toContainText('Office key');
      expect(calls).toHaveLength(1);
    },
  },
  {
    name: 'step-up on adding a passkey: asked before the browser makes anything, back on the page',
    async run(browser) {
      const page = await signedInAtIdp(browser, 'smwong25', '/profile/mfa/enroll/FIDO/webauthn');
      const calls = await stepUpOn(page, on('POST', /^\/api\/v1\/user\/passkeys\/registration$/));
      const registrations: string[] = [];
      page.on(
        'request',
        (request) => request.method() === 'POST' && request.url().endsWith('/api/v1/user/passkeys') && registrations.push(request.url()),
      );
      await expectStepUp(page, () => page.getByRole('button', { name: 'Add a passkey' }).click(), '/profile/mfa/enroll/FIDO/webauthn');
      expect(calls).toHaveLength(1);
      expect(registrations).toEqual([]);
    },
  },
  {
    name: 'a registration answer changed to another origin on its way: the mock refuses it, the page says why, nothing listed',
    async run(browser) {
      const page = await signedIn(browser, 'smwong25', '/profile/mfa');
      await (await remembering.get()).route(page);
      await tamperRegistration(page, () => ({ origin: 'https://evil.example' }));
      await addAuthenticator(page, 'synced');
      await page.goto('/profile/mfa/enroll/FIDO/webauthn');
      await page.getByRole('button', { name: 'Add a passkey' }).click();
      await expect(page.getByRole('alert')).toContainText('The passkey was not accepted: This passkey was not made for this site.');
      expect(await (await api('smwong25', 'GET', '/api/v1/user/passkeys')).json()).toEqual({ passkeys: [] });
    },
  },
  {
    name: 'a registration answer for another challenge (a replayed one): the mock refuses it, nothing listed',
    async run(browser) {
      const page = await signedIn(browser, 'smwong25', '/profile/mfa');
      await (await remembering.get()).route(page);
      await tamperRegistration(page, () => ({ challenge: 'Uk4-q0hW9TUtb_n7CctQL8LOjg57BznfbzyDF25iRLk' }));
      await addAuthenticator(page, 'synced');
      await page.goto('/profile/mfa/enroll/FIDO/webauthn');
      await page.getByRole('button', { name: 'Add a passkey' }).click();
      await expect(page.getByRole('alert')).toContainText('The passkey was not accepted: This passkey request has expired. Please try again.');
      expect(await (await api('smwong25', 'GET', '/api/v1/user/passkeys')).json()).toEqual({ passkeys: [] });
    },
  },
  {
    name: 'registrations sent straight to the mock: a stale challenge, and a fresh one from another origin or a look-alike, all refused',
    async run() {
      const stale = await api('taiman.chan', 'POST', '/api/v1/user/passkeys', RECORDED);
      expect([stale.status, await stale.json()]).toEqual([400, example('registerPasskey', 'error', '400')]);
      for (const origin of ['https://evil.example', 'http://localhost:5173.evil.example', 'http://localhost:4174']) {
        // Right in every way but its origin (the verifier's software authenticator).
        const { challenge, rp } = await (await api('taiman.chan', 'POST', '/api/v1/user/passkeys/registration')).json();
        const foreign = await api('taiman.chan', 'POST', '/api/v1/user/passkeys', registration({ challenge, origin, rpId: rp.id }));
        expect([origin, foreign.status, await foreign.json()]).toEqual([origin, 400, example('registerPasskey', 'wrong-origin', '400')]);
      }
      const listed = (await (await api('taiman.chan', 'GET', '/api/v1/user/passkeys')).json()) as { passkeys: { id: string }[] };
      expect(listed.passkeys.map((passkey) => passkey.id)).toEqual(['fwf1taimanyubikey', 'fwf2taimanplatform']);
    },
  },
];

test.describe.configure({ mode: 'parallel' });
test.describe('nicknames and passkeys', () => PASSKEYS.forEach((attack) => test(attack.name, attackTest(attack))));
