// For the verifier's tests: Prism's mock of the contract and npm start's mock that remembers as
// correct backends, throwaway servers as wrong ones, and the verifier run as a command. Every
// port comes from the system.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startRememberingMock as startMockThatRemembers } from '../../../mock/rememberingMock.ts';
import { freePort } from './prism.ts';

const children: ChildProcess[] = [];
const stops: (() => void)[] = [];
const servers: Server[] = [];

/** Prism's stateless mock of the repository's contract, once it answers HTTP. */
export async function startMock(): Promise<string> {
  const port = await freePort();
  const prism = spawn('node_modules/.bin/prism', ['mock', 'openapi.yaml', '--host', '127.0.0.1', '--port', String(port)], { stdio: 'ignore' });
  children.push(prism);
  return answering(`http://127.0.0.1:${port}`, prism);
}

/** `npm start`'s mock API, the one that remembers (mock/api.ts: Prism in front of mock/state.ts), once it answers HTTP. */
export async function startRememberingMock(): Promise<string> {
  const mock = await startMockThatRemembers();
  stops.push(mock.stop);
  return mock.origin;
}

/** Resolves with `url` once something answers there; rejects when `child` exits first, or after 30 s. */
async function answering(url: string, child: ChildProcess): Promise<string> {
  for (let i = 0; i < 150; i += 1) {
    if (child.exitCode !== null) throw new Error(`the mock exited (${child.exitCode}) before answering`);
    const answered = await fetch(`${url}/api/v1/user/profile`).then(
      () => true,
      () => false,
    );
    if (answered) return url;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`nothing answers ${url}`);
}

/** A throwaway HTTP server on a port the system gives, or on `port`; the handler gets the request's body, read whole. */
export async function serve(
  handler: (path: string, res: ServerResponse, method: string, headers: Record<string, unknown>, body: string) => void,
  port = 0,
) {
  const server = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    handler(new URL(req.url ?? '/', 'http://x').pathname, res, req.method ?? '', req.headers, body);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export const json = (res: ServerResponse, status: number, body: string) =>
  void res.writeHead(status, { 'Content-Type': 'application/json' }).end(body);

/** Stops every server and mock these tests started. */
export async function stopAll() {
  for (const child of children) child.kill();
  for (const stop of stops) stop();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
}

/** A command to its end: its exit code, stdout and stderr together, stdout alone, and how long it took. */
export function runCommand(command: string, args: string[], options: { cwd?: string; env: NodeJS.ProcessEnv }) {
  const started = Date.now();
  return new Promise<{ code: number | null; out: string; stdout: string; seconds: number }>((resolve) => {
    const child = spawn(command, args, options);
    let out = '';
    let stdout = '';
    child.stdout.on('data', (chunk) => ((out += chunk), (stdout += chunk)));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.on('close', (code) => resolve({ code, out, stdout, seconds: (Date.now() - started) / 1000 }));
  });
}
