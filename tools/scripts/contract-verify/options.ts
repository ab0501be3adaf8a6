// What the command line asks for, checked before anything starts: the target, where the token
// comes from, and the operations that may change the account.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DATA_FLAGS, MUTATIONS, runProblem, type Data } from './operations.ts';

/** The variable that holds the access token (or --token-file names a file that does). Never the command line. */
export const TOKEN_ENV = 'CONTRACT_VERIFY_TOKEN';

/**
 * The data that is a secret: like the token, never on the command line (npm prints a script's
 * arguments into the log; every process on the machine reads them), but each in its variable
 * (CONTRACT_VERIFY_PASSWORD, ...), or all in one JSON file named with --data-file.
 */
export const SECRET_DATA = ['password', 'new-password', 'secret', 'pass-code', 'code'] as const satisfies ReadonlyArray<keyof typeof DATA_FLAGS>;
type SecretData = (typeof SECRET_DATA)[number];
/** The variable that holds one secret datum: CONTRACT_VERIFY_NEW_PASSWORD for new-password. */
export const secretEnv = (name: SecretData) => `CONTRACT_VERIFY_${name.toUpperCase().replace(/-/g, '_')}`;
const isSecret = (flag: string): flag is SecretData => (SECRET_DATA as readonly string[]).includes(flag);
/** Where a datum comes from, for --help and the complaints: --phone, or CONTRACT_VERIFY_PASSWORD. */
const sourceOf = (flag: keyof typeof DATA_FLAGS) => (isSecret(flag) ? secretEnv(flag) : `--${flag}`);

export const USAGE =
  'usage: contract-verify --target URL [--token-file FILE] [--data-file FILE] [--timeout 10] [--junit FILE] [--json] [--verbose] [--run OPERATION --DATA VALUE ...]\n' +
  `   The access token comes from ${TOKEN_ENV}, or from the file --token-file names; passwords, secrets and codes from\n` +
  `   their variables (${secretEnv('password')}, ...) or the file --data-file names. In the portal repository:\n` +
  '   npm run contract:verify -- --target URL ...   (--help lists what --run can change)';

const HELP = [
  'Every GET that only reads runs, once with the token and, where the contract asks for one,',
  'once without it (the answer must be 401). An operation that changes the account behind the',
  'token (getCustomTotpSecret, a GET, mints a secret) runs only',
  'when named with --run, once per operation, with the data it needs; nothing else is ever sent',
  'in its place:',
  ...Object.entries(MUTATIONS).map(
    ([name, m]) => `  --run ${name.padEnd(22)} ${m.changes}${m.needs.length ? ` (needs ${m.needs.map(sourceOf).join(', ')})` : ''}`,
  ),
  '',
  `The token: ${TOKEN_ENV}, or --token-file FILE (its first line). --token is refused: npm prints`,
  'a script’s command line into the log, and every process on the machine can read it.',
  `The same for the secrets: ${SECRET_DATA.map(secretEnv).join(', ')},`,
  `or --data-file FILE, a JSON object with some of ${SECRET_DATA.map((name) => `"${name}"`).join(', ')}, the only`,
  `source when given. ${SECRET_DATA.map((name) => `--${name}`).join(', ')} are refused on the command line.`,
  '--target must be https, except on this machine (localhost, 127.0.0.1, [::1]).',
  'Other options: --timeout SECONDS (10; each request), --junit FILE, --json, --verbose (the',
  'answers’ bodies in the output and the report), --port N (where Prism listens; a free port by',
  'default), --contract FILE (instead of the openapi.yaml this tool holds).',
].join('\n');

export interface Options {
  target: string;
  token: string;
  timeoutMs: number;
  /** Where Prism listens; a free port when not given. */
  port?: number;
  junit?: string;
  json: boolean;
  /** The answers' bodies in the output and the report; without it they are left out (they carry the account's data). */
  verbose: boolean;
  contract?: string;
  data: Data;
  run: Set<string>;
}

/** The command stops before checking anything: its exit code and what to say (help goes to stdout). */
export interface Stop {
  code: number;
  message: string;
}

const stop = (message: string, code = 2): Stop => ({ code, message: code === 0 ? message : `contract:verify: ${message}` });

// The package stands alone (pack.ts ships its own files only), so it does not import the portal's
// isLoopbackHost (src/shared/config/configSchema.ts); it is also stricter: no *.localhost, which a resolver
// other than the browser's may send elsewhere.
const isLoopback = (host: string) => host === 'localhost' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);

/** Why a backend address cannot be checked, if it cannot. The URL parser has already turned `127.1` and the like into 127.0.0.1. */
export function targetProblem(target: string): string | undefined {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return '--target must be the backend’s address, like https://backend.example';
  }
  if (url.username || url.password) {
    return '--target holds a user name or password, which every line of the report would print: give the address alone (the token is the credential)';
  }
  if (url.protocol === 'https:') return undefined;
  if (url.protocol !== 'http:') return `--target must be an https address, not ${url.protocol}`;
  if (isLoopback(url.hostname)) return undefined;
  return (
    `--target ${url.origin} is plain http: the token and the test account’s data would cross the network unencrypted. ` +
    'Use https (plain http only on this machine: localhost, 127.0.0.1, [::1])'
  );
}

/** The token from --token-file or the variable; or why there is none to use. The token itself is never in a message. */
function readToken(file: string | undefined, env: Record<string, string | undefined>): { token: string } | { problem: string } {
  let token: string;
  let source: string;
  if (file !== undefined) {
    source = `--token-file ${file}`;
    try {
      token = readFileSync(file, 'utf8').split(/\r?\n/)[0]!.trim();
    } catch (error) {
      return { problem: `cannot read ${source}: ${(error as NodeJS.ErrnoException).code ?? error}` };
    }
  } else {
    source = TOKEN_ENV;
    token = env[TOKEN_ENV]?.trim() ?? '';
  }
  if (!token) {
    return {
      problem:
        `no token: ${source} is empty. Put the test account's access token in ${TOKEN_ENV} (a CI secret variable), ` +
        'or in a file named with --token-file. Every secured operation needs it.',
    };
  }
  if (!/^[\x21-\x7e]+$/.test(token)) {
    return {
      problem: `the token in ${source} has a character an HTTP header cannot carry (a space, a line break?); give the token alone, without "Bearer"`,
    };
  }
  return { token };
}

/** A secret that a named operation needs and nobody gave, said with where it goes. */
function secretMissing(run: Set<string>, data: Data, file: string | undefined): string | undefined {
  for (const operation of run) {
    const missing = (MUTATIONS[operation]?.needs ?? []).filter((flag) => isSecret(flag) && !data[flag]) as SecretData[];
    if (missing.length === 0) continue;
    const where = (name: SecretData) => (file === undefined ? secretEnv(name) : `"${name}" in --data-file ${file}`);
    return `--run ${operation} needs ${missing.map((name) => `${DATA_FLAGS[name]} in ${where(name)}`).join(' and ')}`;
  }
  return undefined;
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    options: {
      target: { type: 'string' },
      'token-file': { type: 'string' },
      'data-file': { type: 'string' },
      run: { type: 'string', multiple: true, default: [] },
      timeout: { type: 'string', default: '10' },
      port: { type: 'string' },
      json: { type: 'boolean', default: false },
      verbose: { type: 'boolean', default: false },
      junit: { type: 'string' },
      contract: { type: 'string' },
      mutating: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
      ...Object.fromEntries(Object.keys(DATA_FLAGS).flatMap((flag) => (isSecret(flag) ? [] : [[flag, { type: 'string' as const }]]))),
    },
  }).values as Record<string, string | string[] | boolean | undefined>;
}

/**
 * The secrets from --data-file (a JSON object, the only source when given) or their variables;
 * or why they cannot be read. No value is ever in a message: not even JSON's own complaint,
 * which quotes the text it could not read.
 */
function readSecrets(file: string | undefined, env: Record<string, string | undefined>): { data: Data } | { problem: string } {
  if (file === undefined) {
    return { data: Object.fromEntries(SECRET_DATA.flatMap((name) => (env[secretEnv(name)] ? [[name, env[secretEnv(name)]]] : []))) };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { problem: `cannot read --data-file ${file}: ${code ?? 'it is not JSON'}` };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { problem: `--data-file ${file} must hold a JSON object` };
  const unknown = Object.keys(parsed).filter((key) => !isSecret(key));
  if (unknown.length) {
    return {
      problem: `--data-file ${file} holds ${unknown.map((key) => `"${key}"`).join(', ')}: it takes only ${SECRET_DATA.map((name) => `"${name}"`).join(', ')}`,
    };
  }
  const notText = Object.entries(parsed).filter(([, value]) => typeof value !== 'string');
  if (notText.length) return { problem: `--data-file ${file}: ${notText.map(([key]) => `"${key}"`).join(', ')} must be a string` };
  return { data: parsed as Data };
}

/** An option that holds a secret, given on the command line (alone or as --name=value), or none. */
function secretOnCommandLine(argv: string[]): string | undefined {
  return ['token', ...SECRET_DATA].find((name) => argv.some((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`)));
}

/** The options, checked; or why the command stops first (a missing token is said before anything is sent). */
export function readOptions(argv: string[], env: Record<string, string | undefined>): Options | Stop {
  // Before parsing, so that neither a parse error nor anything later repeats the value.
  const secret = secretOnCommandLine(argv);
  if (secret) {
    const where =
      secret === 'token'
        ? `Put it in ${TOKEN_ENV} (a CI secret variable), or in a file named with --token-file.`
        : `Put it in ${secretEnv(secret as SecretData)} (a CI secret variable), or as "${secret}" in a JSON file named with --data-file.`;
    return stop(
      `--${secret} is refused: on the command line a ${secret === 'token' ? 'token' : 'secret'} is printed by npm into the log and can be read by every process on the machine for the whole run. ${where}`,
    );
  }
  let args: ReturnType<typeof parse>;
  try {
    args = parse(argv);
  } catch (error) {
    return stop(`${error instanceof Error ? error.message : error}\n${USAGE}`);
  }
  if (args.help) return stop(`${USAGE}\n\n${HELP}`, 0);
  if (args.mutating) return stop('--mutating is gone: it would change a real account. Name each operation with --run (see --help).');
  const target = args.target as string | undefined;
  if (!target) return stop(`--target is missing\n${USAGE}`);
  const badTarget = targetProblem(target);
  if (badTarget) return stop(badTarget);
  const token = readToken(args['token-file'] as string | undefined, env);
  if ('problem' in token) return stop(token.problem);
  const timeout = Number(args.timeout);
  if (!(timeout > 0)) return stop(`--timeout is in seconds, more than 0, not '${args.timeout}'`);
  const port = args.port === undefined ? undefined : Number(args.port);
  if (port !== undefined && !(Number.isInteger(port) && port > 0 && port < 65536)) return stop(`--port must be a port number, not '${args.port}'`);
  const secrets = readSecrets(args['data-file'] as string | undefined, env);
  if ('problem' in secrets) return stop(secrets.problem);
  const data: Data = {
    ...Object.fromEntries(Object.keys(DATA_FLAGS).flatMap((flag) => (typeof args[flag] === 'string' ? [[flag, args[flag]]] : []))),
    ...secrets.data,
  };
  const run = new Set(args.run as string[]);
  const problem = secretMissing(run, data, args['data-file'] as string | undefined) ?? runProblem(run, data);
  if (problem) return stop(problem);
  return {
    target,
    token: token.token,
    timeoutMs: timeout * 1000,
    port,
    junit: args.junit as string | undefined,
    json: Boolean(args.json),
    verbose: Boolean(args.verbose),
    contract: args.contract as string | undefined,
    data,
    run,
  };
}
