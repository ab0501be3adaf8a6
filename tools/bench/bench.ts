// `npm run bench`: builds the production bundle, then prints (and writes to tools/bench/results.json)
//   1. the JavaScript and CSS bytes (raw, gzip, brotli) of the first signed-in page and what
//      each other route adds (bundle-sizes.ts reads them from Vite's manifest);
//   2. the number of sequential request rounds before the profile is shown, with the chain
//      (rounds.ts);
//   3. three journeys of the `full` persona to /profile/details, side by side, each the medians
//      of --runs runs (default 5):
//      - new tab: a tab without tokens while the identity provider's single sign-on session is
//        live (Lighthouse navigation through the redirects; journey-new-tab.ts);
//      - reload: the tab that holds the tokens loads the page again (Lighthouse navigation;
//        journey-reload.ts);
//      - sign-in: a fresh browser context from / through the identity provider's form to the
//        profile (the browser's own timings; journey-sign-in.ts);
//   4. the interactions journey of the new-user persona: on a phone (Lighthouse's throttling
//      applied by the browser), taps through the menu's pages and the SMS wizard and types in the
//      new password; each step's time to its content, its event's duration as INP counts it and
//      the long tasks meanwhile (journey-interactions.ts);
//   next to the machine's load. --journeys names the ones to run (all by default). A journey that does not end on the profile with every API call
//   answered 200 fails the benchmark; a missed target is only reported.
//
//   node tools/bench/bench.ts [--runs N] [--server nginx|preview] [--journeys new-tab,reload,sign-in,interactions]
//                            [--skip-lighthouse] [--skip-build] [--traces]
//
// The build is served as in production (--server nginx, the default): nginx with the server
// block of tools/deploy/nginx-conf.ts, TLS and HTTP/2 on https://portal.localhost:4443 (a
// throw-away certificate that only this run's Chromium trusts), brotli where the module is
// installed. --server preview measures `vite preview` instead (HTTP/1.1, no TLS).
// It starts its own identity provider, Prism mock and `vite preview` (which also carries the
// API calls for nginx, choosing the persona as in development), each in its own process
// group, and stops them at the end, on failure and on Ctrl-C (servers.ts). It refuses to run
// when one of their ports is taken, rather than measure somebody else's server.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Browser } from 'puppeteer-core';
import { NGINX, OPENSSL } from '../deploy/local-nginx.ts';
import { CHROMIUM_PATH } from '../scripts/dev-stack.ts';
import { fullPersona, launchBrowser, personaUser, signIn, watchErrors } from './browser.ts';
import { interactionsJourney, type InteractionsJourney } from './journey-interactions.ts';
import { newTabJourney } from './journey-new-tab.ts';
import { reloadJourney } from './journey-reload.ts';
import { signInJourney, type SignInJourney } from './journey-sign-in.ts';
import { routeSizes, type RouteSizes } from './bundle-sizes.ts';
import { guardFigures, readRecorded, rises, writeRecorded, type GuardFigures } from './guard.ts';
import { LIGHTHOUSE_FLAGS, writeFlowResults, type NavigationJourney } from './lighthouse.ts';
import { traceKeeper } from './long-tasks.ts';
import {
  printInteractions,
  printJourneys,
  printLighthouseSettings,
  printMachine,
  printNavigationRuns,
  printRounds,
  printSignInRuns,
  printSizes,
  type Machine,
} from './report.ts';
import { requestRounds, type Rounds } from './rounds.ts';
import { assertPortsFree, build, killServersNow, startServers, stopBuild, stopServers } from './servers.ts';
import { BenchError, fail, SERVERS, targetFor, type ServerKind, type Target } from './target.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const RESULTS = fileURLToPath(new URL('./results.json', import.meta.url));
const USAGE =
  'usage: node tools/bench/bench.ts [--runs N] [--server nginx|preview] [--journeys new-tab,reload,sign-in,interactions] [--skip-lighthouse] [--skip-build] [--traces] [--record]';
const JOURNEYS = ['new-tab', 'reload', 'sign-in', 'interactions'] as const;
type JourneyName = (typeof JOURNEYS)[number];

interface Options {
  runs: number;
  server: ServerKind;
  /** The journeys to run, in their order. */
  journeys: JourneyName[];
  skipLighthouse: boolean;
  skipBuild: boolean;
  /** Keep each Lighthouse run's trace in tools/bench/traces/. */
  traces: boolean;
  /** Write the first page's guarded figures to tools/bench/recorded.json instead of holding them against it. */
  record: boolean;
}

interface Results {
  machine: Machine;
  options: Options;
  sizes?: RouteSizes;
  pageErrors?: string[];
  requestRounds?: Rounds & { latencyMs: number };
  server?: Pick<Target, 'kind' | 'origin' | 'description'>;
  journeys?: {
    page: string;
    user: string;
    persona: string;
    lighthouseFlags: typeof LIGHTHOUSE_FLAGS;
    newTab?: NavigationJourney;
    reload?: NavigationJourney;
    signIn?: SignInJourney;
    interactions?: InteractionsJourney;
  };
  /** The first page's guarded figures, and what rose against the recorded ones (guard.ts). */
  guard?: { figures: GuardFigures; recorded?: string; rises: string[] };
  durationSeconds?: number;
}

function options(): Options {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        runs: { type: 'string', default: '5' },
        server: { type: 'string', default: 'nginx' },
        journeys: { type: 'string', default: JOURNEYS.join(',') },
        'skip-lighthouse': { type: 'boolean', default: false },
        'skip-build': { type: 'boolean', default: false },
        traces: { type: 'boolean', default: false },
        record: { type: 'boolean', default: false },
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
  const named = values.journeys.split(',').map((name) => name.trim());
  const unknown = named.filter((name) => !JOURNEYS.includes(name as JourneyName));
  if (unknown.length || !named.length) fail(`--journeys takes some of ${JOURNEYS.join(', ')}, not '${values.journeys}'`);
  const journeys = JOURNEYS.filter((name) => named.includes(name));
  if (values.record && !(journeys.includes('new-tab') && journeys.includes('reload'))) fail('--record needs the new-tab and reload journeys');
  return {
    runs,
    server,
    journeys,
    skipLighthouse: values['skip-lighthouse'],
    skipBuild: values['skip-build'],
    traces: values.traces,
    record: values.record,
  };
}

/**
 * The first page's figures held against the recorded ones (guard.ts), or recorded (--record). A
 * rise is named, and the benchmark exits 1.
 */
function guard(results: Results, opts: Options): Results['guard'] {
  const figures: GuardFigures = {};
  if (results.journeys?.newTab) figures['new tab'] = guardFigures(results.journeys.newTab.runs);
  if (results.journeys?.reload) figures.reload = guardFigures(results.journeys.reload.runs);
  if (!Object.keys(figures).length) return undefined;
  if (opts.record) {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    writeRecorded({ date: results.machine.date, commit, loadAverage: results.machine.loadAverage, runs: opts.runs, figures });
    console.log(`\nThe first page's figures are recorded in tools/bench/recorded.json (${commit}): later runs are held against them.`);
    return { figures, rises: [] };
  }
  const recorded = readRecorded();
  if (!recorded) {
    console.log('\nNo figures recorded yet (npm run bench -- --record): the first page is not guarded.');
    return { figures, rises: [] };
  }
  const found = rises(recorded.figures, figures);
  const against =
    `the figures recorded at ${recorded.commit} on ${recorded.date.slice(0, 10)} (${recorded.runs} runs, load ${recorded.loadAverage[0]}; ` +
    `this run's load ${results.machine.loadAverage[0]})`;
  console.log(`\nThe first page against ${against}: ${found.length ? 'ROSE' : 'no rise'}`);
  for (const line of found) console.log(`  ${line}`);
  if (found.length) process.exitCode = 1;
  return { figures, recorded: against, rises: found };
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
    // This tab's sign-in also opens the identity provider's single sign-on session (its cookies,
    // shared by every tab of the browser's default context), which the new-tab journey needs.
    const page = await browser.newPage();
    const pageErrors = watchErrors(page);
    results.pageErrors = pageErrors;
    await signIn(page, user, served.page);
    console.log(`bench: signed in as ${user.username} (${user.persona} persona)`);
    results.requestRounds = await requestRounds(page, user, served);
    printRounds(results.requestRounds, served);
    const keepTrace = opts.traces ? traceKeeper(`${ROOT}tools/bench/traces`) : undefined;
    const run = (name: JourneyName) => opts.journeys.includes(name);
    const reload = run('reload') ? await reloadJourney(page, user, served, opts.runs, `${ROOT}dist`, keepTrace) : undefined;
    const newTab = run('new-tab') ? await newTabJourney(browser, user, served, opts.runs, pageErrors, `${ROOT}dist`, keepTrace) : undefined;
    const signInRuns = run('sign-in') ? await signInJourney(browser, user, served, opts.runs, pageErrors) : undefined;
    const interactions = run('interactions')
      ? await interactionsJourney(browser, personaUser('new-user'), served, opts.runs, `${ROOT}dist`, pageErrors, keepTrace)
      : undefined;
    writeFlowResults({ ...(newTab && { newTab: newTab.flows }), ...(reload && { reload: reload.flow }) });
    results.server = { kind: served.kind, origin: served.origin, description: served.description };
    results.journeys = {
      page: served.page,
      user: user.username,
      persona: user.persona,
      lighthouseFlags: LIGHTHOUSE_FLAGS,
      newTab: newTab?.journey,
      reload: reload?.journey,
      signIn: signInRuns,
      interactions,
    };
    results.machine.loadAverageAfter = os.loadavg().map((n) => Number(n.toFixed(2)));
    if (distFingerprint() !== builtDist)
      fail('dist/ was rebuilt while the benchmark ran (by another `vite build`?): the figures may mix two builds; run it again');
    await cleanUp();
    printMachine(results.machine, `Chromium ${results.machine.chromium} (${CHROMIUM_PATH})`);
    const { journeys } = results;
    const navigations = [journeys.newTab, journeys.reload].filter((journey) => journey !== undefined);
    if (navigations.length) printLighthouseSettings(navigations, user, served);
    if (journeys.newTab) printNavigationRuns('New tab (no tokens in the tab, live single sign-on session):', journeys.newTab);
    if (journeys.reload) printNavigationRuns('Reload (the tab holds its tokens):', journeys.reload);
    if (journeys.signIn) printSignInRuns(journeys.signIn);
    if (journeys.newTab && journeys.reload && journeys.signIn) printJourneys(journeys.newTab, journeys.reload, journeys.signIn);
    if (journeys.interactions) printInteractions(journeys.interactions, served);
    results.guard = guard(results, opts);
  } else {
    printMachine(results.machine, 'Lighthouse skipped');
  }

  if (results.pageErrors?.length) console.log(`\nPage errors during the benchmark:\n  ${results.pageErrors.join('\n  ')}`);
  results.durationSeconds = Math.round((Date.now() - started) / 1000);
  writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nbench: wrote tools/bench/results.json in ${results.durationSeconds} s`);
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
