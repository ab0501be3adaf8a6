// The benchmark's child processes: the production build, the dev stack (identity provider,
// Prism mock, `vite preview`) and, for --server nginx, nginx in front of the build. Each server
// runs in its own process group so that stopping it also stops whatever it started.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { NGINX, selfSignedCertificate, startNginx, writeNginxConf } from '../deploy/local-nginx.ts';
import { APP_ORIGIN, HOSTED_ORIGIN } from '../../mock/origins.ts';
import { STACK, type StackServer } from '../scripts/dev-stack.ts';
import { BenchError, fail, type Target } from './target.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface Tail {
  text: string;
}

interface Running {
  name: string;
  child: ChildProcess;
  exited: boolean;
  exitStatus?: string;
}

const running = new Set<Running>();
let buildChild: ChildProcess | undefined;
let nginxDir: string | undefined;

/** The last few KB a child printed, to show when it fails. */
function captureTail(stream: Readable | null, limit = 4000): Tail {
  const tail = { text: '' };
  stream?.on('data', (chunk) => {
    tail.text = (tail.text + chunk).slice(-limit);
  });
  return tail;
}

/** The production build, with source maps beside it (not referenced by the files) for long-tasks.ts. */
export function build(): Promise<void> {
  const started = Date.now();
  console.log('bench: vite build ...');
  const child = spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--sourcemap', 'hidden'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  buildChild = child;
  const out = captureTail(child.stdout);
  const err = captureTail(child.stderr);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      buildChild = undefined;
      if (code === 0) {
        console.log(`bench: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        resolve();
      } else reject(new BenchError(`vite build failed (${signal ?? `exit ${code}`}):\n${out.text}${err.text}`));
    });
  });
}

export function stopBuild(): void {
  buildChild?.kill('SIGTERM');
}

/** Whether anything accepts connections on the port, over IPv4 or IPv6 loopback. */
async function portInUse(port: number): Promise<boolean> {
  const probe = (host: string) =>
    new Promise<boolean>((resolve) => {
      const socket = connect({ port, host });
      const done = (used: boolean) => {
        socket.destroy();
        resolve(used);
      };
      socket.once('connect', () => done(true));
      socket.once('error', () => done(false));
      socket.setTimeout(1000, () => done(false));
    });
  const answers = await Promise.all(['127.0.0.1', '::1'].map(probe));
  return answers.some(Boolean);
}

interface StackHandle extends Running, StackServer {
  output: Tail;
  errors: Tail;
}

function startServer(server: StackServer): StackHandle {
  const env = { ...process.env, ...server.env };
  delete env.MOCK_PERSONA; // the signed-in dev user chooses the persona (mock/persona.ts)
  const child = spawn(process.execPath, server.args, { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  return track({ ...server, child, exited: false, output: captureTail(child.stdout), errors: captureTail(child.stderr) });
}

/** Keeps a started server (in its own process group) among those stopServers stops. */
function track<T extends Running>(handle: T): T {
  handle.child.on('exit', (code, signal) => {
    handle.exited = true;
    handle.exitStatus = signal ?? `exit ${code}`;
    running.delete(handle);
  });
  running.add(handle);
  return handle;
}

async function waitUntilReady(handle: StackHandle, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (handle.exited) {
      fail(`${handle.name} stopped (${handle.exitStatus}) before it was ready:\n${handle.output.text}${handle.errors.text}`);
    }
    try {
      await fetch(handle.ready, { signal: AbortSignal.timeout(2000) });
      return; // any HTTP answer will do
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  fail(`${handle.name} did not answer ${handle.ready} within ${timeoutMs / 1000} s`);
}

/** The plain-HTTP side of the TLS server block, which only redirects: kept off port 80, which needs root. */
const HOSTED_HTTP_PORT = 4444;

/** The servers of this run: the dev stack, and nginx in front of the build when measuring it. */
function servers(target: Target): { name: string; port: number }[] {
  const port = Number(new URL(HOSTED_ORIGIN).port);
  return target.kind === 'nginx'
    ? [...STACK, { name: 'nginx (TLS, HTTP/2)', port }, { name: 'nginx (HTTP to HTTPS)', port: HOSTED_HTTP_PORT }]
    : STACK;
}

/** Refuses to go on while another server holds one of the ports. */
export async function assertPortsFree(target: Target): Promise<void> {
  const busy = [];
  const all = servers(target);
  for (const server of all) if (await portInUse(server.port)) busy.push(server);
  if (busy.length) {
    fail(
      `port(s) already in use: ${busy.map((s) => `${s.port} (${s.name})`).join(', ')}.\n` +
        '  The benchmark starts its own servers and will not measure a foreign one: stop whatever ' +
        `listens there (perhaps the end-to-end tests; see \`ss -ltnp | grep -E ':(${all.map((s) => s.port).join('|')}) '\`) and run it again.`,
    );
  }
}

/** Starts the servers of the target; answers the target as they serve it. */
export async function startServers(target: Target): Promise<Target> {
  await assertPortsFree(target);
  const stack = STACK.map(startServer);
  await Promise.all(stack.map((handle) => waitUntilReady(handle)));
  const handles: Running[] = [...stack];
  let served = target;
  if (target.kind === 'nginx') {
    const hosted = await startHostedBuild();
    handles.push(hosted.handle);
    served = { ...target, spki: hosted.spki, description: hosted.description };
  }
  console.log(`bench: servers up (${handles.map((h) => `${h.name} pid ${h.child.pid}`).join(', ')})`);
  return served;
}

/**
 * nginx as production runs it: the generated server block, TLS and HTTP/2, on
 * portal.localhost (a name of its own, so that the HSTS header it sends does not reach the
 * identity provider on plain http://localhost). /api goes through `vite preview`, whose proxy
 * picks the signed-in dev user's persona.
 */
async function startHostedBuild(): Promise<{ handle: Running; spki: string; description: string }> {
  const dir = mkdtempSync(`${tmpdir()}/portal-bench-nginx-`);
  nginxDir = dir;
  const { hostname, port } = new URL(HOSTED_ORIGIN);
  const tls = selfSignedCertificate(dir, hostname);
  const { conf, brotli } = writeNginxConf(dir, {
    config: JSON.parse(readFileSync(`${ROOT}dist/config.json`, 'utf8')),
    root: `${ROOT}dist`,
    listen: `127.0.0.1:${port}`,
    serverName: hostname,
    apiUpstream: APP_ORIGIN,
    tls,
    httpListen: `127.0.0.1:${HOSTED_HTTP_PORT}`,
  });
  const description = `nginx ${nginxVersion()} with TLS and HTTP/2, ${brotli ? 'brotli and gzip' : 'gzip only (no brotli module: apt-get install libnginx-mod-http-brotli-static)'}`;
  const handle = track<Running>({ name: 'nginx', child: startNginx(dir, conf, { detached: true }), exited: false });
  const deadline = Date.now() + 10_000;
  while (!(await portInUse(Number(port)))) {
    if (handle.exited || Date.now() > deadline) fail(`nginx did not start (${handle.exitStatus ?? 'no answer'}):\n${readErrorLog(dir)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { handle, spki: tls.spki, description };
}

function readErrorLog(dir: string): string {
  try {
    return readFileSync(`${dir}/error.log`, 'utf8').slice(-2000);
  } catch {
    return '';
  }
}

function nginxVersion(): string {
  if (!NGINX) return '';
  const answer = spawnSync(NGINX, ['-v'], { encoding: 'utf8' });
  return /nginx\/([\d.]+)/.exec(answer.stderr)?.[1] ?? '';
}

/** SIGTERM to each server's process group, SIGKILL after a few seconds; then nginx's folder goes. */
export async function stopServers(): Promise<void> {
  const handles = [...running];
  for (const handle of handles) killGroup(handle, 'SIGTERM');
  const deadline = Date.now() + 5000;
  while (running.size && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  // Whatever is left of each group (a leader that exited may leave a child behind).
  for (const handle of handles) killGroup(handle, 'SIGKILL');
  if (nginxDir) rmSync(nginxDir, { recursive: true, force: true });
}

/** For an exit that leaves no time to wait: no server outlives the benchmark. */
export function killServersNow(): void {
  for (const handle of running) killGroup(handle, 'SIGKILL');
}

function killGroup(handle: Running, signal: NodeJS.Signals): void {
  try {
    if (handle.child.pid) process.kill(-handle.child.pid, signal);
  } catch {
    // already gone
  }
}
