// Where the main thread's time goes: every task of 50 ms or more in a Lighthouse step (once the
// page has painted, for a navigation, at the times its simulation gives), and what ran in it.
// The tasks are Lighthouse's own computed artifact (and, simulated, the same simulation as its
// 'long-tasks' audit); what ran in each is read from the step's trace: the V8 CPU profile's samples inside the task (the bench turns the profiler's trace
// category on), mapped through the build's source maps to the portal's modules and functions,
// and the task's own style and layout events.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import type { Artifacts, Result, Trace } from 'lighthouse';
import { LoadSimulator } from 'lighthouse/core/computed/load-simulator.js';
import { MainThreadTasks } from 'lighthouse/core/computed/main-thread-tasks.js';
import { PageDependencyGraph } from 'lighthouse/core/computed/page-dependency-graph.js';

/** The trace category that adds the CPU profile's samples (Lighthouse leaves it out by default). */
export const PROFILER_CATEGORY = 'disabled-by-default-v8.cpu_profiler';

/** A task of 50 ms or more (simulated for a navigation, observed for a timespan): where it starts, how long, and what ran in it. */
export interface LongTask {
  /** In ms from the start of the navigation (simulated) or of the timespan (observed). */
  start: number;
  duration: number;
  /** What ran, longest first, in simulated ms (each cause's share of the task's samples or events). */
  causes: { what: string; ms: number }[];
}

/** One frame of a sampled stack, as V8's profile names it (the function's own position). */
export interface Frame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

/** A frame mapped to the source: the file (`src/…` or `node_modules/…`) and the function's own name. */
export interface SourceFrame {
  source: string;
  name: string;
  /**
   * A module being evaluated: the code of a file's top level (mapped at the sample's own
   * position when it is the innermost frame), or a CommonJS module's wrapper that the bundle's
   * runtime calls on its first import (React's files).
   */
  evaluating: boolean;
}

/** The browser's own work in a task, besides style and layout: parsing, painting, idle samples. */
const OUTSIDE_SCRIPTS = 'browser, outside scripts';

/** `node_modules/@mantine/core/esm/…` → `@mantine/core`. */
function packageOf(source: string): string | undefined {
  return /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];
}

/**
 * What one sample was doing, from its stack (innermost frame first): the portal's own code
 * innermost on the stack names it (a module's evaluation, a component's render or a function);
 * otherwise the library whose module was being evaluated or whose code ran (react-dom: React's
 * own render and commit work), or the browser's own work.
 */
export function causeOf(stack: readonly SourceFrame[], native: string): string {
  if (native === '(garbage collector)') return 'garbage collection';
  // Code the benchmark runs in the page (Puppeteer's evaluate): its probe, not the portal.
  if (stack.some((frame) => frame.source.startsWith('pptr:'))) return "the benchmark's probe";
  const own = stack.find((frame) => frame.source.startsWith('src/'));
  if (own) {
    if (own.evaluating) return `evaluate ${own.source}`;
    return /^[A-Z]/.test(own.name) ? `render ${own.name} (${own.source})` : `${own.name || 'a function'}() (${own.source})`;
  }
  const evaluated = stack.find((frame) => frame.evaluating);
  if (evaluated) return `evaluate ${packageOf(evaluated.source) ?? evaluated.source}`;
  const library = stack.map((frame) => packageOf(frame.source)).find(Boolean);
  if (library) return library;
  if (stack.length) return stack[0]!.source;
  return native === '(program)' || native === '(idle)' || !native ? OUTSIDE_SCRIPTS : `browser: ${native}`;
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: Frame;
}

/** A sample of the trace's CPU profiles: its process, time (trace µs), stack (innermost first) and the innermost frame's position. */
export interface Sample {
  pid: number;
  ts: number;
  stack: Frame[];
  line?: number;
  column?: number;
}

/** Every sample of the trace's CPU profiles (one profile per process and id). */
export function samplesOf(events: readonly TraceEvent[]): Sample[] {
  const profiles = new Map<
    string,
    { pid: number; time: number; nodes: Map<number, ProfileNode>; samples: (Omit<Sample, 'stack' | 'pid'> & { node: number })[] }
  >();
  for (const event of events) {
    const key = `${event.pid}:${event.id}`;
    if (event.name === 'Profile') {
      profiles.set(key, { pid: event.pid, time: Number(event.args?.data?.startTime ?? event.ts), nodes: new Map(), samples: [] });
    } else if (event.name === 'ProfileChunk') {
      const profile = profiles.get(key);
      const data = event.args?.data;
      if (!profile || !data) continue;
      for (const node of data.cpuProfile?.nodes ?? []) profile.nodes.set(node.id, node);
      (data.cpuProfile?.samples ?? []).forEach((node, i) => {
        profile.time += data.timeDeltas?.[i] ?? 0;
        profile.samples.push({ node, ts: profile.time, line: data.lines?.[i], column: data.columns?.[i] });
      });
    }
  }
  return [...profiles.values()].flatMap(({ pid, nodes, samples }) =>
    samples.map(({ node: id, ...sample }) => {
      const stack: Frame[] = [];
      for (let node = nodes.get(id); node; node = node.parent === undefined ? undefined : nodes.get(node.parent)) stack.push(node.callFrame);
      return { pid, ...sample, stack };
    }),
  );
}

interface TraceEvent {
  name: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  id?: string;
  args?: { data?: ProfileData };
}

/** The data of a trace's 'Profile' and 'ProfileChunk' events. */
interface ProfileData {
  startTime?: number;
  cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
  timeDeltas?: number[];
  lines?: number[];
  columns?: number[];
}

/**
 * Maps a sample's stack through the source maps of the build in `dist` (where a built file has
 * one; otherwise the frame keeps the built file's name).
 */
function sourceMapper(dist: string): (sample: Sample) => SourceFrame[] {
  const maps = new Map<string, TraceMap | null>();
  const mapFor = (url: string) => {
    if (!maps.has(url)) {
      const file = /\/assets\/[^?#/]+\.js/.exec(url)?.[0];
      const mapFile = file ? path.join(dist, `${file}.map`) : '';
      maps.set(url, mapFile && existsSync(mapFile) ? new TraceMap(readFileSync(mapFile, 'utf8')) : null);
    }
    return maps.get(url)!;
  };
  const isRuntime = (frame: Frame | undefined) => Boolean(frame && /\/rolldown-runtime-[^/]*\.js/.test(frame.url));
  return (sample) => {
    const frames = sample.stack.filter((frame) => frame.url);
    return frames.map((frame, i) => {
      // A file's top level is the script's own function at its very start; a sample in it is
      // placed by its own line and column, when it is the innermost frame.
      const scriptTop = frame.functionName === '' && frame.lineNumber === 0 && frame.columnNumber === 0;
      const innermost = i === 0 && sample.line !== undefined && sample.line > 0;
      const evaluating = scriptTop || isRuntime(frames[i + 1]);
      const map = mapFor(frame.url);
      if (!map || (scriptTop && !innermost)) {
        return { source: frame.url.replace(/^\w+:\/\/[^/]+\//, ''), name: frame.functionName, evaluating };
      }
      const at =
        scriptTop && innermost
          ? originalPositionFor(map, { line: sample.line!, column: Math.max(0, (sample.column ?? 1) - 1) })
          : originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
      return { source: (at.source ?? 'unmapped').replace(/^(\.\.\/)+/, ''), name: at.name ?? frame.functionName, evaluating };
    });
  };
}

/** A main-thread task as Lighthouse's MainThreadTasks builds it from a trace. */
interface TaskNode {
  event: TraceEvent;
  parent?: TaskNode;
  children: TaskNode[];
  unbounded: boolean;
  duration: number;
  selfTime: number;
  group: { id: string };
}

/** Lighthouse's groups of a task's events other than running scripts, as the table names them. */
const BROWSER_WORK: Record<string, string> = {
  styleLayout: 'style and layout',
  scriptParseCompile: 'parse and compile scripts',
  garbageCollection: 'garbage collection',
  paintCompositeRender: 'paint and composite',
  parseHTML: 'parse HTML and CSS',
  other: OUTSIDE_SCRIPTS,
};

/** The observed time (ms) of each of Lighthouse's task groups in a task and its children. */
function timeByGroup(task: TaskNode, into = new Map<string, number>()): Map<string, number> {
  into.set(task.group.id, (into.get(task.group.id) ?? 0) + task.selfTime);
  for (const child of task.children) timeByGroup(child, into);
  return into;
}

/**
 * The long tasks of one Lighthouse step, in order, with what ran in each: for a navigation under
 * simulated throttling, every task that its simulation makes 50 ms or longer and that ends after
 * the first contentful paint (the tasks TBT counts), at its simulated time; for a timespan under
 * applied throttling, every task of 50 ms or more as the trace saw it. `dist` holds the build's
 * source maps (`vite build --sourcemap hidden`); without them the causes name the built files.
 */
export async function longTasksOf(
  artifacts: Artifacts,
  lhr: Result,
  dist: string,
  /** Only the tasks that end after the user timing mark `from` and start before the mark `to` (a step of a timespan); `start` is then from `from`. */
  between?: { from: string; to: string },
): Promise<LongTask[]> {
  const { settings } = artifacts;
  const context = { computedCache: new Map(), settings } as unknown as Parameters<typeof MainThreadTasks.request>[1];
  const trace = artifacts.Trace;
  const tasks = (await MainThreadTasks.request(trace, context)) as unknown as (TaskNode & { startTime: number })[];
  const simulated = settings.throttlingMethod === 'simulate' ? await simulatedTimings(artifacts, context) : undefined;
  const firstPaint = lhr.audits['first-contentful-paint']?.numericValue ?? 0;
  const mark = (name: string) => trace.traceEvents.find((event) => event.name === name && event.cat.includes('blink.user_timing'))?.ts;
  const [from, to] = between ? [mark(between.from), mark(between.to)] : [];
  if (between && (from === undefined || to === undefined)) throw new Error(`long-tasks: the trace lacks the marks ${between.from} and ${between.to}`);
  const samples = samplesOf(trace.traceEvents as unknown as TraceEvent[]);
  const mapSample = sourceMapper(dist);

  const long: LongTask[] = [];
  for (const task of tasks) {
    if (task.parent || task.unbounded) continue;
    if (from !== undefined && (task.event.ts + (task.event.dur ?? 0) < from || task.event.ts > to!)) continue;
    const timing = simulated ? simulated.get(task.event) : { startTime: task.startTime, duration: task.duration };
    if (!timing || timing.duration < 50 || timing.startTime + timing.duration <= firstPaint) continue;
    // Simulated time is observed time times the CPU slowdown: each cause keeps its share.
    const start = from === undefined ? timing.startTime : (task.event.ts - from) / 1000;
    long.push({ start, duration: timing.duration, causes: causesOf(task, samples, mapSample, timing.duration / task.duration) });
  }
  return long.sort((a, b) => a.start - b.start);
}

/**
 * Each task's simulated start and length: the same simulation as the 'long-tasks' audit's, whose
 * list does not give the trace event a task came from, which picking the task's samples needs.
 */
async function simulatedTimings(artifacts: Artifacts, context: Parameters<typeof MainThreadTasks.request>[1]) {
  const { settings, Trace: trace, DevtoolsLog: devtoolsLog } = artifacts;
  const graph = await PageDependencyGraph.request(
    { settings, trace, devtoolsLog, URL: artifacts.URL, SourceMaps: artifacts.SourceMaps, HostDPR: artifacts.HostDPR, fromTrace: false },
    context,
  );
  const simulator = await LoadSimulator.request({ devtoolsLog, settings }, context);
  const timings = new Map<unknown, { startTime: number; duration: number }>();
  for (const [node, timing] of simulator.simulate(graph, { label: 'long-tasks-causes' }).nodeTimings.entries()) {
    if (node.type === 'cpu') timings.set(node.event, timing);
  }
  return timings;
}

/**
 * What ran in a task, longest first, in ms times `scale`: the scripts' time goes to what the
 * samples in scripts were doing; the rest is the browser's, by Lighthouse's groups of the
 * task's events.
 */
function causesOf(task: TaskNode, samples: readonly Sample[], mapSample: (sample: Sample) => SourceFrame[], scale = 1): LongTask['causes'] {
  const end = task.event.ts + (task.event.dur ?? 0);
  const counts = new Map<string, number>();
  for (const sample of samples) {
    if (sample.pid !== task.event.pid || sample.ts < task.event.ts || sample.ts > end) continue;
    const cause = causeOf(mapSample(sample), sample.stack[0]?.functionName ?? '');
    if (cause !== OUTSIDE_SCRIPTS && cause !== 'garbage collection') counts.set(cause, (counts.get(cause) ?? 0) + 1);
  }
  const groups = timeByGroup(task);
  const inScripts = [...counts.values()].reduce((sum, n) => sum + n, 0);
  const causes = [...counts].map(([what, n]) => ({ what, ms: (n / inScripts) * (groups.get('scriptEvaluation') ?? 0) * scale }));
  for (const [group, what] of Object.entries(BROWSER_WORK)) causes.push({ what, ms: (groups.get(group) ?? 0) * scale });
  if (!inScripts) causes.push({ what: 'scripts (no samples)', ms: (groups.get('scriptEvaluation') ?? 0) * scale });
  return causes.filter((cause) => cause.ms >= 0.5).sort((a, b) => b.ms - a.ms);
}

/** Keeps a run's trace under a name (bench --traces). */
export type KeepTrace = (name: string, trace: Trace) => void;

/** Writes each kept trace to `dir` as `<name>.json`, a file Chromium's Performance panel opens. */
export function traceKeeper(dir: string): KeepTrace {
  mkdirSync(dir, { recursive: true });
  return (name, trace) => writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(trace));
}
