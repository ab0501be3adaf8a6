// The sign-in journey: a browser without any session opens the portal's home page, which sends
// it to the identity provider's form; the script fills it in as a person would, and the journey
// ends when the profile is shown. Lighthouse's timespan mode gives no score and warns against
// navigations, so the figures come from the browser's own network events: the time from the
// first request to the profile being shown, how much of it the tab spent on the portal and on
// the identity provider, and the requests and bytes of each.
import type { Browser, CDPSession, Page } from 'puppeteer-core';
import { IDP_ORIGIN } from '../scripts/dev-stack.ts';
import { assertProfileShown, fillSignInForm, watchErrors, type BenchUser } from './browser.ts';
import { layoutShiftSoFar } from './layoutShift.ts';
import { median } from './lighthouse.ts';
import { fail, type Target } from './target.ts';

/**
 * Lighthouse's mobile network (150 ms round trip, 1.6 Mbps down, 750 Kbps up), applied by the
 * browser to every request: on loopback the journey's many redirects would otherwise cost
 * nothing. The CPU is not slowed down.
 */
const SIGN_IN_NETWORK = { latency: 150, download: (1.6 * 1024 * 1024) / 8, upload: (750 * 1024) / 8 };

type Side = 'portal' | 'identity provider';

export interface SignInRun {
  run: number;
  /** From the first request to the profile being shown, ms. */
  totalMs: number;
  /** Of which the tab's document was the portal's, or the identity provider's (its form, filled by the script, included). */
  onPortalMs: number;
  onIdentityProviderMs: number;
  requests: number;
  /** As the browser reported them: a prefetch that finishes after its page has left reports none. */
  bytes: number;
  /** Layout shift on the page that shows the profile (the callback's), from its first paint: the sum of the browser's layout-shift entries. */
  layoutShift: number;
  bySide: Record<Side, { requests: number; bytes: number }>;
  /** The addresses the tab's document went through, in order. */
  documents: string[];
  apiCalls: string[];
}

export interface SignInJourney {
  network: typeof SIGN_IN_NETWORK;
  runs: SignInRun[];
  medians: Pick<SignInRun, 'totalMs' | 'onPortalMs' | 'onIdentityProviderMs' | 'requests' | 'bytes' | 'layoutShift'>;
}

interface Seen {
  url: string;
  /** Seconds of the browser's monotonic clock. */
  start: number;
  document: boolean;
  status?: number;
  bytes: number;
  /** What arrived, for a request that never reported finishing. */
  received?: number;
}

/** The layout shift of the page shown now, from its first paint. */
async function layoutShift(page: Page): Promise<number> {
  return Number((await page.evaluate(layoutShiftSoFar, 300)).toFixed(3));
}

/** One run per fresh browser context: no cookies, so the identity provider has no session yet. */
export async function signInJourney(browser: Browser, user: BenchUser, target: Target, runs: number, pageErrors: string[]): Promise<SignInJourney> {
  const measured: SignInRun[] = [];
  for (let run = 1; run <= runs; run += 1) {
    const started = Date.now();
    const context = await browser.createBrowserContext();
    try {
      const page = await context.newPage();
      const errors = watchErrors(page);
      const cdp = await page.createCDPSession();
      try {
        measured.push(
          await signInOnce(
            cdp,
            run,
            target,
            async () => {
              await page.emulateNetworkConditions(SIGN_IN_NETWORK);
              await page.goto(`${target.origin}/`);
              await fillSignInForm(page, user);
              return assertProfileShown(page, user, `sign-in, run ${run}`, 30_000);
            },
            () => page.waitForNetworkIdle({ idleTime: 500, timeout: 15_000 }),
            () => layoutShift(page),
          ),
        );
      } finally {
        pageErrors.push(...errors);
      }
    } finally {
      await context.close();
    }
    console.log(`bench: sign-in, run ${run}/${runs} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  const mid = (key: keyof SignInJourney['medians']) => median(measured.map((r) => r[key]));
  return {
    network: SIGN_IN_NETWORK,
    runs: measured,
    medians: {
      totalMs: mid('totalMs'),
      onPortalMs: mid('onPortalMs'),
      onIdentityProviderMs: mid('onIdentityProviderMs'),
      requests: mid('requests'),
      bytes: mid('bytes'),
      layoutShift: mid('layoutShift'),
    },
  };
}

/**
 * Every http(s) request the tab makes from now on, with its status and bytes, and the offset
 * from the network events' monotonic clock to the epoch (once a request has been seen).
 */
function recordRequests(cdp: CDPSession, mainFrame: string) {
  const requests = new Map<string, Seen>();
  const all: Seen[] = [];
  let clockOffset: number | undefined; // epoch seconds minus monotonic seconds
  cdp.on('Network.requestWillBeSent', (event) => {
    if (!/^https?:/.test(event.request.url)) return;
    clockOffset ??= event.wallTime - event.timestamp;
    const previous = requests.get(event.requestId);
    if (previous && event.redirectResponse) {
      previous.status = event.redirectResponse.status;
      previous.bytes = event.redirectResponse.encodedDataLength;
    }
    const seen: Seen = {
      url: event.request.url,
      start: event.timestamp,
      document: event.type === 'Document' && event.frameId === mainFrame,
      bytes: 0,
    };
    requests.set(event.requestId, seen);
    all.push(seen);
  });
  cdp.on('Network.responseReceived', (event) => {
    const seen = requests.get(event.requestId);
    if (seen) seen.status = event.response.status;
  });
  // A prefetch that finishes after its page has left reports no loadingFinished: its bytes are
  // the sum of what arrived.
  cdp.on('Network.dataReceived', (event) => {
    const seen = requests.get(event.requestId);
    if (seen) seen.received = (seen.received ?? 0) + event.encodedDataLength;
  });
  cdp.on('Network.loadingFinished', (event) => {
    const seen = requests.get(event.requestId);
    if (seen) seen.bytes = event.encodedDataLength;
  });
  return { all, clockOffset: () => clockOffset };
}

/** The time the tab spent on each side, and the requests and bytes each side served. */
function splitBySide(run: number, target: Target, journeyRequests: Seen[], documents: Seen[], first: number, shown: number) {
  const sideOf = (url: string): Side => {
    const origin = new URL(url).origin;
    if (origin === target.origin) return 'portal';
    if (origin === IDP_ORIGIN) return 'identity provider';
    return fail(`sign-in, run ${run}: a request to neither the portal nor the identity provider: ${url}`);
  };
  // The tab is on whichever origin its document came from, from the moment it asked for it.
  const time: Record<Side, number> = { portal: 0, 'identity provider': 0 };
  documents.forEach((doc, i) => {
    time[sideOf(doc.url)] += ((documents[i + 1]?.start ?? shown) - Math.max(doc.start, first)) * 1000;
  });
  const bySide: SignInRun['bySide'] = { portal: { requests: 0, bytes: 0 }, 'identity provider': { requests: 0, bytes: 0 } };
  for (const r of journeyRequests) {
    bySide[sideOf(r.url)].requests += 1;
    bySide[sideOf(r.url)].bytes += r.bytes;
  }
  return { time, bySide };
}

/** Fails unless the tab went from the provider's form to the portal's callback and every API call answered 200; answers the API calls. */
function checkJourney(run: number, target: Target, documents: Seen[], all: Seen[]): Seen[] {
  // assertProfileShown has checked that the tab ended on the profile; the portal gets there from
  // its callback by a history change, which asks for no document.
  const callback = documents.findIndex((d) => d.url.startsWith(`${target.origin}/auth/default/callback`));
  const login = documents.findIndex((d) => d.url.startsWith(`${IDP_ORIGIN}/interaction/`));
  if (login < 0 || callback < login)
    fail(`sign-in, run ${run} did not go from the identity provider's form to the portal's callback: ${documents.map((d) => d.url).join(' -> ')}`);
  const api = all.filter((r) => r.url.startsWith(target.origin) && new URL(r.url).pathname.startsWith('/api/'));
  const apiFailed = api.filter((r) => r.status !== 200);
  if (!api.length || apiFailed.length)
    fail(
      `sign-in, run ${run}: the profile's API calls did not all answer 200: ${apiFailed.map((r) => `${r.url} ${r.status ?? 'no answer'}`).join(', ') || 'none made'}`,
    );
  return api;
}

/**
 * Records the browser's network events while `journey` runs (it answers when the profile was
 * shown, in ms since the epoch), then waits for the requests under way to finish so that their
 * bytes and statuses are known.
 */
async function signInOnce(
  cdp: CDPSession,
  run: number,
  target: Target,
  journey: () => Promise<number>,
  settle: () => Promise<void>,
  shifted: () => Promise<number>,
): Promise<SignInRun> {
  await cdp.send('Network.enable');
  const mainFrame = (await cdp.send('Page.getFrameTree')).frameTree.frame.id;
  const recorded = recordRequests(cdp, mainFrame);
  const { all } = recorded;

  const shownAt = await journey();
  await settle().catch(() => {}); // a request still open after the profile shows is not the journey's
  const layoutShift = await shifted();
  await cdp.detach();
  const clockOffset = recorded.clockOffset();
  if (clockOffset === undefined || !all.length) fail(`sign-in, run ${run}: the browser reported no requests`);
  const shown = shownAt / 1000 - clockOffset; // on the monotonic clock of the network events
  for (const r of all) if (!r.bytes && r.received) r.bytes = r.received;
  const journeyRequests = all.filter((r) => r.start <= shown);
  const first = journeyRequests[0]!.start;
  const documents = journeyRequests.filter((r) => r.document);
  const { time, bySide } = splitBySide(run, target, journeyRequests, documents, first, shown);
  const api = checkJourney(run, target, documents, all);
  return {
    run,
    totalMs: Math.round((shown - first) * 1000),
    onPortalMs: Math.round(time.portal),
    onIdentityProviderMs: Math.round(time['identity provider']),
    requests: journeyRequests.length,
    bytes: journeyRequests.reduce((sum, r) => sum + r.bytes, 0),
    layoutShift,
    bySide,
    documents: documents.map((d) => d.url),
    apiCalls: api.map((r) => new URL(r.url).pathname),
  };
}
