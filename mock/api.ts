// The mock backend on 127.0.0.1:4010 (MOCK_API_PORT), in one of two ways:
//
// - By default it remembers (mock/state.ts): Prism, as a validating proxy with --errors, in
//   front of a small server on 127.0.0.1:4011 (MOCK_STATE_PORT) that keeps each persona's
//   factors, identities, recovery email and password until it stops. Prism checks every request
//   and every answer against openapi.yaml, so the state cannot drift from the contract: an
//   answer that breaks it arrives as Prism's 500 naming the violation.
// - With --stateless (or MOCK_STATELESS=1) Prism answers every call from the contract's
//   examples and forgets everything (what the end-to-end tests run against).
//
// Either way the persona and any named example or status are chosen per request by the
// `Prefer` header that the dev/preview proxy adds (mock/persona.ts).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { STATE_PORT, startStateServer } from './state.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = process.env.MOCK_API_PORT ?? '4010';
const prism = fileURLToPath(new URL('../node_modules/.bin/prism', import.meta.url));
const stateless = process.argv.includes('--stateless') || ['1', 'true'].includes(process.env.MOCK_STATELESS ?? '');

let args: string[];
if (stateless) {
  args = ['mock', 'openapi.yaml'];
} else {
  await startStateServer(STATE_PORT);
  args = ['proxy', 'openapi.yaml', `http://127.0.0.1:${STATE_PORT}`];
  console.log(`mock API: remembers changes per persona until it stops (npm run mock:reset forgets them); state server on 127.0.0.1:${STATE_PORT}`);
}

const child = spawn(prism, [...args, '--host', '127.0.0.1', '--port', port, '--errors'], { cwd: root, stdio: 'inherit' });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
