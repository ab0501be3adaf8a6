// `npm start`: the identity provider, the mock API and the app as one command.
// Ctrl-C stops all three. `npm start -- --stateless` runs Prism's stateless mock instead of
// the one that remembers (mock/api.ts).
import concurrently from 'concurrently';
import { devUsers } from '../../mock/persona.ts';

const users = devUsers();
const persona = process.env.MOCK_PERSONA;
const stateless = process.argv.includes('--stateless') || ['1', 'true'].includes(process.env.MOCK_STATELESS ?? '');
const apiPort = process.env.MOCK_API_PORT ?? '4010';

console.log(`
  Account portal (development)
  ----------------------------
  Open            http://localhost:5173
  Sign in as      ${users.map((u) => `${u.username} / ${u.password}  (${u.persona} persona)`).join('\n                  ')}
  Mock persona    ${persona ? `${persona} for everyone (MOCK_PERSONA)` : 'follows the signed-in dev user'}
  Mock API        http://127.0.0.1:${apiPort}, ${
    stateless ? "stateless: the contract's examples (--stateless)" : 'remembers changes per persona until Ctrl-C; `npm run mock:reset` forgets them'
  }
  Mock answers    the "Mock answers" button at the bottom right of the app chooses any example
  Identity        http://localhost:9000
  Stop            Ctrl-C
`);

const { result } = concurrently(
  [
    { command: 'node mock/idp.ts', name: 'idp', prefixColor: 'magenta' },
    { command: `node mock/api.ts${stateless ? ' --stateless' : ''}`, name: 'api', prefixColor: 'cyan' },
    { command: 'node node_modules/vite/bin/vite.js', name: 'app', prefixColor: 'green' },
  ],
  { killOthersOn: ['failure', 'success'], prefix: 'name', killSignal: 'SIGTERM' },
);

result.then(
  () => process.exit(0),
  () => process.exit(process.exitCode ?? 0),
);
