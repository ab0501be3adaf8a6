// The interactions journey: what a person meets after the first page, on a phone. Each run is a
// fresh browser context (no later page fetched yet) that signs in as the new-user persona
// (nothing set up, so the MFA list offers Set up SMS), then one Lighthouse flow, as the load
// journeys use, with Lighthouse's phone and its throttling applied by the browser
// (`throttlingMethod: 'devtools'`): the profile loaded from a cold cache, then one timespan over
// the steps of STEPS: the menu and Set up MFA, Edit and Set up SMS, the menu and Previous Login,
// Connected apps, Profile and Change Password, then 15 keys in the new password field. (A timespan a step would
// start the trace, and its CPU profiler, before every tap: a task of 300 to 500 ms each time.)
//
// For each step, measured in the page: the time from the input until the step's content is on
// screen (the frame after the content is in the page) and the interaction's duration as INP
// counts it (the Event Timing API); from the timespan's trace, between the step's marks, its
// tasks of 50 ms or more with what ran in each (long-tasks.ts, as for the load journeys; observed
// at CPU x4: nothing is simulated here).
/// <reference lib="dom" />
import { startFlow, type Flags } from 'lighthouse';
import type { Browser, Page } from 'puppeteer-core';
import { assertProfileShown, signIn, watchErrors, type BenchUser } from './browser.ts';
import { LIGHTHOUSE_FLAGS, median } from './lighthouse.ts';
import { longTasksOf, type KeepTrace, type LongTask } from './long-tasks.ts';
import { fail, type Target } from './target.ts';

/** Lighthouse's mobile settings, its throttling applied by the browser (562.5 ms per request, 1.44 Mbps down, CPU x4). */
const INTERACTIONS_FLAGS: Flags = { ...LIGHTHOUSE_FLAGS, throttlingMethod: 'devtools' };

/**
 * How long a person looks at what a step showed before the next tap: the menu's entries, the
 * list's Set up buttons. Without it the bench would tap the moment a menu appears, faster than
 * anyone reads five entries, and no intent would have any time to load what it starts. It is
 * shorter than the Keystroke-Level Model's 1.35 s for a person to prepare the next action.
 */
const READING_PAUSE_MS = 1000;

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

const MENU: Step = { name: 'open the menu', kind: 'menu', tap: button('Menu'), shown: { selector: '#account-navigation' } };
const menuPage = (name: string, shown: Shown): Step => ({ name, kind: 'menu page', tap: link(name), shown });

const STEPS = (user: BenchUser): Step[] => [
  MENU,
  // With its last section: the passkeys' (their own query; the new user's offers Add a passkey).
  menuPage('Set up MFA', { path: '/profile/mfa', selector: 'main section[aria-labelledby="passkeys"]', text: 'Add a passkey' }),
  { name: 'Edit', kind: 'control', tap: button('Edit'), shown: { selector: 'main button[aria-label="Set up SMS Authentication"]' } },
  {
    name: 'Set up SMS: the first step',
    kind: 'wizard',
    tap: button('Set up SMS Authentication'),
    shown: { path: '/profile/mfa/enroll/OKTA/sms', selector: 'main button', text: 'Setup' },
  },
  MENU,
  menuPage('Previous Login', { path: '/profile/login', selector: 'main a', text: "This wasn't me" }),
  MENU,
  // The bench's new user has none: the page's sentence says so.
  menuPage('Connected apps', { path: '/profile/connected-apps', selector: 'main p', text: 'No app has access to your account.' }),
  MENU,
  menuPage('Profile', { path: '/profile/details', selector: 'section[aria-labelledby="personal-information"] dl', text: user.displayName }),
  MENU,
  menuPage('Change Password', { path: '/profile/password', selector: '[data-testid="password-hints"]' }),
  ...[...TYPED].map((key, i): Step => ({
    name: `key ${i + 1}`,
    kind: 'keystroke',
    key,
    ...(i === 0 && { focus: NEW_PASSWORD }),
    shown: { selector: NEW_PASSWORD, valueLength: i + 1 },
  })),
];

/** One step of one run. */
export interface StepRun {
  step: string;
  kind: StepKind;
  /** From the input to the frame after the step's content is in the page, ms. */
  shownMs: number;
  /**
   * The interaction's duration (Event Timing, as INP counts it: the longest of its events), ms;
   * 16 when the browser reported none, as it reports only interactions of 16 ms or more.
   */
  eventMs: number;
  reported: boolean;
  /** The step's tasks of 50 ms or more, observed; `start` is ms from the step's start, just before its input. */
  longTasks: LongTask[];
}

export interface InteractionsRun {
  run: number;
  steps: StepRun[];
}

interface Summary {
  /** Each step's medians over the runs, in the journey's order. */
  steps: { step: string; kind: StepKind; shownMs: number; eventMs: number }[];
  clickEventMs: number;
  slowestEventMs: number;
  keystroke: { medianMs: number; slowestMs: number };
  menuPageShownMs: number;
  setUpMfaShownMs: number;
  wizardShownMs: number;
}

export interface InteractionsJourney {
  flags: Flags;
  readingPauseMs: number;
  user: string;
  runs: InteractionsRun[];
  medians: Summary;
  targets: { key: keyof Summary; text: string; value: number; pass: boolean }[];
}

const TARGETS: { key: Exclude<keyof Summary, 'steps' | 'keystroke'>; text: string; test: (ms: number) => boolean }[] = [
  { key: 'clickEventMs', text: '<= 100 ms', test: (ms) => ms <= 100 },
  { key: 'slowestEventMs', text: '<= 200 ms', test: (ms) => ms <= 200 },
  { key: 'menuPageShownMs', text: '<= 500 ms', test: (ms) => ms <= 500 },
  { key: 'setUpMfaShownMs', text: '<= 300 ms', test: (ms) => ms <= 300 },
  { key: 'wizardShownMs', text: '<= 700 ms', test: (ms) => ms <= 700 },
];

// ---- In the page (Puppeteer serialises these: each function stands alone) ----

interface Probe {
  /** The inputs' times. */
  inputs: number[];
  /** Every interaction's Event Timing entries. */
  events: { name: string; startTime: number; duration: number }[];
  take: () => void;
  shown?: Promise<number>;
}

/** Records the inputs' times and the Event Timing entries of every interaction. */
function installProbe(): void {
  const probe: Probe = { inputs: [], events: [], take: () => {} };
  (window as unknown as { __benchProbe: Probe }).__benchProbe = probe;
  for (const type of ['pointerdown', 'keydown']) addEventListener(type, (event) => probe.inputs.push(event.timeStamp), { capture: true });
  const keep = (entries: PerformanceEntryList) => {
    for (const { name, startTime, duration, interactionId } of entries as (PerformanceEventTiming & { interactionId: number })[]) {
      if (interactionId) probe.events.push({ name, startTime, duration });
    }
  };
  const observer = new PerformanceObserver((list) => keep(list.getEntries()));
  observer.observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  probe.take = () => keep(observer.takeRecords());
}

/**
 * Marks the step's start (`bench:step N`, in the trace) and watches for its content: once it is
 * in the page and visible, the time of the task after the next frame (the frame that paints it).
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
 * up to 20 frames, as an event under 16 ms gets none. Marks the step's end; answers the time on
 * screen (-1: not in time) and the longest event of the interaction, from the input.
 */
async function settle(since: number, index: number, lastEvent: string, timeoutMs: number) {
  const probe = (window as unknown as { __benchProbe: Probe }).__benchProbe;
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
  const longest = Math.max(0, ...ofInput().map((event) => event.duration));
  return { shownMs: shownAt < 0 || inputAt === undefined ? -1 : shownAt - inputAt, inputAt, longest };
}

// ---- In Node ----

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Takes the step as a person would, a tap or a key; fails when its content does not show within 30 s. */
async function take(page: Page, step: Step, index: number, run: number): Promise<Omit<StepRun, 'longTasks'>> {
  const since = await page.evaluate(watchFor, step.shown, index);
  if (step.focus) await page.focus(step.focus);
  if (step.tap) {
    const target = await page
      .waitForSelector(step.tap, { timeout: 30_000 })
      .catch(() => fail(`interactions, run ${run}: '${step.name}' found nothing to tap (${step.tap}) at ${page.url()}`));
    await target!.tap();
  } else await page.keyboard.type(step.key!);
  const { shownMs, inputAt, longest } = await page.evaluate(settle, since, index, step.tap ? 'click' : 'keyup', 30_000);
  if (inputAt === undefined) fail(`interactions, run ${run}: '${step.name}' reached the page as no input`);
  if (shownMs < 0) {
    const text = await page.evaluate(() => document.body.innerText.slice(0, 300));
    fail(`interactions, run ${run}: after '${step.name}', the step's content did not show (at ${page.url()}): ${JSON.stringify(text)}`);
  }
  return { step: step.name, kind: step.kind, shownMs: Math.round(shownMs), eventMs: longest || 16, reported: longest > 0 };
}

async function oneRun(browser: Browser, user: BenchUser, target: Target, run: number, dist: string, pageErrors: string[], keepTrace?: KeepTrace) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  const errors = watchErrors(page);
  try {
    await signIn(page, user, target.page);
    const flow = await startFlow(page, { name: `bench: interactions, run ${run}`, flags: INTERACTIONS_FLAGS });
    // Lighthouse's navigation waits until the network and the main thread are quiet: a person has read the page.
    await flow.navigate(target.page, { name: 'the profile, from a cold cache' });
    await assertProfileShown(page, user, `interactions, run ${run}: the profile`, 60_000);
    await page.evaluate(installProbe);
    await flow.startTimespan({ name: 'the steps' });
    const steps = STEPS(user);
    const measured: Omit<StepRun, 'longTasks'>[] = [];
    for (const [index, step] of steps.entries()) {
      // A person reads what the last step showed before the next tap (not between keys); the
      // first pause also lets the trace's own start (a task of its own) end before the first tap.
      if (step.tap) await sleep(READING_PAUSE_MS);
      measured.push(await take(page, step, index, run));
    }
    await flow.endTimespan();
    const result = await flow.createFlowResult();
    const { artifacts } = flow.createArtifactsJson().gatherSteps[1]!;
    keepTrace?.(`interactions-run${run}`, artifacts.Trace);
    const stepRuns: StepRun[] = [];
    for (const [index, step] of measured.entries()) {
      const between = { from: `bench:step ${index}`, to: `bench:step ${index} end` };
      stepRuns.push({ ...step, longTasks: await longTasksOf(artifacts, result.steps[1]!.lhr, dist, between) });
    }
    return { run, steps: stepRuns };
  } finally {
    pageErrors.push(...errors);
    await context.close();
  }
}

function summarise(runs: InteractionsRun[]): Summary {
  const steps = runs[0]!.steps.map((step, i) => ({
    step: step.step,
    kind: step.kind,
    shownMs: median(runs.map((run) => run.steps[i]!.shownMs)),
    eventMs: median(runs.map((run) => run.steps[i]!.eventMs)),
  }));
  const perRun = (pick: (steps: StepRun[]) => number) => median(runs.map((run) => pick(run.steps)));
  const slowestShown = (kind: StepKind) => Math.max(...steps.filter((step) => step.kind === kind).map((step) => step.shownMs));
  return {
    steps,
    clickEventMs: perRun((taken) => median(taken.filter((step) => step.kind !== 'keystroke').map((step) => step.eventMs))),
    slowestEventMs: perRun((taken) => Math.max(...taken.map((step) => step.eventMs))),
    keystroke: {
      medianMs: perRun((taken) => median(taken.filter((step) => step.kind === 'keystroke').map((step) => step.eventMs))),
      slowestMs: perRun((taken) => Math.max(...taken.filter((step) => step.kind === 'keystroke').map((step) => step.eventMs))),
    },
    menuPageShownMs: slowestShown('menu page'),
    setUpMfaShownMs: steps.find((step) => step.step === 'Set up MFA')!.shownMs,
    wizardShownMs: slowestShown('wizard'),
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
  return {
    flags: INTERACTIONS_FLAGS,
    readingPauseMs: READING_PAUSE_MS,
    user: user.username,
    runs: measured,
    medians,
    targets: TARGETS.map(({ key, text, test }) => ({ key, text, value: medians[key], pass: test(medians[key]) })),
  };
}
