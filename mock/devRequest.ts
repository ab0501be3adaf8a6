// Who may change what the dev servers' own endpoints hold (the mock answers the examples panel
// chooses, the remembering mock's data). A page on another site, open in the developer's
// browser, can send a "simple" cross-site POST (a form, or fetch with a text/plain body) that
// the browser lets through without asking: these endpoints must not act on one.
import type { IncomingMessage } from 'node:http';

/** Where `npm start` serves the portal (vite.config.ts: port 5173, strictPort). */
const DEV_SERVER_ORIGINS = ['http://localhost:5173', 'http://127.0.0.1:5173'];

/**
 * Whether a request that changes something may: its body is JSON (`Content-Type:
 * application/json`, which a page on another site cannot send without the browser asking
 * first, in a CORS preflight these servers never answer), and it comes from the dev server's
 * own page, or from a tool on this machine (no Origin: browsers send one with every POST).
 */
export function isOwnDevRequest(req: Pick<IncomingMessage, 'headers'>, ownOrigins: readonly string[] = DEV_SERVER_ORIGINS): boolean {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  const origin = req.headers.origin;
  return type === 'application/json' && (origin === undefined || ownOrigins.includes(origin));
}

/** The refusal the endpoints answer with, saying what they need. */
export const NOT_OWN_REQUEST = 'only the dev server’s own page (or a tool on this machine) may change this, with a JSON body';
