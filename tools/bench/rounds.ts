// Request rounds: how many requests had to wait for another before the profile was shown.
import type { Page } from 'puppeteer-core';
import { assertProfileShown, type BenchUser } from './browser.ts';
import type { Target } from './target.ts';

/** Emulated round-trip time while counting request rounds (see requestRounds). */
const ROUNDS_LATENCY_MS = 150;

/** A request seen by the browser, with its start and end in seconds of the browser's clock. */
interface TimedRequest {
  url: string;
  type?: string | undefined;
  start: number;
  end: number;
}

interface RequestRow {
  url: string;
  type?: string | undefined;
  startMs: number;
  endMs: number;
}

export interface Rounds {
  rounds: number;
  requests: number;
  chain: RequestRow[];
  all: RequestRow[];
}

/**
 * Loads /profile/details signed in, with a cold HTTP cache, recording every request from
 * navigation start until the profile is shown (only those that had finished by then count).
 * Each request is delayed by the same emulated round trip (no bandwidth limit) so that requests
 * started together overlap: unthrottled on loopback a route chunk can come back in 10 ms, before
 * the API call the same loader starts 18 ms later, and the count flips between 3 and 4 from run
 * to run although nothing waits for anything.
 */
export async function requestRounds(page: Page, user: BenchUser, target: Target): Promise<Rounds & { latencyMs: number }> {
  const cdp = await page.createCDPSession();
  await cdp.send('Network.enable');
  await page.goto('about:blank'); // same tab: the session (sessionStorage) stays
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true }); // evicts the memory cache
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  await page.emulateNetworkConditions({ download: -1, upload: -1, latency: ROUNDS_LATENCY_MS });

  const requests = new Map<string, Omit<TimedRequest, 'end'>>();
  const finished: TimedRequest[] = [];
  cdp.on('Network.requestWillBeSent', (event) => {
    if (!/^https?:/.test(event.request.url)) return;
    const previous = requests.get(event.requestId);
    if (previous && event.redirectResponse) finished.push({ ...previous, end: event.timestamp });
    requests.set(event.requestId, { url: event.request.url, type: event.type, start: event.timestamp });
  });
  const end = (event: { requestId: string; timestamp: number }) => {
    const request = requests.get(event.requestId);
    if (request) finished.push({ ...request, end: event.timestamp });
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
export function longestChain(requests: TimedRequest[]): Rounds {
  const sorted = [...requests].sort((a, b) => a.start - b.start);
  const depth: number[] = [];
  const previous: number[] = [];
  sorted.forEach((request, i) => {
    depth[i] = 1;
    previous[i] = -1;
    for (let j = 0; j < i; j += 1) {
      const candidate = sorted[j]!;
      if (candidate.end > request.start) continue;
      const deeper = depth[j]! + 1 > depth[i]!;
      const later = depth[j]! + 1 === depth[i]! && candidate.end > sorted[previous[i]!]!.end;
      if (deeper || later) {
        depth[i] = depth[j]! + 1;
        previous[i] = j;
      }
    }
  });
  const deepest = Math.max(...depth);
  let last = -1;
  sorted.forEach((request, i) => {
    if (depth[i] === deepest && (last < 0 || request.end > sorted[last]!.end)) last = i;
  });
  const chain: TimedRequest[] = [];
  for (; last >= 0; last = previous[last]!) chain.unshift(sorted[last]!);
  const t0 = sorted[0]?.start ?? 0;
  const ms = (t: number) => Math.round((t - t0) * 1000);
  const row = (r: TimedRequest): RequestRow => ({ url: r.url, type: r.type, startMs: ms(r.start), endMs: ms(r.end) });
  return { rounds: chain.length, requests: sorted.length, chain: chain.map(row), all: sorted.map(row) };
}
