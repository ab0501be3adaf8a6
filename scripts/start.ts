// `npm start`: the identity provider, the mock API and the app as one command.
// Ctrl-C stops all three.
import concurrently from 'concurrently';
import { devUsers } from '../mock/persona.ts';

const users = devUsers();
const persona = process.env.MOCK_PERSONA;

console.log(`
  Account portal (development)
  ----------------------------
  Open            http://localhost:5173
  Sign in as      ${users.map((u) => `${u.username} / ${u.password}  (${u.persona} persona)`).join('\n                  ')}
  Mock persona    ${persona ? `${persona} for everyone (MOCK_PERSONA)` : 'follows the signed-in dev user'}
  Identity        http://localhost:9000   Mock API  http://127.0.0.1:4010
  Stop            Ctrl-C
`);

const { result } = concurrently(
  [
    { command: 'node mock/idp.ts', name: 'idp', prefixColor: 'magenta' },
    { command: 'node mock/api.ts', name: 'api', prefixColor: 'cyan' },
    { command: 'node node_modules/vite/bin/vite.js', name: 'app', prefixColor: 'green' },
  ],
  { killOthersOn: ['failure', 'success'], prefix: 'name', killSignal: 'SIGTERM' },
);

result.then(
  () => process.exit(0),
  () => process.exit(process.exitCode ?? 0),
);
