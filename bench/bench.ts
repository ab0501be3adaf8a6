// `npm run bench`: builds the production bundle, then prints (and writes to bench/results.json)
//   1. the JavaScript and CSS bytes (raw, gzip, brotli) of the first signed-in page and what
//      each other route adds (bundle-sizes.ts reads them from Vite's manifest);
//   2. the number of sequential request rounds before the profile is shown, with the chain
//      (rounds.ts);
//   3. Lighthouse medians (default mobile emulation, simulated throttling) of the signed-in
//      /profile/details of the `full` persona, after the real sign-in on the dev identity
//      provider (lighthouse.ts, browser.ts);
//   next to the machine's load.
//
//   node bench/bench.ts [--runs N] [--server nginx|preview] [--skip-lighthouse] [--skip-build]
//
// The build is served as in production (--server nginx, the default): nginx with the server
// block of deploy/nginx-conf.ts, TLS and HTTP/2 on https://portal.localhost:4443 (a
// throw-away certificate that only this run's Chromium trusts), brotli where the module is
// installed. --server preview measures `vite preview` instead (HTTP/1.1, no TLS).
// It starts its own identity provider, Prism mock and `vite preview` (which also carries the
// API calls for nginx, choosing the persona as in development), each in its own process
// group, and stops them at the end, on failure and on Ctrl-C (servers.ts). It refuses to run
// when one of their ports is taken, rather than measure somebody else's server.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Browser } from 'puppeteer-core';
import { NGINX, OPENSSL } from '../deploy/local-nginx.ts';
import { CHROMIUM_PATH } from '../scripts/dev-stack.ts';
import { fullPersona, launchBrowser, signIn, watchErrors } from './browser.ts';
import { routeSizes, type RouteSizes } from './bundle-sizes.ts';
import { LIGHTHOUSE_FLAGS, lighthouseRuns, summarise, type Figures, type Summary } from './lighthouse.ts';
import { printLighthouse, printMachine, printRounds, printSizes, type Machine } from './report.ts';
import { requestRounds, type Rounds } from './rounds.ts';
import { assertPortsFree, build, killServersNow, startServers, stopBuild, stopServers } from './servers.ts';
import { BenchError, fail, SERVERS, targetFor, type ServerKind, type Target } from './target.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESULTS = fileURLToPath(new URL('./results.json', import.meta.url));
const USAGE = 'usage: node bench/bench.ts [--runs N] [--server nginx|preview] [--skip-lighthouse] [--skip-build]';

interface Options {
  runs: number;
  server: ServerKind;
  skipLighthouse: boolean;
  skipBuild: boolean;
}

interface Results {
  machine: Machine;
  options: Options;
  sizes?: RouteSizes;
  pageErrors?: string[];
  requestRounds?: Rounds & { latencyMs: number };
  server?: Pick<Target, 'kind' | 'origin' | 'description'>;
  lighthouse?: { page: string; user: string; persona: string; flags: typeof LIGHTHOUSE_FLAGS; runs: Figures[] } & Summary;
  durationSeconds?: number;
}

function options(): Options {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        runs: { type: 'string', default: '3' },
        server: { type: 'string', default: 'nginx' },
        'skip-lighthouse': { type: 'boolean', default: false },
        'skip-build': { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    return fail(`${error instanceof Error ? error.message : error}\n${USAGE}`);
  }
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) fail(`--runs must be a positive whole number, not '${values.runs}'`);
  if (runs < 3) console.warn(`bench: warning: ${runs} run(s); medians need at least 3`);
  const server = SERVERS.find((kind) => kind === values.server);
  if (!server) fail(`--server must be one of ${SERVERS.join(', ')}, not '${values.server}'`);
  return { runs, server, skipLighthouse: values['skip-lighthouse'], skipBuild: values['skip-build'] };
}

function machine(): Machine {
  const cpus = os.cpus();
  return {
    date: new Date().toISOString(),
    loadAverage: os.loadavg().map((n) => Number(n.toFixed(2))),
    cpuCount: os.availableParallelism?.() ?? cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    memoryGB: Number((os.totalmem() / 2 ** 30).toFixed(1)),
    node: process.version,
  };
}

/** Changes whenever dist/ is rebuilt (the manifest names every hashed file). */
function distFingerprint(): string {
  const files = ['dist/.vite/manifest.json', 'dist/index.html'].map((file) => readFileSync(`${ROOT}${file}`));
  return createHash('sha256').update(Buffer.concat(files)).digest('hex');
}

let browser: Browser | undefined;
let shuttingDown = false;

async function cleanUp(): Promise<void> {
  stopBuild();
  await browser?.close().catch(() => {});
  browser = undefined;
  await stopServers();
}

async function main(): Promise<void> {
  const started = Date.now();
  const opts = options();
  const target = targetFor(opts.server);
  const results: Results = { machine: machine(), options: opts };
  if (!opts.skipLighthouse) {
    // Before a build that would be wasted.
    if (target.kind === 'nginx' && (!NGINX || !OPENSSL)) {
      fail(
        `${NGINX ? 'openssl' : 'nginx'} is not installed (Debian: apt-get install nginx-light libnginx-mod-http-brotli-static openssl); ` +
          'or measure `vite preview` with --server preview',
      );
    }
    await assertPortsFree(target);
  }
  if (!opts.skipBuild) await build();
  results.sizes = routeSizes(`${ROOT}dist`);
  const builtDist = distFingerprint();
  printSizes(results.sizes);

  if (!opts.skipLighthouse) {
    const user = fullPersona();
    const served = await startServers(target);
    browser = await launchBrowser(served);
    results.machine.chromium = (await browser.version()).replace(/^\D+\//, ''); // 'Chrome/156.0…' -> '156.0…'
    const page = await browser.newPage();
    results.pageErrors = watchErrors(page);
    await signIn(page, user, served);
    console.log(`bench: signed in as ${user.username} (${user.persona} persona)`);
    results.requestRounds = await requestRounds(page, user, served);
    printRounds(results.requestRounds, served);
    const runs = await lighthouseRuns(page, user, served, opts.runs);
    results.server = { kind: served.kind, origin: served.origin, description: served.description };
    results.lighthouse = { page: served.page, user: user.username, persona: user.persona, flags: LIGHTHOUSE_FLAGS, ...summarise(runs), runs };
    results.machine.loadAverageAfter = os.loadavg().map((n) => Number(n.toFixed(2)));
    if (distFingerprint() !== builtDist)
      fail('dist/ was rebuilt while the benchmark ran (by another `vite build`?): the figures may mix two builds; run it again');
    await cleanUp();
    printMachine(results.machine, `Chromium ${results.machine.chromium} (${CHROMIUM_PATH})`, results.machine.loadAverageAfter);
    printLighthouse(results.lighthouse, user, served);
  } else {
    printMachine(results.machine, 'Lighthouse skipped');
  }

  if (results.pageErrors?.length) console.log(`\nPage errors during the benchmark:\n  ${results.pageErrors.join('\n  ')}`);
  results.durationSeconds = Math.round((Date.now() - started) / 1000);
  writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nbench: wrote bench/results.json in ${results.durationSeconds} s`);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (shuttingDown) return;
    shuttingDown = true;
    console.error(`\nbench: ${signal}, stopping the browser and the servers`);
    void cleanUp().finally(() => process.exit(128 + os.constants.signals[signal]));
  });
}
// Last resort if the process exits some other way: no server outlives the benchmark.
process.on('exit', killServersNow);

main().catch(async (error: unknown) => {
  if (shuttingDown) return; // interrupted: the signal handler cleans up and exits
  console.error(`bench: ${error instanceof BenchError ? error.message : error instanceof Error ? error.stack : error}`);
  await cleanUp();
  process.exit(1);
});
