// The mock backend on 127.0.0.1:4010 (MOCK_API_PORT), in one of two ways:
//
// - By default it remembers (mock/state.ts): Prism, as a validating proxy with --errors, in
//   front of a small server on 127.0.0.1:4011 (MOCK_STATE_PORT) that keeps each persona's
//   factors, identities, recovery email and password until it stops. Prism checks every request
//   and every answer against openapi.yaml, so the state cannot drift from the contract: an
//   answer that breaks it arrives as Prism's 500 naming the violation. A missing token is the
//   server's to answer, with the contract's 401 (contractWithoutSecurity says why).
// - With --stateless (or MOCK_STATELESS=1) Prism answers every call from the contract's
//   examples and forgets everything (what the end-to-end tests run against).
//
// Either way the persona and any named example or status are chosen per request by the
// `Prefer` header that the dev/preview proxy adds (mock/persona.ts).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, unwatchFile, watchFile, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parse, stringify } from 'yaml';
import { STATE_PORT, startStateServer } from './state.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = process.env.MOCK_API_PORT ?? '4010';
const prism = fileURLToPath(new URL('../node_modules/.bin/prism', import.meta.url));
const stateless = process.argv.includes('--stateless') || ['1', 'true'].includes(process.env.MOCK_STATELESS ?? '');

/**
 * The contract as the remembering mock's Prism checks it: openapi.yaml without its security
 * requirements (nor the nickname's limits, which the server checks as below), in a folder of its
 * own, removed when the mock stops. Prism's proxy, with
 * --errors, answers a request that lacks the token itself, with a problem of its own ("Invalid
 * security scheme used"), instead of the contract's 401, and its command line has no switch for
 * that check. Without it, the server behind answers a missing token with the contract's 401 and
 * its WWW-Authenticate header (state.ts), and Prism checks that answer, and everything else of
 * every request and answer, against the contract as before.
 */
function contractWithoutSecurity(): { file: string; remove: () => void } {
  const source = join(root, 'openapi.yaml');
  const folder = mkdtempSync(join(tmpdir(), 'portal-mock-'));
  const file = join(folder, 'openapi.yaml');
  const write = () => {
    const text = readFileSync(source, 'utf8');
    let spec;
    try {
      spec = parse(text);
    } catch {
      // Prism says what is wrong with it, as it would with openapi.yaml itself.
      return writeFileSync(file, text);
    }
    delete spec.security;
    for (const item of Object.values<Record<string, { security?: unknown }>>(spec.paths ?? {})) {
      for (const operation of Object.values(item)) if (operation && typeof operation === 'object') delete operation.security;
    }
    // The nickname's limits, which the server checks itself and refuses with the contract's 400,
    // as a backend must (Prism would answer a problem of its own).
    const nickname = spec.components?.schemas?.RenameFactorRequest?.properties?.nickname;
    if (nickname) for (const check of ['pattern', 'maxLength']) delete nickname[check];
    writeFileSync(file, stringify(spec));
  };
  write();
  // Prism reloads the copy when it changes, as it did openapi.yaml: an edit to the contract shows at once.
  watchFile(source, { interval: 1000 }, write);
  return {
    file,
    remove: () => {
      unwatchFile(source);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

let args: string[];
let cleanUp = () => undefined as void;
if (stateless) {
  args = ['mock', 'openapi.yaml'];
} else {
  // Port 0 (a test's mock, mock/rememberingMock.ts) is one the system gives: this line says which.
  const statePort = ((await startStateServer(STATE_PORT)).address() as AddressInfo).port;
  const contract = contractWithoutSecurity();
  cleanUp = contract.remove;
  args = ['proxy', contract.file, `http://127.0.0.1:${statePort}`];
  console.log(`mock API: remembers changes per persona until it stops (npm run mock:reset forgets them); state server on 127.0.0.1:${statePort}`);
}

const child = spawn(prism, [...args, '--host', '127.0.0.1', '--port', port, '--errors'], { cwd: root, stdio: 'inherit' });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => {
  cleanUp();
  process.exit(code ?? (signal ? 0 : 1));
});
