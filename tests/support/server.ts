import type { RequestHandler } from 'msw';
import { setupServer } from 'msw/node';

/**
 * Every operation of the contract, answering with its first named example (the new-user
 * persona): each generated module's `get<Tag>Mock()`, which lists the handlers of its tag, so a
 * new tag needs no line here. Tests override one response at a time with `server.use(...)`.
 */
const modules = import.meta.glob<Record<string, unknown>>('../../generated/api/**/*.msw.ts', { eager: true });
const handlers = Object.values(modules).flatMap((module) =>
  Object.entries(module)
    .filter(([name]) => /^get\w+Mock$/.test(name) && !/(Response|Handler)Mock$/.test(name))
    .flatMap(([, make]) => (make as () => RequestHandler[])()),
);

export const server = setupServer(...handlers);
