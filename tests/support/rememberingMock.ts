import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { expect, type Page } from '@playwright/test';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/**
 * `npm start`'s mock API, which remembers (mock/api.ts without --stateless: Prism checking every
 * request and answer in front of mock/state.ts), on ports the system gives: for the journeys
 * whose server side must be real (a passkey's registration verified as a relying party does).
 * `route(page)` sends the page's /api calls there (`origin` takes calls of a test's own); the
 * persona follows the token's subject.
 */
export async function startRememberingMock(): Promise<{ origin: string; route: (page: Page) => Promise<void>; stop: () => void }> {
  const [apiPort, statePort] = [await freePort(), await freePort()];
  const origin = `http://127.0.0.1:${apiPort}`;
  const env: NodeJS.ProcessEnv = { ...process.env, MOCK_API_PORT: String(apiPort), MOCK_STATE_PORT: String(statePort) };
  delete env.MOCK_STATELESS;
  delete env.MOCK_PERSONA;
  const api: ChildProcess = spawn(process.execPath, ['mock/api.ts'], { env, stdio: 'ignore', detached: true });
  await expect(async () => {
    expect(api.exitCode).toBeNull();
    await fetch(`${origin}/api/v1/user/profile`);
  }).toPass({ timeout: 20_000 });
  return {
    origin,
    route: async (page) => {
      await page.route('**/api/v1/**', async (route) => {
        const url = new URL(route.request().url());
        await route.fulfill({ response: await route.fetch({ url: `${origin}${url.pathname}${url.search}` }) });
      });
    },
    stop: () => {
      if (api.pid) process.kill(-api.pid, 'SIGTERM');
    },
  };
}
