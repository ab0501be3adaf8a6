// The check's own Prism, a validating proxy in front of the backend (`prism proxy`): found
// beside this tool, started with an environment that holds no secret, on a port the check
// trusts only once that very Prism says it listens there, and stopped when the check ends.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer, type AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';

/** Prism's command (node and its own script, so no shell on any platform) and its version, as this tool's dependency. */
export function findPrism(): { command: string[]; version: string } {
  const manifestFile = createRequire(import.meta.url).resolve('@stoplight/prism-cli/package.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const script = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin.prism;
  return { command: [process.execPath, join(dirname(manifestFile), script)], version: String(manifest.version) };
}

/**
 * What Prism may see of this process's environment: what Node needs to run and to trust the
 * backend's certificate, nothing else. CI secrets, cloud keys and the token stay out of it.
 */
const PASSED_ON = [
  'PATH',
  'HOME',
  'TMPDIR',
  'TMP',
  'TEMP',
  'LANG',
  'TZ',
  'NODE_EXTRA_CA_CERTS',
  'NODE_USE_SYSTEM_CA',
  'SystemRoot',
  'SYSTEMROOT',
  'WINDIR',
];

export function childEnv(env: Record<string, string | undefined>): Record<string, string> {
  const kept = Object.fromEntries(PASSED_ON.flatMap((name) => (env[name] === undefined ? [] : [[name, env[name]!]])));
  // Prism depends on @scarf/scarf, which reports installs and runs to its vendor unless told not to.
  return { ...kept, SCARF_ANALYTICS: 'false', DO_NOT_TRACK: '1' };
}

/** A port no one holds right now, from the system. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

/** Whether something already listens on this port of 127.0.0.1 (or this process may not take it). */
export function portTaken(port: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'EADDRINUSE' ? 'in use' : `not free (${error.code})`));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(undefined)));
  });
}

/** Prism as a validating proxy in front of the target, stopped when this process exits. */
export function startPrism(prism: string[], contract: string, target: string, port: number) {
  // Without --errors, Prism passes the backend's own status and body on and lists what breaks
  // the contract in its sl-violations header.
  // Its own process group (except on Windows), so stopping it stops everything it started.
  const detached = process.platform !== 'win32';
  const child = spawn(prism[0]!, [...prism.slice(1), 'proxy', contract, target, '--host', '127.0.0.1', '--port', String(port)], {
    cwd: dirname(contract),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached,
    env: childEnv(process.env),
  });
  let log = '';
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  const stop = () => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
    try {
      if (detached) process.kill(-child.pid, 'SIGTERM');
      else child.kill();
    } catch {
      // already gone
    }
  };
  process.on('exit', stop);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));
  /**
   * What this Prism did with the request sent after `mark` (the log's length then), whose path
   * is `path` and whose answer had `status`, as soon as its log says so.
   */
  const handling = (mark: number, path: string, status: number, timeoutMs = 5_000) =>
    new Promise<Handling>((resolve) => {
      const look = () => {
        const found = handlingIn(log.slice(mark), path, status);
        if (!found) return false;
        done(found);
        return true;
      };
      const done = (found: Handling) => {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        child.stderr?.off('data', onData);
        resolve(found);
      };
      // Prism writes its log line as it passes the answer on: the pipe may bring it a moment after the answer.
      const onData = () => void look();
      const timer = setTimeout(() => done({ by: 'prism', why: 'its log does not say whether the backend answered' }), timeoutMs);
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      look();
    });
  return { child, log: () => log, mark: () => log.length, handling, stop };
}

/** Who answered one request: the backend (Prism passed its answer on), or Prism itself, and why. */
export type Handling = { by: 'backend' } | { by: 'prism'; why: string; status?: number };

/**
 * Who answered, from the log Prism wrote for one request (`log`, from the request on): its own
 * failure ("Request terminated with error", the backend unreachable), its own mock of the
 * contract where the backend answered 501 ("Remocking the call"), or the backend's answer with
 * this status, passed on. Undefined while the log does not say yet. Not from the answer's body:
 * a backend may answer with a problem of Prism's shape (one that runs Prism itself), and that
 * is the backend's answer, to be judged like any other.
 */
export function handlingIn(log: string, path: string, status: number): Handling | undefined {
  const failed = /Request terminated with error: (?:\S+: )?(.*)/.exec(log);
  if (failed) return { by: 'prism', why: failed[1]!.trim() };
  if (/Remocking the call/.test(log)) {
    return { by: 'prism', status: 501, why: 'the backend answered 501 (not implemented), and Prism answered from the contract’s examples instead' };
  }
  if (log.includes(`The upstream call to ${path} has returned ${status}`)) return { by: 'backend' };
  return undefined;
}

/**
 * Resolves once this very Prism says it listens on this port (its own log line: if another
 * server held the port, Prism could not bind it and stops instead). Rejects when Prism stops
 * first, or after the timeout.
 */
export function waitForPrism(port: number, child: ChildProcess, timeoutMs: number, log: () => string): Promise<void> {
  const ready = `Prism is listening on http://127.0.0.1:${port}`;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Prism did not start on port ${port} within ${timeoutMs / 1000} s`)), timeoutMs);
    const done = (error?: Error) => {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve();
    };
    const onData = () => {
      if (log().includes(ready)) done();
    };
    const onExit = (code: number | null, signal: string | null) => {
      const why = /EADDRINUSE/.test(log()) ? `port ${port} is in use` : `Prism stopped before it listened on port ${port} (exit ${code ?? signal})`;
      done(new Error(why));
    };
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
    child.once('error', (error) => done(new Error(`could not start Prism: ${error.message}`)));
  });
}

/** Prism's own words on why it stopped: its warnings and errors, without its usage text or its info lines. */
export function prismComplaint(log: string): string {
  const lines = log.split('\n').filter((line) => !/\binfo\b|\bawaiting\b/.test(line));
  // Its command-line parser prints the whole usage before the error: keep what follows it.
  const usageEnds = lines.findLastIndex((line) => /^\s+--[\w-]+\s/.test(line));
  return lines
    .slice(usageEnds + 1)
    .join('\n')
    .trim();
}
