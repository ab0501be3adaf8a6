// The mock backend: Prism answers every /api/v1 call from openapi.yaml's examples and
// rejects requests that break the contract. Which persona answers is chosen per request
// by the `Prefer` header that the dev/preview proxy adds (mock/persona.ts).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = process.env.MOCK_API_PORT ?? '4010';
const prism = fileURLToPath(new URL('../node_modules/.bin/prism', import.meta.url));

const child = spawn(prism, ['mock', 'openapi.yaml', '--host', '127.0.0.1', '--port', port, '--errors'], {
  cwd: root,
  stdio: 'inherit',
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
