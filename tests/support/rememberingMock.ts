import type { Page } from '@playwright/test';
import { startRememberingMock, type RememberingMock } from '../../mock/rememberingMock.ts';

/**
 * `npm start`'s mock API, which remembers (mock/rememberingMock.ts), for the journeys whose server
 * side must be real (a passkey's registration verified as a relying party does). `route(page)`
 * sends the page's /api calls there (`origin` takes calls of a test's own); the persona follows the
 * token's subject.
 */
interface PageMock extends RememberingMock {
  route: (page: Page) => Promise<void>;
}

async function start(): Promise<PageMock> {
  const mock = await startRememberingMock();
  return {
    ...mock,
    route: async (page) => {
      await page.route('**/api/v1/**', async (route) => {
        const url = new URL(route.request().url());
        await route.fulfill({ response: await route.fetch({ url: `${mock.origin}${url.pathname}${url.search}` }) });
      });
    },
  };
}

/**
 * The remembering mock of a test file, started by the first of its tests that asks for it (`get()`)
 * in each worker that runs one: a worker that runs only the file's other tests starts none. Give
 * `stop` to `test.afterAll`.
 */
export function rememberingMockOnDemand() {
  let started: Promise<PageMock> | undefined;
  return {
    get: () => (started ??= start()),
    stop: async () => {
      await started?.then(
        (mock) => mock.stop(),
        () => undefined,
      );
    },
  };
}
