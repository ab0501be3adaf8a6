// The interactions journey: what a person meets after the first page, on a phone. Each run is a
// fresh browser context (no later page fetched yet) that signs in as the new-user persona
// (nothing set up, so the MFA list offers Set up SMS). Then, with Lighthouse's mobile throttling
// applied by the browser itself (its figures for applied throttling: 562.5 ms per request,
// 1.47 Mbps down, 675 Kbps up, CPU x4) and Lighthouse's phone screen, it loads the profile from
// a cold cache, waits until the network is quiet, and taps through: the menu and Set up MFA,
// Edit and Set up SMS, the menu and Previous Login, Connected apps, Profile and Change Password, then types 15
// keys in the new password field.
//
// For each step: the time from the input until the step's content is on screen (the frame
// after the content is in the page), the event's own duration as INP counts it (the Event
// Timing API: from the input to the next paint after its handlers), and the main-thread tasks
// of 50 ms or more meanwhile, with what ran in each (long-tasks.ts, from the run's trace, as
// observed at CPU x4: nothing is simulated here).
/// <reference lib="dom" />
import type { Browser, HTTPRequest, Page } from 'puppeteer-core';
import { screenEmulationMetrics, throttling, userAgents } from 'lighthouse/core/config/constants.js';
import { MainThreadTasks } from 'lighthouse/core/lib/tracehouse/main-thread-tasks.js';
import { assertProfileShown, signIn, watchErrors, type BenchUser } from './browser.ts';
import { median } from './lighthouse.ts';
import { causesOf, PROFILER_CATEGORY, samplesOf, sourceMapper, type KeepTrace, type LongTask, type TaskNode, type TraceEvent } from './long-tasks.ts';
import { fail, type Target } from './target.ts';

const PHONE = throttling.mobileSlow4G;
/** Lighthouse's phone screen. */
const SCREEN = screenEmulationMetrics.mobile as { width: number; height: number; deviceScaleFactor: number };

/** What the browser applies: Lighthouse's figures for applied ("devtools") throttling. */
export const INTERACTIONS_THROTTLING = {
  latencyMs: PHONE.requestLatencyMs,
  downloadKbps: PHONE.downloadThroughputKbps,
  uploadKbps: PHONE.uploadThroughputKbps,
  cpuSlowdown: PHONE.cpuSlowdownMultiplier,
};

/** The trace: the main thread's tasks and their events (as Lighthouse records them), the user timing marks, the CPU profile. */
const TRACE_CATEGORIES = [
  '-*',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-lighthouse',
  'v8',
  'v8.execute',
  'blink.user_timing',
  'loading',
  PROFILER_CATEGORY,
];

/**
 * How long a person looks at what a step showed before the next tap: the menu's entries, the
 * list's Set up buttons. Without it the bench would tap the moment a menu appears, faster than
 * anyone reads five entries, and no intent would have any time to load what it starts. It is
 * shorter than the Keystroke-Level Model's 1.35 s for a person to prepare the next action.
 */
export const READING_PAUSE_MS = 1000;

/** What shows that a step's content is on screen: a visible element, with its text or the field's length, on its page. */
interface Shown {
  selector: string;
  text?: string;
  path?: string;
  valueLength?: number;
}

/** What a step is, for the targets. */
type StepKind = 'menu' | 'menu page' | 'control' | 'wizard' | 'keystroke';

interface Step {
  name: string;
  kind: StepKind;
  /** A tap on the element, or a key typed into the field `focus` (given the focus without an input). */
  tap?: string;
  key?: string;
  focus?: string;
  shown: Shown;
}

const button = (name: string) => `::-p-aria([name="${name}"][role="button"])`;
const link = (name: string) => `::-p-aria([name="${name}"][role="link"])`;
/** Typed into the new password, one key a step: 15 keys, through every rule the hints show. */
const TYPED = 'Portal-2026-key';
const NEW_PASSWORD = '#password-field-newPassword';

function steps(user: BenchUser): Step[] {
  const menu: Step = { name: 'open the menu', kind: 'menu', tap: button('Menu'), shown: { selector: '#account-navigation' } };
  return [
    menu,
    {
      name: 'Set up MFA',
      kind: 'menu page',
      tap: link('Set up MFA'),
      shown: { path: '/profile/mfa', selector: 'main table', text: 'SMS Authentication' },
    },
    { name: 'Edit', kind: 'control', tap: button('Edit'), shown: { selector: 'main button[aria-label="Set up SMS Authentication"]' } },
    {
      name: 'Set up SMS: the first step',
      kind: 'wizard',
      tap: button('Set up SMS Authentication'),
      shown: { path: '/profile/mfa/enroll/OKTA/sms', selector: 'main button', text: 'Setup' },
    },
    menu,
    {
      name: 'Previous Login',
      kind: 'menu page',
      tap: link('Previous Login'),
      shown: { path: '/profile/login', selector: 'main a', text: "This wasn't me" },
    },
    menu,
    {
      name: 'Connected apps',
      kind: 'menu page',
      tap: link('Connected apps'),
      // The bench's new user has none: the page's sentence says so.
      shown: { path: '/profile/connected-apps', selector: 'main p', text: 'No app has access to your account.' },
    },
    menu,
    {
      name: 'Profile',
      kind: 'menu page',
      tap: link('Profile'),
      shown: { path: '/profile/details', selector: 'section[aria-labelledby="personal-information"] dl', text: user.displayName },
    },
    menu,
    {
      name: 'Change Password',
      kind: 'menu page',
      tap: link('Change Password'),
      shown: { path: '/profile/password', selector: '[data-testid="password-hints"]' },
    },
    ...[...TYPED].map((key, i): Step => ({
      name: `key ${i + 1}`,
      kind: 'keystroke',
      key,
      ...(i === 0 && { focus: NEW_PASSWORD }),
      shown: { selector: NEW_PASSWORD, valueLength: i + 1 },
    })),
  ];
}

/** One step of one run. */
export interface StepRun {
  step: string;
  kind: StepKind;
  /** From the input to the frame after the step's content is in the page, ms. */
  shownMs: number;
  /**
   * The interaction's duration (Event Timing, as INP counts it), ms; 16 when the browser
   * reported none, as it reports only interactions of 16 ms or more.
   */
  eventMs: number;
  reported: boolean;
  /** Of the event: from the input to its handlers, the handlers, and from them to the next paint. */
  inputDelayMs?: number;
  processingMs?: number;
  presentationMs?: number;
  /** Main-thread tasks of 50 ms or more that end after the input, until the step settled; `start` is ms after the input. */
  longTasks: LongTask[];
}

export interface InteractionsRun {
  run: number;
  /** The profile's load before the steps, from a cold cache, ms (the page's own clock). */
  loadMs: number;
  steps: StepRun[];
}

interface Summary {
  /** Each step's medians over the runs, in the journey's order. */
  steps: { step: string; kind: StepKind; shownMs: number; eventMs: number }[];
  clickEventMs: number;
  slowestEventMs: number;
  keystroke: { medianMs: number; slowestMs: number };
  menuPageShownMs: number;
  wizardShownMs: number;
}

export interface InteractionsJourney {
  throttling: typeof INTERACTIONS_THROTTLING;
  /** Before each tap, ms. */
  readingPauseMs: number;
  screen: { width: number; height: number; deviceScaleFactor: number };
  user: string;
  runs: InteractionsRun[];
  medians: Summary;
  targets: { key: keyof Summary; text: string; value: number; pass: boolean }[];
}

const TARGETS: { key: Exclude<keyof Summary, 'steps' | 'keystroke'>; text: string; test: (ms: number) => boolean }[] = [
  { key: 'clickEventMs', text: '<= 100 ms', test: (ms) => ms <= 100 },
  { key: 'slowestEventMs', text: '<= 200 ms', test: (ms) => ms <= 200 },
  { key: 'menuPageShownMs', text: '<= 500 ms', test: (ms) => ms <= 500 },
  { key: 'wizardShownMs', text: '<= 700 ms', test: (ms) => ms <= 700 },
];

// ---- In the page (serialised by Puppeteer: each function stands alone) ----

interface EventRecord {
  name: string;
  startTime: number;
  duration: number;
  processingStart: number;
  processingEnd: number;
  interactionId: number;
}

interface Probe {
  inputs: number[];
  events: EventRecord[];
  take: () => void;
  shown?: Promise<number>;
}

/** Before the page's own code: the inputs' times and the Event Timing entries of every interaction. */
function installProbe(): void {
  const probe: Probe = { inputs: [], events: [], take: () => {} };
  (window as unknown as { __benchProbe: Probe }).__benchProbe = probe;
  for (const type of ['pointerdown', 'keydown']) addEventListener(type, (event) => probe.inputs.push(event.timeStamp), { capture: true });
  const keep = (entries: PerformanceEntryList) => {
    for (const entry of entries as (PerformanceEventTiming & { interactionId: number })[]) {
      if (!entry.interactionId) continue;
      const { name, startTime, duration, processingStart, processingEnd, interactionId } = entry;
      probe.events.push({ name, startTime, duration, processingStart, processingEnd, interactionId });
    }
  };
  const observer = new PerformanceObserver((list) => keep(list.getEntries()));
  observer.observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  probe.take = () => keep(observer.takeRecords());
}

/**
 * Marks the step's start and watches for its content: once it is in the page and visible, the
 * time of the task after the next frame (the frame that paints it).
 */
function watchFor(shown: Shown, index: number): number {
  const probe = (window as unknown as { __benchProbe: Probe }).__benchProbe;
  // Cheap tests first: visibility asks for style and layout.
  const met = () =>
    (!shown.path || location.pathname === shown.path) &&
    [...document.querySelectorAll(shown.selector)].some(
      (element) =>
        (!shown.text || element.textContent?.includes(shown.text)) &&
        (shown.valueLength === undefined || (element as HTMLInputElement).value.length === shown.valueLength) &&
        element.checkVisibility(),
    );
  probe.shown = new Promise((resolve) => {
    const check = () => {
      if (!met()) return;
      observer.disconnect();
      removeEventListener('input', check, { capture: true });
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now())));
    };
    const observer = new MutationObserver(check);
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    // A field's value is no attribute: typing shows in its input event.
    addEventListener('input', check, { capture: true });
  });
  performance.mark(`bench:step ${index}`);
  return performance.now();
}

/**
 * Waits for the step's content, then for the Event Timing entry of its interaction's last event
 * (`lastEvent`: a tap's click, a key's keyup), which comes once the frame after it is presented;
 * up to 20 frames, as an event under 16 ms gets none. Answers the step's figures in the page's clock.
 */
async function settle(since: number, index: number, lastEvent: string, timeoutMs: number) {
  const probe = (window as unknown as { __benchProbe: Probe }).__benchProbe;
  // -1: not shown in time (NaN would cross to Node as null).
  const shownAt = await Promise.race([probe.shown!, new Promise<number>((resolve) => setTimeout(() => resolve(-1), timeoutMs))]);
  const inputAt = probe.inputs.find((at) => at >= since);
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
  // The step's one interaction: every event of it from the input on (a tap's pointerdown, its
  // pointerup and the click that follows, each with its own start), up to its last event.
  const ofInput = () => {
    probe.take();
    return probe.events.filter((event) => inputAt !== undefined && event.startTime >= inputAt - 1);
  };
  for (let frames = 0; frames < 20 && !ofInput().some((event) => event.name === lastEvent); frames += 1) await frame();
  performance.mark(`bench:step ${index} end`);
  return { shownAt, inputAt, events: ofInput() };
}

// ---- In Node ----

/**
 * The page's requests from now on, and a wait until none has been open for `quietMs`; the wait
 * fails with the open ones after a minute. `stop` ends the watch.
 */
function watchRequests(page: Page) {
  const open = new Set<HTTPRequest>();
  let changed = () => {};
  const opened = (request: HTTPRequest) => (open.add(request), changed());
  const closed = (request: HTTPRequest) => (open.delete(request), changed());
  page.on('request', opened).on('requestfinished', closed).on('requestfailed', closed);
  return {
    quiet: (quietMs: number) =>
      new Promise<void>((resolve, reject) => {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const giveUp = setTimeout(() => reject([...open].map((request) => request.url())), 60_000);
        changed = () => {
          clearTimeout(timer);
          if (open.size) return;
          timer = setTimeout(() => {
            clearTimeout(giveUp);
            resolve();
          }, quietMs);
        };
        changed();
      }),
    stop: () => void page.off('request', opened).off('requestfinished', closed).off('requestfailed', closed),
  };
}

async function applyPhone(page: Page): Promise<void> {
  const cdp = await page.createCDPSession();
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: INTERACTIONS_THROTTLING.latencyMs,
    downloadThroughput: (INTERACTIONS_THROTTLING.downloadKbps * 1024) / 8,
    uploadThroughput: (INTERACTIONS_THROTTLING.uploadKbps * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: INTERACTIONS_THROTTLING.cpuSlowdown });
}

/** The trace's main thread of the portal's page: the one that recorded the steps' marks. */
function mainThreadOf(events: readonly (TraceEvent & { cat?: string })[]): { pid: number; tid: number } {
  const mark = events.find((event) => event.name.startsWith('bench:step') && event.cat?.includes('blink.user_timing'));
  if (!mark) fail("interactions: the trace holds none of the steps' marks");
  return { pid: mark.pid, tid: mark.tid };
}

/** Each step's long tasks, from the trace of the steps. */
function longTasksOfSteps(
  trace: { traceEvents: (TraceEvent & { cat?: string; ph?: string })[] },
  inputAfterMark: readonly number[],
  dist: string,
): LongTask[][] {
  const events = trace.traceEvents;
  const main = mainThreadOf(events);
  const markTs = (name: string) => events.find((event) => event.name === name && event.pid === main.pid)?.ts;
  const mainEvents = events.filter((event) => event.pid === main.pid && event.tid === main.tid).sort((a, b) => a.ts - b.ts);
  const first = markTs('bench:step 0');
  if (first === undefined) fail("interactions: the trace lacks the first step's mark");
  const end = Math.max(...mainEvents.map((event) => event.ts + (event.dur ?? 0)));
  const tasks = MainThreadTasks.getMainThreadTasks(mainEvents as never, [], end, first) as unknown as (TaskNode & { startTime: number })[];
  const samples = samplesOf(events);
  const mapSample = sourceMapper(dist);
  return inputAfterMark.map((offset, i) => {
    const from = markTs(`bench:step ${i}`);
    const to = markTs(`bench:step ${i} end`);
    if (from === undefined || to === undefined) return [];
    // From the input: the step's mark comes before the tap or key reaches the page.
    const startMs = (from - first) / 1000 + offset;
    const endMs = (to - first) / 1000;
    return tasks
      .filter((task) => !task.parent && task.duration >= 50 && task.startTime + task.duration > startMs && task.startTime < endMs)
      .map((task) => ({ start: task.startTime - startMs, duration: task.duration, causes: causesOf(task, samples, mapSample) }));
  });
}

async function oneRun(
  browser: Browser,
  user: BenchUser,
  target: Target,
  run: number,
  dist: string,
  pageErrors: string[],
  keepTrace?: KeepTrace,
): Promise<InteractionsRun> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    const errors = watchErrors(page);
    try {
      await page.setViewport({ ...SCREEN, isMobile: true, hasTouch: true });
      await page.setUserAgent({ userAgent: userAgents.mobile });
      const signingIn = watchRequests(page);
      await signIn(page, user, target.page);
      // What the signed-in page fetches once it has painted ends before the reload: a request
      // that crosses a navigation is never reported finished (prefetches outlive their page),
      // and the wait for quiet after the reload would wait for it.
      await signingIn
        .quiet(500)
        .catch((open: string[]) => fail(`interactions, run ${run}: the network never went quiet after the sign-in; still open: ${open.join(', ')}`))
        .finally(signingIn.stop);
      await applyPhone(page);
      const requests = watchRequests(page);
      await page.evaluateOnNewDocument(installProbe);
      await page
        .reload({ waitUntil: 'domcontentloaded', timeout: 60_000 })
        .catch(() => fail(`interactions, run ${run}: the profile's document did not load`));
      const shownAt = await assertProfileShown(page, user, `interactions, run ${run}: the profile`, 60_000);
      const loadMs = Math.round(shownAt - (await page.evaluate(() => performance.timeOrigin)));
      // A person reads the page before the first tap: the load's requests have ended.
      await requests
        .quiet(1000)
        .catch((open: string[]) =>
          fail(`interactions, run ${run}: the network never went quiet after the profile showed; still open: ${open.join(', ')}`),
        )
        .finally(requests.stop);

      const all = steps(user);
      await page.tracing.start({ categories: TRACE_CATEGORIES });
      // The trace's own start costs the page a task: it ends before the first step.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve)))));
      const measured: Omit<StepRun, 'longTasks'>[] = [];
      const marks: number[] = [];
      const inputs: number[] = [];
      for (const [index, step] of all.entries()) {
        // A person reads what the last step showed before the next tap (not between keys).
        if (step.tap) await new Promise((resolve) => setTimeout(resolve, READING_PAUSE_MS));
        const since = await page.evaluate(watchFor, step.shown, index);
        if (step.focus) await page.focus(step.focus);
        if (step.tap) {
          const target = await page
            .waitForSelector(step.tap, { timeout: 30_000 })
            .catch(() => fail(`interactions, run ${run}: '${step.name}' found nothing to tap (${step.tap}) at ${page.url()}`));
          await target!.tap();
        } else await page.keyboard.type(step.key!);
        const { shownAt: at, inputAt, events } = await page.evaluate(settle, since, index, step.tap ? 'click' : 'keyup', 30_000);
        if (at < 0) {
          const text = await page.evaluate(() => document.body.innerText.slice(0, 300));
          fail(`interactions, run ${run}: after '${step.name}', the step's content did not show (at ${page.url()}): ${JSON.stringify(text)}`);
        }
        if (inputAt === undefined) fail(`interactions, run ${run}: '${step.name}' reached the page as no input`);
        const longest = events.reduce<EventRecord | undefined>((a, b) => (a && a.duration >= b.duration ? a : b), undefined);
        marks.push(since);
        inputs.push(inputAt);
        measured.push({
          step: step.name,
          kind: step.kind,
          shownMs: Math.round(at - inputAt),
          eventMs: longest?.duration ?? 16,
          reported: Boolean(longest),
          ...(longest && {
            inputDelayMs: Math.round(longest.processingStart - longest.startTime),
            processingMs: Math.round(longest.processingEnd - longest.processingStart),
            presentationMs: Math.round(longest.startTime + longest.duration - longest.processingEnd),
          }),
        });
      }
      const trace = await page.tracing.stop();
      if (!trace) fail(`interactions, run ${run}: the browser gave no trace`);
      const parsed = JSON.parse(Buffer.from(trace).toString('utf8'));
      keepTrace?.(`interactions-run${run}`, parsed);
      const longTasks = longTasksOfSteps(
        parsed,
        inputs.map((input, i) => input - marks[i]!),
        dist,
      );
      return { run, loadMs, steps: measured.map((step, i) => ({ ...step, longTasks: longTasks[i] ?? [] })) };
    } finally {
      pageErrors.push(...errors);
    }
  } finally {
    await context.close();
  }
}

function summarise(runs: InteractionsRun[]): Summary {
  const first = runs[0]!.steps;
  const stepMedians = first.map((step, i) => ({
    step: step.step,
    kind: step.kind,
    shownMs: median(runs.map((run) => run.steps[i]!.shownMs)),
    eventMs: median(runs.map((run) => run.steps[i]!.eventMs)),
  }));
  const perRun = (pick: (steps: StepRun[]) => number) => median(runs.map((run) => pick(run.steps)));
  const clicks = (steps: StepRun[]) => steps.filter((step) => step.kind !== 'keystroke');
  const keys = (steps: StepRun[]) => steps.filter((step) => step.kind === 'keystroke');
  return {
    steps: stepMedians,
    clickEventMs: perRun((steps) => median(clicks(steps).map((step) => step.eventMs))),
    slowestEventMs: perRun((steps) => Math.max(...steps.map((step) => step.eventMs))),
    keystroke: {
      medianMs: perRun((steps) => median(keys(steps).map((step) => step.eventMs))),
      slowestMs: perRun((steps) => Math.max(...keys(steps).map((step) => step.eventMs))),
    },
    menuPageShownMs: Math.max(...stepMedians.filter((step) => step.kind === 'menu page').map((step) => step.shownMs)),
    wizardShownMs: Math.max(...stepMedians.filter((step) => step.kind === 'wizard').map((step) => step.shownMs)),
  };
}

/** `--runs` runs, each in a fresh browser context, signed in as `user` (the new-user persona). */
export async function interactionsJourney(
  browser: Browser,
  user: BenchUser,
  target: Target,
  runs: number,
  dist: string,
  pageErrors: string[],
  keepTrace?: KeepTrace,
): Promise<InteractionsJourney> {
  const measured: InteractionsRun[] = [];
  for (let run = 1; run <= runs; run += 1) {
    const started = Date.now();
    measured.push(await oneRun(browser, user, target, run, dist, pageErrors, keepTrace));
    console.log(`bench: interactions, run ${run}/${runs} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  const medians = summarise(measured);
  const { width, height, deviceScaleFactor } = SCREEN;
  return {
    throttling: INTERACTIONS_THROTTLING,
    readingPauseMs: READING_PAUSE_MS,
    screen: { width, height, deviceScaleFactor },
    user: user.username,
    runs: measured,
    medians,
    targets: TARGETS.map(({ key, text, test }) => ({ key, text, value: medians[key], pass: test(medians[key]) })),
  };
}
