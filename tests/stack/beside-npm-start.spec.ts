import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { devAccessToken, preferFor } from '../../mock/persona.ts';
import { DEV_API_PORT, DEV_STATE_PORT } from '../../tools/scripts/dev-stack.ts';
import { expect, test } from '../e2e/fixtures';
import { signIn, watchConsole } from '../e2e/support';

// `npm start` runs a mock API that remembers what a developer changes, on its own ports. The
// tests' stack runs beside it with a mock API of its own (tools/scripts/dev-stack.ts): what a
// developer enrolled must never reach a test. Here a remembering mock takes `npm start`'s ports,
// an SMS is enrolled in it for smwong25, and the portal under test must still show none.
const CI = Boolean(process.env.CI);
let devMock: ChildProcess | undefined;

/** Whether nothing listens on the port of 127.0.0.1, where `npm start`'s mock API listens. */
const isFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer()
      .once('error', () => resolve(false))
      .listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

/** A call to the remembering mock as the dev server makes it for smwong25 (the persona's Prefer header). */
async function asSmwong25(path: string, body: unknown) {
  const authorization = `Bearer ${devAccessToken('smwong25')}`;
  const answer = await fetch(`http://127.0.0.1:${DEV_API_PORT}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      Authorization: authorization,
      Prefer: preferFor({ url: path, authorization, envPersona: '' }),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(answer.status, path).toBe(200);
  return answer.json();
}

test.afterAll(() => {
  if (devMock?.pid) process.kill(-devMock.pid, 'SIGTERM');
});

test('an SMS enrolled in the mock on npm start’s ports does not reach the portal under test', async ({ page }) => {
  const free = (await isFree(DEV_API_PORT)) && (await isFree(DEV_STATE_PORT));
  // On a developer's machine the ports may be `npm start`'s own, whose state this test leaves alone.
  test.skip(!free && !CI, `ports ${DEV_API_PORT} and ${DEV_STATE_PORT} are in use (npm start?)`);
  expect(free, `ports ${DEV_API_PORT} and ${DEV_STATE_PORT} (npm start's mock API) must be left to npm start`).toBe(true);

  const env: NodeJS.ProcessEnv = { ...process.env, MOCK_API_PORT: String(DEV_API_PORT), MOCK_STATE_PORT: String(DEV_STATE_PORT) };
  delete env.MOCK_STATELESS;
  delete env.MOCK_PERSONA;
  devMock = spawn(process.execPath, ['mock/api.ts'], { env, stdio: 'ignore', detached: true });
  await expect(async () => {
    expect(devMock?.exitCode).toBeNull();
    await fetch(`http://127.0.0.1:${DEV_API_PORT}/api/v1/user/profile`);
  }).toPass({ timeout: 20_000 });

  const enrolled = await asSmwong25('/api/v1/user/factor/enroll/phone', { factorType: 'sms', provider: 'OKTA', phoneNumber: '+447700900123' });
  await asSmwong25(`/api/v1/user/factor/${enrolled.id}/activate`, { passCode: '123456' });
  const remembered = await asSmwong25('/api/v1/user/factor', undefined);
  expect(remembered.factors).toContainEqual(expect.objectContaining({ factorType: 'sms', status: 'ACTIVE' }));

  const problems = watchConsole(page);
  await signIn(page, 'smwong25', '/profile/mfa');
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('button', { name: 'Set up SMS Authentication' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove SMS Authentication' })).toHaveCount(0);
  expect(problems).toEqual([]);
});
