// Checks a live backend against openapi.yaml, for backend teams and CI (docs/contract.md).
//
// It starts its own Prism as a validating proxy in front of the target, sends one request per
// operation, each with a timeout (and every GET that needs a token once more without it), and
// prints each row as it finishes: passed, failed with the backend's own status and the exact
// violations, or skipped with why. Read-only by default: every GET that only reads runs; an
// operation that changes the account (getCustomTotpSecret, a GET, mints a secret) runs only
// when named with --run, with the data the team gives. Exit 1 on any failure or when nothing
// was checked, 2 when it could not run.
//
// The package built from this folder (pack.ts) holds the contract beside these modules; in the
// repository, the contract is the one at its root.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { checkAll, plan } from './checks.ts';
import type { Node } from './operations.ts';
import { readOptions, USAGE, type Options } from './options.ts';
import { findPrism, freePort, portTaken, prismComplaint, startPrism, waitForPrism } from './prism.ts';
import { report, tableWriter, type Result } from './report.ts';

interface Contract {
  file: string;
  spec: Node;
  /** Its info.version and the start of its SHA-256, so a report names the contract it checked. */
  name: string;
}

/** The contract named with --contract, else the one beside this file (the package's), else the repository's. */
function loadContract(named: string | undefined): Contract | { problem: string } {
  const here = import.meta.dirname;
  const file = resolve(
    named ?? [join(here, 'openapi.yaml'), join(here, '..', '..', '..', 'openapi.yaml')].find((f) => existsSync(f)) ?? 'openapi.yaml',
  );
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return { problem: `no contract at ${file}: name it with --contract\n${USAGE}` };
  }
  let spec: Node;
  try {
    spec = parse(text, { strict: true });
  } catch (error) {
    const why = error instanceof Error ? `${error.name}: ${error.message.split('\n')[0]}` : String(error);
    return { problem: `cannot read ${file} as YAML: ${why}` };
  }
  if (!spec?.paths) return { problem: `${file} is not an OpenAPI contract: it has no paths` };
  const digest = createHash('sha256').update(text).digest('hex').slice(0, 12);
  return { file, spec, name: `${file} (version ${spec.info?.version ?? '?'}, sha256 ${digest})` };
}

/** Starts Prism in front of the target, sends every row and judges it; or says why it could not (exit 2). */
async function run(options: Options, contract: Contract, out: (line: string) => void): Promise<Result[] | number> {
  let prismTool: ReturnType<typeof findPrism>;
  try {
    prismTool = findPrism();
  } catch {
    console.error('contract:verify: Prism (@stoplight/prism-cli) is not installed beside this tool: in the repository, run npm ci');
    return 2;
  }
  // On stderr, so --json output stays JSON.
  console.error(`contract:verify: ${contract.name}, Prism ${prismTool.version}`);
  if (options.port !== undefined) {
    const taken = await portTaken(options.port);
    if (taken) {
      console.error(`contract:verify: port ${options.port} is ${taken}: leave --port out for a free one, or name another`);
      return 2;
    }
  }
  const port = options.port ?? (await freePort());
  const prism = startPrism(prismTool.command, contract.file, options.target, port);
  try {
    await waitForPrism(port, prism.child, 30_000, prism.log);
    const rows = plan(contract.spec, options.run, options.data);
    const table = tableWriter(rows, options.verbose, out);
    out(`contract:verify against ${options.target} (Prism on 127.0.0.1:${port}, ${options.timeoutMs / 1000} s a request)\n`);
    table.header();
    return await checkAll(rows, { port, token: options.token, timeoutMs: options.timeoutMs, prism, onResult: table.row });
  } catch (error) {
    const complaint = prismComplaint(prism.log());
    console.error(`contract:verify: ${error instanceof Error ? error.message : error}${complaint ? `\n${complaint}` : ''}`);
    return 2;
  } finally {
    prism.stop();
  }
}

export async function main(argv: string[], env: Record<string, string | undefined>): Promise<number> {
  const options = readOptions(argv, env);
  if ('code' in options) {
    (options.code === 0 ? console.log : console.error)(options.message);
    return options.code;
  }
  const contract = loadContract(options.contract);
  if ('problem' in contract) {
    console.error(`contract:verify: ${contract.problem}`);
    return 2;
  }
  const out = (line: string) => (options.json ? console.error(line) : console.log(line));
  const results = await run(options, contract, out);
  return typeof results === 'number' ? results : report(results, options, out);
}
