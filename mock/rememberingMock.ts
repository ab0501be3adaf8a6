// `npm start`'s mock API, the one that remembers (api.ts without --stateless: Prism checking every
// request and answer in front of state.ts), started for a test. Both servers take port 0, a port
// the system gives as they listen, and the mock says which: two mocks started at once can never
// be handed the same port, as two calls for a free port, each closed before use, can be.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface RememberingMock {
  /** Where the mock API (its Prism) answers: `http://127.0.0.1:PORT`. */
  origin: string;
  /** Where the server that remembers listens (`npm run mock:reset` with MOCK_STATE_PORT). */
  statePort: number;
  stop: () => void;
}

/** Starts the remembering mock in a process group of its own; resolves once both its servers listen. */
export function startRememberingMock(timeoutMs = 30_000): Promise<RememberingMock> {
  const env: NodeJS.ProcessEnv = { ...process.env, MOCK_API_PORT: '0', MOCK_STATE_PORT: '0' };
  delete env.MOCK_STATELESS;
  delete env.MOCK_PERSONA;
  const api = spawn(process.execPath, [fileURLToPath(new URL('./api.ts', import.meta.url))], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const stop = () => {
    try {
      if (api.pid && api.exitCode === null) process.kill(-api.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  };
  return new Promise((resolve, reject) => {
    let log = '';
    let listening = false;
    const fail = (why: string) => {
      clearTimeout(timer);
      stop();
      reject(new Error(`the remembering mock ${why}:\n${log.slice(-2000)}`));
    };
    const timer = setTimeout(() => fail(`did not listen within ${timeoutMs / 1000} s`), timeoutMs);
    api.once('exit', (code, signal) => fail(`stopped before it listened (${code ?? signal})`));
    // Prism logs every request: both pipes are read for as long as the mock runs, or it would stall once one is full.
    const read = (chunk: Buffer) => {
      if (listening) return;
      log += chunk;
      const origin = /Prism is listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(log)?.[1];
      const statePort = /state server on 127\.0\.0\.1:(\d+)/.exec(log)?.[1];
      if (!origin || !statePort) return;
      clearTimeout(timer);
      api.removeAllListeners('exit');
      listening = true;
      resolve({ origin, statePort: Number(statePort), stop });
    };
    api.stdout.on('data', read);
    api.stderr.on('data', read);
  });
}
