// The app's origin for the cross-engine suite (http://localhost:4173): it forwards every
// request to `vite preview` on a port of its own, so the build is served with its real headers,
// and it lets a test do what WebKit's and Firefox's drivers cannot do from the outside:
//   - make a built file go missing, until the tab loads its next document or for good (a release);
//   - publish a release: the next index names every file anew (the build's files under /assets/rN/);
//   - choose the mock API's answers (Prism's Prefer header) for one path, call by call.
// A test sets this with POST /__engines (JSON, see EngineState) and reads what was served with
// GET /__engines, naming its engine in the ENGINE_HEADER. The engines run side by side, so each
// has a state of its own: a request from a browser is counted for the engine its User-Agent
// names. Run as `node tests/engines/appServer.ts`; it stops the preview when it stops.
import { spawn } from 'node:child_process';
import { createServer, request as forward, type IncomingMessage } from 'node:http';

export const APP_PORT = 4173;
/** `vite preview` behind this server (a port the other tests do not use). */
export const PREVIEW_PORT = 4184;
export const CONTROL_PATH = '/__engines';
/** The engine a control request is for. */
export const ENGINE_HEADER = 'x-engine';

export interface EngineState {
  /** Paths answered 404: until the tab loads another document (`untilReload`), or always. */
  gone: { path: string; untilReload: boolean }[];
  /** The release index.html names: when N > 0, its files under /assets/rN/ (see below). */
  release: number;
  /** Prism examples for requests whose path ends with `path`, one per call; the last repeats. */
  prefer: { path: string; examples: string[] }[];
  /** Paths whose request bodies are kept (POST, PUT) for the test to read. */
  record: string[];
}

export interface EngineCounts {
  /** Documents served since the state was last set. */
  documents: number;
  /** Requests refused as gone. */
  refused: number;
  /** Requests for a gone path that were served (after the reload). */
  servedAgain: number;
  /** Calls answered per `prefer` path. */
  preferred: Record<string, number>;
  /** The bodies sent to each recorded path. */
  bodies: Record<string, unknown[]>;
}

const plainState = (): EngineState => ({ gone: [], release: 0, prefer: [], record: [] });
const noCounts = (): EngineCounts => ({ documents: 0, refused: 0, servedAgain: 0, preferred: {}, bodies: {} });
const engines = new Map<string, { state: EngineState; counts: EngineCounts }>();

/** The engine a request is from: named by a test's control request, else by the browser's User-Agent. */
function engineOf(req: IncomingMessage): string {
  const named = req.headers[ENGINE_HEADER];
  if (typeof named === 'string') return named;
  const agent = req.headers['user-agent'] ?? '';
  if (/Firefox\//.test(agent)) return 'firefox';
  if (/Chrom(e|ium)\//.test(agent)) return 'chromium';
  if (/AppleWebKit\//.test(agent)) return 'webkit';
  return 'unknown';
}

function of(req: IncomingMessage) {
  const engine = engineOf(req);
  let found = engines.get(engine);
  if (!found) engines.set(engine, (found = { state: plainState(), counts: noCounts() }));
  return found;
}

const isDocument = (req: IncomingMessage) =>
  req.method === 'GET' &&
  (req.headers['sec-fetch-dest'] === 'document' || (!req.headers['sec-fetch-dest'] && /text\/html/.test(req.headers.accept ?? '')));

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
}

function main() {
  const preview = spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'preview', '--port', String(PREVIEW_PORT), '--strictPort'], {
    stdio: 'ignore',
  });
  const stop = () => {
    preview.kill();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  preview.on('exit', (code) => {
    console.error(`vite preview stopped (${code})`);
    process.exit(1);
  });

  createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const engine = of(req);
    if (path === CONTROL_PATH) {
      if (req.method === 'POST') {
        engine.state = { ...plainState(), ...(JSON.parse(await readBody(req)) as Partial<EngineState>) };
        engine.counts = noCounts();
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(engine.counts));
      return;
    }
    const { state, counts } = engine;

    const document = isDocument(req);
    const named = state.gone.find((file) => file.path === path);
    const gone = named && !(named.untilReload && counts.documents > 0);
    if (named && !gone) counts.servedAgain += 1;
    if (document) counts.documents += 1;
    if (gone) {
      counts.refused += 1;
      // As a server answers for a file it no longer has: nothing a browser may keep.
      res.writeHead(404, { 'content-type': 'text/plain', 'cache-control': 'no-store' }).end('gone');
      return;
    }

    const headers = { ...req.headers };
    const preferred = state.prefer.find((rule) => path.endsWith(rule.path));
    if (preferred) {
      const served = counts.preferred[preferred.path] ?? 0;
      counts.preferred[preferred.path] = served + 1;
      headers.prefer = `example=${preferred.examples[Math.min(served, preferred.examples.length - 1)]}`;
    }
    // A release's files are the build's under /assets/rN/, and every address in them names that
    // folder: new names for every file, as a real release's hashes give, so a browser finds
    // nothing of them in its caches. They are fetched whole, to be rewritten.
    const release = /^\/assets\/r(\d+)\//.exec(path)?.[1];
    const rewrite = document ? state.release : Number(release ?? 0);
    if (rewrite > 0) delete headers['accept-encoding'];
    const upstreamPath = release ? (req.url ?? '/').replace(`/assets/r${release}/`, '/assets/') : req.url;

    const upstream = forward({ host: 'localhost', port: PREVIEW_PORT, method: req.method, path: upstreamPath, headers }, async (answer) => {
      const type = answer.headers['content-type'] ?? '';
      if (!(rewrite > 0 && /^(text\/html|text\/javascript|application\/javascript|text\/css)/.test(type))) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      }
      const body = (await readBody(answer)).replaceAll('assets/', `assets/r${rewrite}/`);
      delete answer.headers['content-length'];
      res.writeHead(answer.statusCode ?? 200, answer.headers).end(body);
    });
    upstream.on('error', () => res.writeHead(502).end());
    const recorded = state.record.find((end) => path.endsWith(end));
    if (recorded && (req.method === 'POST' || req.method === 'PUT')) {
      const body = await readBody(req);
      (counts.bodies[recorded] ??= []).push(JSON.parse(body || 'null'));
      upstream.end(body);
    } else {
      req.pipe(upstream);
    }
  }).listen(APP_PORT, 'localhost');
}

if (import.meta.main) main();
