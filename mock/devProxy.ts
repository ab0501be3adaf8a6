// Where the dev and preview servers send /api, and the development-only choice of mock answers.
//
// - By default /api goes to the mock API on 127.0.0.1:$MOCK_API_PORT (4010), with the persona's
//   `Prefer: example=<persona>` added (mock/persona.ts) unless the request carries its own.
// - API_TARGET=https://backend.example sends /api to that backend instead, as the browser sent
//   it: no Prefer header, no persona, no chosen answers.
// - In the dev server, the examples panel (src/dev/) chooses per operation one of the contract's
//   named examples or error statuses, a slow answer, or none at all: GET and POST
//   /__mock/examples hold the choice here, in the dev server, so it works with the stateful
//   mock and with Prism's stateless one alike.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Plugin, ProxyOptions } from 'vite';
import { isOwnDevRequest, NOT_OWN_REQUEST } from './devRequest.ts';
import { isLoopbackHost } from '../src/shared/config/configSchema.ts';
import { preferFor } from './persona.ts';
import { contractOperations, operationFor } from './state.ts';

/** How long a "slow" answer waits before it goes to the mock. */
export const SLOW_MS = 3000;
export const EXAMPLES_PATH = '/__mock/examples';

/** /api for the dev and preview servers: the mock with its persona, or the backend API_TARGET names. */
export function apiProxyFor(env: NodeJS.ProcessEnv = process.env): Record<string, ProxyOptions> {
  if (env.API_TARGET) {
    const target = new URL(env.API_TARGET);
    if (!/^https?:$/.test(target.protocol)) throw new Error(`API_TARGET must be an http(s) address, not '${env.API_TARGET}'`);
    // Every call carries the bearer token: over plain http only to this machine.
    if (target.protocol === 'http:' && !isLoopbackHost(target.hostname))
      throw new Error(`API_TARGET must use https: (plain http: only on this machine), not '${env.API_TARGET}'`);
    return { '/api': { target: target.origin, changeOrigin: true, secure: true } };
  }
  return {
    '/api': {
      target: `http://127.0.0.1:${env.MOCK_API_PORT ?? '4010'}`,
      changeOrigin: true,
      configure(proxy) {
        proxy.on('proxyReq', (proxyReq, req) => {
          // A test (or the examples panel) may choose a response itself (Prefer: code=500); keep its choice.
          if (req.headers.prefer) return;
          proxyReq.setHeader('Prefer', preferFor({ url: req.url ?? '/', authorization: req.headers.authorization }));
        });
      },
    },
  };
}

export interface ExampleChoice {
  /** What the panel sends back: a Prefer value, `slow` or `no-status`. */
  value: string;
  label: string;
}

export interface OperationChoices {
  operationId: string;
  request: string;
  choices: ExampleChoice[];
  /** The chosen answer, or null for the usual one (the persona's). */
  active: string | null;
}

/** Every answer the panel offers for each operation, from openapi.yaml. */
export function choicesOf(): Omit<OperationChoices, 'active'>[] {
  return contractOperations().map(({ id, request, responses }) => ({
    operationId: id,
    request,
    choices: [
      ...responses.flatMap(({ status, examples }) =>
        status.startsWith('2')
          ? examples.map((name) => ({
              value: `example=${name}`,
              label: `${status} ${name}${name.startsWith('okta-') ? " (Okta's own answer)" : ''}`,
            }))
          : [{ value: `code=${status}`, label: `${status} error` }],
      ),
      { value: 'slow', label: `slow: the usual answer after ${SLOW_MS / 1000} s` },
      { value: 'no-status', label: 'no status: the connection drops' },
    ],
  }));
}

async function readBody(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text;
}

/** The dev server's side of the examples panel; never part of the preview server or the build. */
export function mockExamples(env: NodeJS.ProcessEnv = process.env): Plugin {
  const active = new Map<string, string>();
  const list = (): OperationChoices[] => choicesOf().map((op) => ({ ...op, active: active.get(op.operationId) ?? null }));
  const send = (res: ServerResponse, status: number, body: unknown) =>
    void res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }).end(JSON.stringify(body));
  return {
    name: 'portal:mock-examples',
    apply: 'serve',
    configureServer(server) {
      // The page the panel runs in: this server, on the port it listens on.
      const ownOrigins = () => {
        const port = (server.httpServer?.address() as AddressInfo | null)?.port;
        return port === undefined ? [] : [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
      };
      // Before Vite's own middlewares (its /api proxy among them).
      server.middlewares.use((req, res, next) => {
        const url = new URL(req.url ?? '/', 'http://dev');
        if (url.pathname === EXAMPLES_PATH) {
          if (env.API_TARGET)
            return send(res, 409, { error: `/api goes to ${env.API_TARGET} (API_TARGET): there is no mock to choose answers from` });
          if (req.method === 'GET') return send(res, 200, list());
          if (req.method !== 'POST') return send(res, 405, { error: 'GET or POST' });
          if (!isOwnDevRequest(req, ownOrigins())) return send(res, 403, { error: NOT_OWN_REQUEST });
          void readBody(req).then((text) => {
            let choice: { operationId?: unknown; value?: unknown };
            try {
              choice = JSON.parse(text);
            } catch {
              return send(res, 400, { error: 'a JSON body: { operationId, value }' });
            }
            const op = choicesOf().find((o) => o.operationId === choice.operationId);
            if (!op) return send(res, 400, { error: `no operation ${String(choice.operationId)}` });
            if (choice.value === null) active.delete(op.operationId);
            else if (op.choices.some((c) => c.value === choice.value)) active.set(op.operationId, String(choice.value));
            else return send(res, 400, { error: `${op.operationId} has no answer ${String(choice.value)}` });
            send(res, 200, list());
          });
          return;
        }
        if (env.API_TARGET || !url.pathname.startsWith('/api/')) return next();
        const found = operationFor(req.method ?? 'GET', url.pathname);
        const chosen = found && active.get(found.operation.id);
        if (!chosen) return next();
        if (chosen === 'no-status') return void req.socket.destroy();
        if (chosen === 'slow') return void setTimeout(next, SLOW_MS);
        // A test's own Prefer header still wins.
        req.headers.prefer ??= chosen;
        next();
      });
    },
  };
}
