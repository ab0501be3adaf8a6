// `npm run bench`: builds the production bundle, then prints (and writes to bench/results.json)
//   1. the JavaScript and CSS bytes (raw, gzip, brotli) of the first signed-in page and what
//      each other route adds (scripts/bundle-sizes.mjs reads them from Vite's manifest);
//   2. the number of sequential request rounds before the profile is shown, with the chain;
//   3. Lighthouse medians (default mobile emulation, simulated throttling) of the signed-in
//      /profile/details of the `full` persona, after the real sign-in on the dev identity provider;
//   next to the machine's load.
//
//   node scripts/bench.mjs [--runs N] [--server nginx|preview] [--skip-lighthouse] [--skip-build]
//
// The build is served as in production (--server nginx, the default): nginx with the server
// block of scripts/nginx-conf.mjs, TLS and HTTP/2 on https://portal.localhost:4443 (a
// throw-away certificate that only this run's Chromium trusts), brotli where the module is
// installed. --server preview measures `vite preview` instead (HTTP/1.1, no TLS).
// It starts its own identity provider, Prism mock and `vite preview` (which also carries the
// API calls for nginx, choosing the persona as in development), each in its own process
// group, and stops them at the end, on failure and on Ctrl-C. It refuses to run when one of
// their ports is taken, rather than measure somebody else's server.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startFlow } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { routeSizes } from './bundle-sizes.mjs';
import { APP_ORIGIN, CHROMIUM_ARGS, CHROMIUM_PATH, HOSTED_ORIGIN, IDP_ORIGIN, STACK } from './dev-stack.mjs';
import { NGINX, OPENSSL, selfSignedCertificate, startNginx, writeNginxConf } from './local-nginx.mjs';
/* global document, location -- for the functions that puppeteer runs in the page */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESULTS = `${ROOT}bench/results.json`;
const FLOW_RESULT = `${ROOT}bench/lighthouse-flow.json`;
const PAGE_PATH = '/profile/details';
/** What is measured, from --server (serverFor); nginx adds its certificate's key hash (spki). */
let target;
/** Emulated round-trip time while counting request rounds (see requestRounds). */
const ROUNDS_LATENCY_MS = 150;

/** The issue's targets for /profile/details. */
const TARGETS = [
  { key: 'performance', label: 'performance score', test: (v) => v >= 95, text: '>= 95' },
  { key: 'fcp', label: 'First Contentful Paint' },
  { key: 'lcp', label: 'Largest Contentful Paint', test: (v) => v <= 2000, text: '<= 2.0 s' },
  { key: 'tbt', label: 'Total Blocking Time', test: (v) => v <= 150, text: '<= 150 ms' },
  { key: 'cls', label: 'Cumulative Layout Shift', test: (v) => v === 0, text: '= 0' },
  { key: 'bytes', label: 'total bytes' },
];

// ---------------------------------------------------------------------------------------------
// Command line, machine

const USAGE = 'usage: node scripts/bench.mjs [--runs N] [--server nginx|preview] [--skip-lighthouse] [--skip-build]';
const SERVERS = ['nginx', 'preview'];

function options() {
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
    fail(`${error.message}\n${USAGE}`);
  }
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) fail(`--runs must be a positive whole number, not '${values.runs}'`);
  if (runs < 3) console.warn(`bench: warning: ${runs} run(s); the issue asks for medians of at least 3`);
  if (!SERVERS.includes(values.server)) fail(`--server must be one of ${SERVERS.join(', ')}, not '${values.server}'`);
  return { runs, server: values.server, skipLighthouse: values['skip-lighthouse'], skipBuild: values['skip-build'] };
}

function machine() {
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

class BenchError extends Error {}
function fail(message) {
  throw new BenchError(message);
}

// ---------------------------------------------------------------------------------------------
// Child processes: the build and the three servers

/** The last few KB a child printed, to show when it fails. */
function captureTail(stream, limit = 4000) {
  const tail = { text: '' };
  stream?.on('data', (chunk) => {
    tail.text = (tail.text + chunk).slice(-limit);
  });
  return tail;
}

function build() {
  const started = Date.now();
  console.log('bench: vite build ...');
  const child = spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  buildChild = child;
  const out = captureTail(child.stdout);
  const err = captureTail(child.stderr);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      buildChild = undefined;
      if (code === 0) {
        console.log(`bench: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        resolve();
      } else reject(new BenchError(`vite build failed (${signal ?? `exit ${code}`}):\n${out.text}${err.text}`));
    });
  });
}

/** Whether anything accepts connections on the port, over IPv4 or IPv6 loopback. */
async function portInUse(port) {
  const probe = (host) =>
    new Promise((resolve) => {
      const socket = connect({ port, host });
      const done = (used) => {
        socket.destroy();
        resolve(used);
      };
      socket.once('connect', () => done(true));
      socket.once('error', () => done(false));
      socket.setTimeout(1000, () => done(false));
    });
  const answers = await Promise.all(['127.0.0.1', '::1'].map(probe));
  return answers.some(Boolean);
}

const running = new Set();
let buildChild;

function startServer(server) {
  const env = { ...process.env };
  delete env.MOCK_PERSONA; // the signed-in dev user chooses the persona (mock/persona.mjs)
  const child = spawn(process.execPath, server.args, { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  return track({ ...server, child, output: captureTail(child.stdout), errors: captureTail(child.stderr) });
}

/** Keeps a started server (in its own process group) among those cleanUp stops. */
function track(handle) {
  handle.exited = false;
  handle.child.on('exit', (code, signal) => {
    handle.exited = true;
    handle.exitStatus = signal ?? `exit ${code}`;
    running.delete(handle);
  });
  running.add(handle);
  return handle;
}

async function waitUntilReady(handle, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (handle.exited) {
      fail(`${handle.name} stopped (${handle.exitStatus}) before it was ready:\n${handle.output.text}${handle.errors.text}`);
    }
    try {
      await fetch(handle.ready, { signal: AbortSignal.timeout(2000) });
      return; // any HTTP answer will do
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  fail(`${handle.name} did not answer ${handle.ready} within ${timeoutMs / 1000} s`);
}

/** The servers of this run: the dev stack, and nginx in front of the build when measuring it. */
function servers() {
  const port = Number(new URL(HOSTED_ORIGIN).port);
  return target.kind === 'nginx' ? [...STACK, { name: 'nginx (TLS, HTTP/2)', port }] : STACK;
}

/** Refuses to go on while another server holds one of the ports. */
async function assertPortsFree() {
  const busy = [];
  for (const server of servers()) if (await portInUse(server.port)) busy.push(server);
  if (busy.length) {
    fail(
      `port(s) already in use: ${busy.map((s) => `${s.port} (${s.name})`).join(', ')}.\n` +
        '  The benchmark starts its own servers and will not measure a foreign one: stop whatever ' +
        "listens there (perhaps the end-to-end tests; see `ss -ltnp | grep -E ':(9000|4010|4173|4443) '`) and run it again.",
    );
  }
}

async function startServers() {
  await assertPortsFree();
  const handles = STACK.map(startServer);
  await Promise.all(handles.map((handle) => waitUntilReady(handle)));
  if (target.kind === 'nginx') handles.push(await startHostedBuild());
  console.log(`bench: servers up (${handles.map((h) => `${h.name} pid ${h.child.pid}`).join(', ')})`);
}

let nginxDir;

/**
 * nginx as production runs it: the generated server block, TLS and HTTP/2, on
 * portal.localhost (a name of its own, so that the HSTS header it sends does not reach the
 * identity provider on plain http://localhost). /api goes through `vite preview`, whose proxy
 * picks the signed-in dev user's persona.
 */
async function startHostedBuild() {
  nginxDir = mkdtempSync(`${os.tmpdir()}/portal-bench-nginx-`);
  const { hostname, port } = new URL(HOSTED_ORIGIN);
  const tls = selfSignedCertificate(nginxDir, hostname);
  const { conf, brotli } = writeNginxConf(nginxDir, {
    config: JSON.parse(readFileSync(`${ROOT}dist/config.json`, 'utf8')),
    root: `${ROOT}dist`,
    listen: `127.0.0.1:${port}`,
    serverName: hostname,
    apiUpstream: APP_ORIGIN,
    tls,
  });
  target.spki = tls.spki;
  target.description = `nginx ${nginxVersion()} with TLS and HTTP/2, ${brotli ? 'brotli and gzip' : 'gzip only (no brotli module: apt-get install libnginx-mod-http-brotli-static)'}`;
  const handle = track({ name: 'nginx', child: startNginx(nginxDir, conf, { detached: true }) });
  const deadline = Date.now() + 10_000;
  while (!(await portInUse(Number(port)))) {
    if (handle.exited || Date.now() > deadline) fail(`nginx did not start (${handle.exitStatus ?? 'no answer'}):\n${readErrorLog()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return handle;
}

function readErrorLog() {
  try {
    return readFileSync(`${nginxDir}/error.log`, 'utf8').slice(-2000);
  } catch {
    return '';
  }
}

function nginxVersion() {
  const answer = spawnSync(NGINX, ['-v'], { encoding: 'utf8' });
  return /nginx\/([\d.]+)/.exec(answer.stderr)?.[1] ?? '';
}

/** SIGTERM to each server's process group, SIGKILL after a few seconds. */
async function stopServers() {
  const handles = [...running];
  for (const handle of handles) killGroup(handle, 'SIGTERM');
  const deadline = Date.now() + 5000;
  while (running.size && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  // Whatever is left of each group (a leader that exited may leave a child behind).
  for (const handle of handles) killGroup(handle, 'SIGKILL');
}

function killGroup(handle, signal) {
  try {
    process.kill(-handle.child.pid, signal);
  } catch {
    // already gone
  }
}

// ---------------------------------------------------------------------------------------------
// The browser: sign-in and the signed-in page

function fullPersona() {
  const users = JSON.parse(readFileSync(`${ROOT}mock/users.json`, 'utf8'));
  const user = users.find((u) => u.persona === 'full');
  if (!user) fail('mock/users.json has no user of the full persona');
  return {
    persona: 'full',
    username: user.username,
    password: user.password,
    // What /profile/details shows once the profile has loaded (Header.tsx, PersonalInformation.tsx).
    homeLink: `Home: ${user.given_name} ${user.family_name}`,
    displayName: user.name,
  };
}

/** Console errors and uncaught errors of the page, reported with the results. */
function watchErrors(page) {
  const errors = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return errors;
}

/** Runs in the page: the header names the person and the 'Personal information' box shows them. */
function profileShown(homeLink, displayName) {
  const box = document.querySelector('section[aria-labelledby="personal-information"] dl');
  const home = [...document.querySelectorAll('header a[aria-label]')].some((a) => a.getAttribute('aria-label') === homeLink);
  return location.pathname === '/profile/details' && home && Boolean(box?.textContent?.includes(displayName));
}

async function launchBrowser() {
  return puppeteer.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    // The run's own certificate is trusted by its public key, for this browser only.
    args: ['--headless=new', ...CHROMIUM_ARGS, ...(target.spki ? [`--ignore-certificate-errors-spki-list=${target.spki}`] : [])],
    // bench.mjs stops the browser itself on Ctrl-C, after which it also stops the servers.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
}

async function signIn(page, user) {
  await page.goto(target.page);
  await page.locator('h1::-p-text(University sign-in)').setTimeout(15_000).wait();
  if (!page.url().startsWith(`${IDP_ORIGIN}/interaction/`)) fail(`the portal did not send the browser to the identity provider: ${page.url()}`);
  await page.locator('::-p-aria([name="Username"][role="textbox"])').fill(user.username);
  await page.locator('::-p-aria([name="Password"][role="textbox"])').fill(user.password);
  await Promise.all([
    page.waitForNavigation(),
    page.locator('::-p-aria([name="Sign in"][role="button"])').click(),
  ]);
  await assertProfileShown(page, user, 'after sign-in', 30_000);
}

async function assertProfileShown(page, user, when, timeout = 5000) {
  try {
    await page.waitForFunction(profileShown, { timeout, polling: 'mutation' }, user.homeLink, user.displayName);
  } catch {
    const text = await page.evaluate(() => document.body?.innerText.slice(0, 300)).catch((error) => String(error));
    fail(`${when}: the signed-in profile of ${user.username} is not shown (at ${page.url()}): ${JSON.stringify(text)}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Request rounds: how many requests had to wait for another before the profile was shown

/**
 * Loads /profile/details signed in, with a cold HTTP cache, recording every request from
 * navigation start until the profile is shown (only those that had finished by then count).
 * Each request is delayed by the same emulated round trip (no bandwidth limit) so that requests
 * started together overlap: unthrottled on loopback a route chunk can come back in 10 ms, before
 * the API call the same loader starts 18 ms later, and the count flips between 3 and 4 from run
 * to run although nothing waits for anything.
 */
async function requestRounds(page, user) {
  const cdp = await page.createCDPSession();
  await cdp.send('Network.enable');
  await page.goto('about:blank'); // same tab: the session (sessionStorage) stays
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true }); // evicts the memory cache
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  await page.emulateNetworkConditions({ download: -1, upload: -1, latency: ROUNDS_LATENCY_MS });

  const requests = new Map();
  const finished = [];
  cdp.on('Network.requestWillBeSent', (event) => {
    if (!/^https?:/.test(event.request.url)) return;
    const previous = requests.get(event.requestId);
    if (previous && event.redirectResponse) finished.push({ ...previous, end: event.timestamp, redirect: true });
    requests.set(event.requestId, { url: event.request.url, type: event.type, start: event.timestamp });
  });
  const end = (event) => {
    const request = requests.get(event.requestId);
    if (request) finished.push({ ...request, end: event.timestamp, failed: Boolean(event.errorText) });
  };
  cdp.on('Network.loadingFinished', end);
  cdp.on('Network.loadingFailed', end);

  try {
    await page.goto(target.page, { waitUntil: 'domcontentloaded' });
    await assertProfileShown(page, user, 'counting request rounds', 30_000);
    const before = [...finished]; // the requests that had finished when the profile was shown
    return { latencyMs: ROUNDS_LATENCY_MS, ...longestChain(before) };
  } finally {
    await page.emulateNetworkConditions(null);
    await cdp.detach();
  }
}

/**
 * The longest chain of requests where each started after the previous one had finished. Of the
 * equally deep predecessors the chain shows the one that finished last: the likeliest cause.
 */
function longestChain(requests) {
  const sorted = [...requests].sort((a, b) => a.start - b.start);
  const depth = [];
  const previous = [];
  sorted.forEach((request, i) => {
    depth[i] = 1;
    previous[i] = -1;
    for (let j = 0; j < i; j += 1) {
      if (sorted[j].end > request.start) continue;
      const deeper = depth[j] + 1 > depth[i];
      const later = depth[j] + 1 === depth[i] && sorted[j].end > sorted[previous[i]].end;
      if (deeper || later) {
        depth[i] = depth[j] + 1;
        previous[i] = j;
      }
    }
  });
  const deepest = Math.max(...depth);
  let last = -1;
  sorted.forEach((request, i) => {
    if (depth[i] === deepest && (last < 0 || request.end > sorted[last].end)) last = i;
  });
  const chain = [];
  for (; last >= 0; last = previous[last]) chain.unshift(sorted[last]);
  const t0 = sorted[0]?.start ?? 0;
  const ms = (t) => Math.round((t - t0) * 1000);
  return {
    rounds: chain.length,
    requests: sorted.length,
    chain: chain.map((r) => ({ url: r.url, type: r.type, startMs: ms(r.start), endMs: ms(r.end) })),
    all: sorted.map((r) => ({ url: r.url, type: r.type, startMs: ms(r.start), endMs: ms(r.end) })),
  };
}

// ---------------------------------------------------------------------------------------------
// Lighthouse

/**
 * Lighthouse's default mobile emulation and simulated throttling, in the tab that signed in.
 * Storage reset stays on (a user flow turns it off for its second navigation; we keep it on for
 * every run): it empties the HTTP cache, so each run is a cold load, and clears only
 * `clearStorageTypes` (file systems, shader cache, service workers, Cache Storage), never the
 * sessionStorage that holds the tokens. (`disableStorageReset: true` would also keep the HTTP
 * cache warm from the previous load.)
 */
const LIGHTHOUSE_FLAGS = { onlyCategories: ['performance'], disableStorageReset: false };

async function lighthouseRuns(page, user, runs) {
  const flow = await startFlow(page, { name: 'bench: /profile/details signed in', flags: LIGHTHOUSE_FLAGS });
  for (let run = 1; run <= runs; run += 1) {
    const started = Date.now();
    await flow.navigate(target.page, { name: `run ${run}` });
    await assertProfileShown(page, user, `Lighthouse run ${run}`);
    console.log(`bench: Lighthouse run ${run}/${runs} gathered in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  const result = await flow.createFlowResult();
  // Every audit of every run, for whoever needs more than the table (open it in Lighthouse's
  // viewer, or read it with jq): main-thread breakdown, LCP phases, the request waterfall.
  writeFileSync(FLOW_RESULT, JSON.stringify(result));
  return result.steps.map((step, i) => figures(step.lhr, i + 1));
}

/** One run's figures, after checking that it measured the signed-in page. */
function figures(lhr, run) {
  if (lhr.runtimeError) fail(`Lighthouse run ${run}: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  const final = new URL(lhr.finalDisplayedUrl);
  if (final.origin + final.pathname !== target.page) fail(`Lighthouse run ${run} ended at ${lhr.finalDisplayedUrl}, not ${target.page}`);
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const toIdp = requests.filter((r) => r.url.startsWith(`${IDP_ORIGIN}/auth`) || r.url.startsWith(`${IDP_ORIGIN}/interaction`));
  if (toIdp.length) fail(`Lighthouse run ${run} went through sign-in again: ${toIdp.map((r) => r.url).join(', ')}`);
  const api = requests.filter((r) => new URL(r.url).pathname.startsWith('/api/'));
  const apiFailed = api.filter((r) => r.statusCode !== 200);
  if (!api.length || apiFailed.length) {
    fail(`Lighthouse run ${run}: the profile's API calls did not all answer 200: ${apiFailed.map((r) => `${r.url} ${r.statusCode}`).join(', ') || 'none made'}`);
  }
  const audit = (id) => lhr.audits[id]?.numericValue;
  const lcpNode = lhr.audits['lcp-breakdown-insight']?.details?.items?.find((item) => item.type === 'node');
  const shifts = lhr.audits['layout-shifts']?.details?.items ?? [];
  return {
    run,
    performance: Math.round(lhr.categories.performance.score * 100),
    fcp: Math.round(audit('first-contentful-paint')),
    lcp: Math.round(audit('largest-contentful-paint')),
    tbt: Math.round(audit('total-blocking-time')),
    cls: Number(audit('cumulative-layout-shift').toFixed(3)),
    bytes: audit('total-byte-weight'),
    lcpElement: lcpNode ? describeNode(lcpNode) : 'none reported',
    layoutShifts: shifts.map((shift) => ({ element: describeNode(shift.node), score: Number(shift.score.toFixed(3)) })),
    requests: requests.length,
    protocols: [...new Set(requests.map((r) => r.protocol))],
    apiCalls: api.map((r) => new URL(r.url).pathname),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    warnings: lhr.runWarnings,
    lighthouseVersion: lhr.lighthouseVersion,
    settings: { formFactor: lhr.configSettings.formFactor, throttlingMethod: lhr.configSettings.throttlingMethod, throttling: lhr.configSettings.throttling },
  };
}

/** A Lighthouse node as its text (first line) and selector. */
function describeNode(node) {
  return `'${String(node.nodeLabel ?? '').split('\n')[0]}' (${node.selector})`;
}

/** Changes whenever dist/ is rebuilt (the manifest names every hashed file). */
function distFingerprint() {
  const files = ['dist/.vite/manifest.json', 'dist/index.html'].map((file) => readFileSync(`${ROOT}${file}`));
  return createHash('sha256').update(Buffer.concat(files)).digest('hex');
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function summarise(runs) {
  const medians = Object.fromEntries(TARGETS.map(({ key }) => [key, median(runs.map((r) => r[key]))]));
  const targets = Object.fromEntries(
    TARGETS.filter((t) => t.test).map((t) => [t.key, { target: t.text, value: medians[t.key], pass: t.test(medians[t.key]) }]),
  );
  return { medians, targets };
}

// ---------------------------------------------------------------------------------------------
// Output

const kb = (bytes) => (bytes / 1024).toFixed(1);
const pad = (text, width) => String(text).padStart(width);
const urlPath = (url) => (url.startsWith(target.origin) ? url.slice(target.origin.length) : url);

/** `_authenticated/profile/index` -> `/profile`: the route file as the address it serves. */
function routeUrl(route) {
  const path = route
    .split('/')
    .filter((part) => !part.startsWith('_') && part !== 'index')
    .join('/');
  return `/${path}`;
}

function printSizes({ first, routes }) {
  const cells = (s) => [s.js.raw, s.js.gzip, s.js.brotli, s.css.raw, s.css.gzip, s.css.brotli].map((b) => pad(kb(b), 7)).join('');
  const rows = [
    [`${routeUrl(first.route)} (first signed-in page, ${first.files.length} files)`, cells(first)],
    ...routes.map((r) => [`  + ${routeUrl(r.route)} (adds ${r.files.length})`, cells(r)]),
  ];
  const width = Math.max(...rows.map(([name]) => name.length));
  console.log('\nJavaScript and CSS loaded, KB (1 KB = 1024 bytes); other routes: what they add to the first page');
  console.log(`${''.padEnd(width)}${'JavaScript'.padStart(21)}${'CSS'.padStart(21)}`);
  console.log(`${'route'.padEnd(width)}${['raw', 'gzip', 'brotli', 'raw', 'gzip', 'brotli'].map((h) => pad(h, 7)).join('')}`);
  for (const [name, values] of rows) console.log(`${name.padEnd(width)}${values}`);
}

function printRounds(rounds) {
  console.log(`\nSequential request rounds before the profile is shown: ${rounds.rounds}`);
  console.log(`  (cold cache, every request delayed by ${rounds.latencyMs} ms; ${rounds.requests} requests finished before the profile showed)`);
  rounds.chain.forEach((r, i) => console.log(`  ${i + 1}. ${pad(r.startMs, 5)}-${pad(r.endMs, 5)} ms  ${(r.type ?? "").padEnd(10)} ${urlPath(r.url)}`));
}

function formatMetric(key, value) {
  if (key === 'performance') return String(value);
  if (key === 'cls') return value.toFixed(3);
  if (key === 'bytes') return `${kb(value)} KB`;
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`;
}

function printMachine(m, chromium, loadAfter) {
  console.log(`\nMachine: ${m.cpuCount} x ${m.cpuModel}, ${m.memoryGB} GB; Node ${m.node}; ${chromium}; ${m.date}`);
  console.log(`  load average (1, 5, 15 min): ${m.loadAverage.join(', ')} at start${loadAfter ? `; ${loadAfter.join(', ')} after the Lighthouse runs` : ''}`);
}

function printLighthouse(lh, user) {
  const s = lh.runs[0].settings;
  const t = s.throttling;
  console.log(
    `\nLighthouse ${lh.runs[0].lighthouseVersion}, ${s.formFactor} emulation, ${s.throttlingMethod} throttling ` +
      `(${t.rttMs} ms RTT, ${(t.throughputKbps / 1000).toFixed(1)} Mbps, CPU x${t.cpuSlowdownMultiplier}), cold cache;\n` +
      `${target.page} (${target.description}) signed in as ${user.username} (${user.persona} persona); median of ${lh.runs.length} runs; ` +
      `Lighthouse benchmarkIndex ${Math.round(median(lh.runs.map((r) => r.benchmarkIndex)))}`,
  );
  const width = 26;
  const header = `${'metric'.padEnd(width)}${lh.runs.map((r) => pad(`run ${r.run}`, 10)).join('')}${pad('median', 10)}${pad('target', 11)}`;
  console.log(header);
  for (const { key, label } of TARGETS) {
    const target = lh.targets[key];
    const values = lh.runs.map((r) => pad(formatMetric(key, r[key]), 10)).join('');
    const verdict = target ? `${pad(target.target, 11)}  ${target.pass ? 'PASS' : 'MISS'}` : '';
    console.log(`${label.padEnd(width)}${values}${pad(formatMetric(key, lh.medians[key]), 10)}${verdict}`);
  }
  for (const r of lh.runs) {
    const shifts = r.layoutShifts.map((shift) => `${shift.score} ${shift.element}`).join(', ') || 'none';
    console.log(`  run ${r.run}: LCP element ${r.lcpElement}; layout shifts: ${shifts}; ${r.requests} requests (${r.protocols.join(', ')})`);
    if (r.warnings.length) console.log(`    Lighthouse warnings: ${r.warnings.join(' | ')}`);
  }
  const misses = Object.entries(lh.targets).filter(([, v]) => !v.pass);
  console.log(misses.length ? `Targets missed: ${misses.map(([k]) => k).join(', ')}` : 'All targets met.');
}

// ---------------------------------------------------------------------------------------------
// Main

let browser;
let shuttingDown = false;

async function cleanUp() {
  buildChild?.kill('SIGTERM');
  await browser?.close().catch(() => {});
  browser = undefined;
  await stopServers();
  if (nginxDir) rmSync(nginxDir, { recursive: true, force: true });
}

/** Where the page is measured for --server. */
function serverFor(kind) {
  const origin = kind === 'nginx' ? HOSTED_ORIGIN : APP_ORIGIN;
  return { kind, origin, page: `${origin}${PAGE_PATH}`, description: kind === 'nginx' ? 'nginx' : 'vite preview, HTTP/1.1 without TLS' };
}

async function main() {
  const started = Date.now();
  const opts = options();
  target = serverFor(opts.server);
  const results = { machine: machine(), options: opts };
  if (!opts.skipLighthouse) {
    // Before a build that would be wasted.
    if (target.kind === 'nginx' && (!NGINX || !OPENSSL)) {
      fail(
        `${NGINX ? 'openssl' : 'nginx'} is not installed (Debian: apt-get install nginx-light libnginx-mod-http-brotli-static openssl); ` +
          'or measure `vite preview` with --server preview',
      );
    }
    await assertPortsFree();
  }
  if (!opts.skipBuild) await build();
  results.sizes = routeSizes(`${ROOT}dist`);
  const builtDist = distFingerprint();
  printSizes(results.sizes);

  if (!opts.skipLighthouse) {
    const user = fullPersona();
    await startServers();
    browser = await launchBrowser();
    results.machine.chromium = (await browser.version()).replace(/^\D+\//, ''); // 'Chrome/156.0…' -> '156.0…'
    const page = await browser.newPage();
    results.pageErrors = watchErrors(page);
    await signIn(page, user);
    console.log(`bench: signed in as ${user.username} (${user.persona} persona)`);
    results.requestRounds = await requestRounds(page, user);
    printRounds(results.requestRounds);
    const runs = await lighthouseRuns(page, user, opts.runs);
    results.server = { kind: target.kind, origin: target.origin, description: target.description };
    results.lighthouse = { page: target.page, user: user.username, persona: user.persona, flags: LIGHTHOUSE_FLAGS, ...summarise(runs), runs };
    results.machine.loadAverageAfter = os.loadavg().map((n) => Number(n.toFixed(2)));
    if (distFingerprint() !== builtDist) fail('dist/ was rebuilt while the benchmark ran (by another `vite build`?): the figures may mix two builds; run it again');
    await cleanUp();
    printMachine(results.machine, `Chromium ${results.machine.chromium} (${CHROMIUM_PATH})`, results.machine.loadAverageAfter);
    printLighthouse(results.lighthouse, user);
  } else {
    printMachine(results.machine, 'Lighthouse skipped');
  }

  if (results.pageErrors?.length) console.log(`\nPage errors during the benchmark:\n  ${results.pageErrors.join('\n  ')}`);
  results.durationSeconds = Math.round((Date.now() - started) / 1000);
  mkdirSync(`${ROOT}bench`, { recursive: true });
  writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nbench: wrote bench/results.json in ${results.durationSeconds} s`);
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (shuttingDown) return;
    shuttingDown = true;
    console.error(`\nbench: ${signal}, stopping the browser and the servers`);
    cleanUp().finally(() => process.exit(128 + os.constants.signals[signal]));
  });
}
// Last resort if the process exits some other way: no server outlives the benchmark.
process.on('exit', () => {
  for (const handle of running) killGroup(handle, 'SIGKILL');
});

main().catch(async (error) => {
  if (shuttingDown) return; // interrupted: the signal handler cleans up and exits
  console.error(`bench: ${error instanceof BenchError ? error.message : error.stack}`);
  await cleanUp();
  process.exit(1);
});
