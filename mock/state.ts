// The mock backend's memory: a small HTTP server that answers every /api/v1 operation of
// openapi.yaml and remembers, per persona and until it stops, what the portal changed.
// Prism stands in front of it (`prism proxy --errors`, mock/api.ts), so every answer it gives is
// still checked against the contract: one that breaks it reaches the browser as Prism's 500.
//
// - Each persona (new-user, full) starts from the contract's examples of that name.
// - Enrolling, activating, renaming and removing factors, the security question, linking and
//   unlinking identities, the recovery email and the password show in later answers. A push
//   enrollment reaches ACTIVE on its third poll.
// - Passkeys are registered as a relying party registers them (mock/passkeys.ts: the challenge,
//   the origin, the type and the authenticator data's flags are verified), listed and removed.
// - A connected app whose access was removed is gone from later lists; an id the persona's list
//   does not hold is refused with the contract's 404. Signing out the other devices changes
//   nothing an answer shows: the contract lists no sessions (Okta has no such list), and the
//   apps keep their grants (Okta revokes their tokens, and lists an app while it holds either).
// - `Prefer: example=NAME` naming anything but a persona, or `Prefer: code=NNN`, answers that
//   example or status from the contract, as Prism's own mock does, and changes nothing.
// - POST /__mock/reset (`npm run mock:reset`) forgets everything; ?persona=NAME only that one.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { isOwnDevRequest, NOT_OWN_REQUEST } from './devRequest.ts';
import { listed, register, registrationOptions, type Passkey, type PasskeyMemory, type Refusal } from './passkeys.ts';
import { PERSONAS, personaFor } from './persona.ts';

// The contract as parsed YAML, walked by name and by $ref.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Node = any;

export const STATE_PORT = Number(process.env.MOCK_STATE_PORT ?? 4011);
/** Polls a push enrollment answers WAITING before it is ACTIVE. */
export const PUSH_POLLS_BEFORE_ACTIVE = 2;

const spec: Node = parse(readFileSync(new URL('../openapi.yaml', import.meta.url), 'utf8'));
const deref = (node: Node): Node =>
  node?.$ref
    ? deref(
        node.$ref
          .split('/')
          .slice(1)
          .reduce((at: Node, key: string) => at[key], spec),
      )
    : node;

interface Operation {
  id: string;
  method: string;
  pattern: RegExp;
  params: string[];
  op: Node;
}

const OPERATIONS: Operation[] = Object.entries<Node>(spec.paths).flatMap(([path, item]) =>
  ['get', 'post', 'put', 'patch', 'delete']
    .filter((method) => item[method])
    .map((method) => ({
      id: String(item[method].operationId),
      method: method.toUpperCase(),
      params: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!),
      pattern: new RegExp(`^${path.replace(/\{\w+\}/g, '([^/]+)')}$`),
      op: item[method],
    })),
);

/** The operation a request is for, and its path parameters. */
export function operationFor(method: string, pathname: string): { operation: Operation; params: Record<string, string> } | undefined {
  for (const operation of OPERATIONS) {
    const match = operation.method === method ? operation.pattern.exec(pathname) : null;
    if (match) return { operation, params: Object.fromEntries(operation.params.map((name, i) => [name, decodeURIComponent(match[i + 1]!)])) };
  }
  return undefined;
}

/** Each operation of the backend: its id, method and path, and the named examples of each status. */
export function contractOperations() {
  return OPERATIONS.filter(({ op }) => !op.servers).map(({ id, method, op }) => ({
    id,
    request: `${method} ${Object.entries<Node>(spec.paths).find(([, item]) => item[method.toLowerCase()] === op)![0]}`,
    responses: Object.keys(op.responses ?? {}).map((status) => ({ status, examples: Object.keys(examplesOf(op, status)) })),
  }));
}

const clone = <T>(value: T): T => structuredClone(value);

/** The named examples of an operation's answer with this status. */
function examplesOf(op: Node, status: string): Record<string, unknown> {
  const content = deref(op.responses?.[status])?.content?.['application/json'];
  if (!content) return {};
  if (content.examples) return Object.fromEntries(Object.entries<Node>(content.examples).map(([name, ex]) => [name, deref(ex).value]));
  return content.example !== undefined ? { example: content.example } : {};
}

/** The contract's example for this operation, status and name (the first when the name has none). */
function example(operationId: string, name?: string, status = '200'): unknown {
  const operation = OPERATIONS.find((o) => o.id === operationId)!;
  const examples = examplesOf(operation.op, status);
  return clone(name !== undefined && name in examples ? examples[name] : Object.values(examples)[0]);
}

/** Headers the answer must carry (Cache-Control on secrets, WWW-Authenticate on a 401), from their examples. */
function headersOf(op: Node, status: string): Record<string, string> {
  const headers = deref(op.responses?.[status])?.headers ?? {};
  return Object.fromEntries(
    Object.entries<Node>(headers).flatMap(([name, header]) => {
      const h = deref(header);
      const value = h.example ?? h.schema?.example ?? h.schema?.default ?? (h.schema?.enum ?? [])[0];
      return value === undefined ? [] : [[name, String(value)]];
    }),
  );
}

interface Factor {
  id?: string;
  factorType: string;
  provider: string;
  status: string;
  profile?: Record<string, unknown>;
  [key: string]: unknown;
}

interface ConnectedApp {
  clientId: string;
  [key: string]: unknown;
}

interface PersonaState {
  profile: Record<string, unknown>;
  apps: ConnectedApp[];
  identities: { id: string; name: string; linked: boolean }[];
  factors: Factor[];
  /** The password set through the mock; until then any current password is accepted. */
  password?: string;
  /** Polls so far of each pending push enrollment. */
  polls: Record<string, number>;
  nextId: number;
  /** Each passkey's details beyond its webauthn factor, and the registration challenge waiting. */
  passkeyMemory: PasskeyMemory;
}

const seed = (persona: string): PersonaState => ({
  profile: example('getProfile', persona) as Record<string, unknown>,
  apps: (example('getConnectedApps', persona) as { apps: ConnectedApp[] }).apps,
  identities: (example('getLinkedIdentities', persona) as { idps: PersonaState['identities'] }).idps,
  factors: (example('getFactors', persona) as { factors: Factor[] }).factors,
  polls: {},
  nextId: 1,
  passkeyMemory: { passkeys: (example('listPasskeys', persona) as { passkeys: Passkey[] }).passkeys },
});

const states = new Map<string, PersonaState>();
const stateOf = (persona: string) => {
  if (!states.has(persona)) states.set(persona, seed(persona));
  return states.get(persona)!;
};

/** Forgets what was changed: for one persona, or for all. */
export function resetState(persona?: string) {
  if (persona) states.delete(persona);
  else states.clear();
}

const sameKind = (a: { factorType: string; provider: string }, b: { factorType: string; provider: string }) =>
  a.factorType === b.factorType && a.provider === b.provider;

/** Puts an enrolled factor in the list: in place of one of its kind not (yet) active, else beside them. */
function addFactor(state: PersonaState, factor: Factor) {
  const at = state.factors.findIndex((f) => sameKind(f, factor) && f.status !== 'ACTIVE');
  // Okta dates every factor it enrolls (created, lastUpdated): the method list shows "Added …".
  const now = new Date().toISOString();
  const entry: Factor = {
    id: factor.id,
    factorType: factor.factorType,
    provider: factor.provider,
    status: factor.status,
    created: now,
    lastUpdated: now,
  };
  if (factor.profile) entry.profile = factor.profile;
  if (at >= 0) state.factors[at] = entry;
  else state.factors.push(entry);
}

/** An enrollment's answer: the contract's example of that kind of factor, with this enrollment's id and details. */
function enrollmentAnswer(state: PersonaState, operationId: string, persona: string, request: Factor): Factor {
  const operation = OPERATIONS.find((o) => o.id === operationId)!;
  const examples = examplesOf(operation.op, '200') as Record<string, Factor>;
  const names = [persona, ...Object.keys(examples).filter((n) => !n.startsWith('okta-')), ...Object.keys(examples)];
  const name = names.find((n) => examples[n] && sameKind(examples[n], request)) ?? names.find((n) => examples[n]?.factorType === request.factorType);
  const answer = clone(examples[name ?? persona] ?? Object.values(examples)[0]!);
  answer.id = `${request.factorType.replace(/\W/g, '').slice(0, 6)}${persona.replace(/\W/g, '')}mock${state.nextId++}`;
  answer.factorType = request.factorType;
  answer.provider = request.provider;
  return answer;
}

type Answer = { status: number; body?: unknown; headers?: Record<string, string> };
const ok = (body: unknown): Answer => ({ status: 200, body });
const error = (status: number, errorMessage: string): Answer => ({ status, body: { errorMessage } });

/** An enrollment (of any kind, a phone number, an email address): the answer, now in the list. */
function enrolled(state: PersonaState, operationId: string, persona: string, body: Node): Factor {
  const answer = enrollmentAnswer(state, operationId, persona, body);
  if (operationId === 'enrollPhoneFactor') {
    answer.profile = { phoneNumber: body.phoneNumber, ...(body.phoneExtension ? { phoneExtension: body.phoneExtension } : {}) };
  }
  if (operationId === 'enrollEmailFactor') answer.profile = { ...answer.profile, email: body.email };
  if (body.factorType === 'question') {
    const questions = example('getSecurityQuestions', persona) as { question: string; questionText: string }[];
    const chosen = questions.find((q) => q.question === body.question);
    answer.status = 'ACTIVE';
    answer.profile = { question: body.question, questionText: chosen?.questionText ?? body.question };
  }
  addFactor(state, answer);
  return answer;
}

/** A custom TOTP factor: active at once, in place of the one not set up. */
function enrolledCustomTotp(state: PersonaState, persona: string): Factor {
  const answer = example('enrollCustomTotp', persona) as Factor;
  const entry = state.factors.find((f) => f.factorType === 'token:hotp' && f.provider === 'CUSTOM');
  const id = `hotp${persona.replace(/\W/g, '')}mock${state.nextId++}`;
  addFactor(state, { ...(entry ?? { factorType: 'token:hotp', provider: 'CUSTOM' }), id, status: 'ACTIVE' });
  if (answer && typeof answer === 'object' && 'id' in answer) answer.id = id;
  return answer;
}

/** An activated factor: active from now. */
function activated(found: Factor): Answer {
  found.status = 'ACTIVE';
  found.lastUpdated = new Date().toISOString();
  return ok({ id: found.id, status: 'ACTIVE', factorType: found.factorType, provider: found.provider });
}

/** A push factor's activation, polled: it turns active after a few polls. */
function polled(state: PersonaState, found: Factor): Answer {
  const polls = (state.polls[found.id!] = (state.polls[found.id!] ?? 0) + 1);
  if (found.status !== 'ACTIVE' && polls > PUSH_POLLS_BEFORE_ACTIVE) found.status = 'ACTIVE';
  return ok(example('pollFactorActivation', found.status === 'ACTIVE' ? 'active' : 'new-user'));
}

/**
 * A removed factor: the list names every kind the user may set up, so the last one of a kind
 * leaves it not set up. A passkey's (a webauthn factor's) details go with it, as deletePasskey's do.
 */
function reset(state: PersonaState, persona: string, found: Factor): Answer {
  state.factors = state.factors.filter((f) => f !== found);
  state.passkeyMemory.passkeys = state.passkeyMemory.passkeys.filter((passkey) => passkey.id !== found.id);
  if (!state.factors.some((f) => sameKind(f, found))) {
    state.factors.push({ factorType: found.factorType, provider: found.provider, status: 'NOT_SETUP' });
  }
  return ok(example('resetFactor', persona));
}

/** A nickname as the contract allows it: up to 256 characters, no control characters. */
const NICKNAME = /^\P{Cc}{0,256}$/u;

/** A renamed factor: its nickname set, or gone when empty. */
function renamed(found: Factor, nickname: unknown): Answer {
  if (nickname !== null && (typeof nickname !== 'string' || !NICKNAME.test(nickname))) {
    return { status: 400, body: example('renameFactor', 'error', '400') };
  }
  if (nickname) found.nickname = nickname;
  else delete found.nickname;
  found.lastUpdated = new Date().toISOString();
  return ok(found);
}

/** A registration refused: registerPasskey's 400 example of that name. */
const refuse = (why: Refusal): Answer => ({ status: 400, body: example('registerPasskey', why, '400') });

/** Every credential id registered on any persona: a relying party refuses one it already has. */
const registeredCredentials = () =>
  PERSONAS.flatMap((persona) => stateOf(persona).factors).flatMap((f) =>
    f.factorType === 'webauthn' && typeof f.profile?.credentialId === 'string' ? [f.profile.credentialId] : [],
  );

/** The passkey calls (mock/passkeys.ts), on this persona's factors. */
async function passkeyCall(operationId: string, state: PersonaState, persona: string, params: Record<string, string>, body: Node, origin?: string) {
  const memory = state.passkeyMemory;
  switch (operationId) {
    case 'listPasskeys':
      return ok({ passkeys: listed(memory, state.factors) });
    case 'getPasskeyRegistrationOptions': {
      const name = String(state.profile.electronicId ?? persona);
      // The user handle is the contract's for this persona: opaque, never a name or an email.
      const handle = (example(operationId, persona) as { user: { id: string } }).user.id;
      const user = { name, displayName: String(state.profile.displayName ?? name), id: Uint8Array.from(Buffer.from(handle, 'base64url')) };
      return registrationOptions(memory, state.factors, user, origin, refuse);
    }
    case 'registerPasskey': {
      const id = `fwf${persona.replace(/\W/g, '')}mock${state.nextId++}`;
      const done = await register(memory, body, id, refuse, registeredCredentials());
      if (!('factor' in done)) return done;
      addFactor(state, done.factor as Factor);
      return ok(listed(memory, state.factors).find((passkey) => passkey.id === id));
    }
    case 'deletePasskey': {
      const found = state.factors.find((f) => f.factorType === 'webauthn' && f.id !== undefined && f.id === params.passkeyId);
      if (!found) return { status: 400, body: example('deletePasskey', 'error', '400') };
      reset(state, persona, found);
      return ok(example(operationId, persona));
    }
  }
  return undefined;
}

/** What the remembering backend answers, and what it changes. */
async function stateful(
  operationId: string,
  persona: string,
  params: Record<string, string>,
  body: Node,
  url: URL,
  origin?: string,
): Promise<Answer> {
  const state = stateOf(persona);
  const passkeyAnswer = await passkeyCall(operationId, state, persona, params, body, origin);
  if (passkeyAnswer) return passkeyAnswer;
  const found = state.factors.find((f) => f.id !== undefined && f.id === params.factorId);
  const noFactor = () => error(400, `No factor ${params.factorId}.`);
  switch (operationId) {
    case 'getProfile':
      return ok(state.profile);
    case 'updateRecoveryEmail':
      state.profile.secondaryEmail = body.secondaryEmail;
      return ok(example(operationId, persona));
    case 'getLinkedIdentities':
      return ok({ idps: state.identities });
    case 'linkIdentity':
    case 'unlinkIdentity': {
      const identity = state.identities.find((i) => i.id === params.idpId);
      if (!identity) return error(400, `No identity provider ${params.idpId}.`);
      identity.linked = operationId === 'linkIdentity';
      return ok(example(operationId, persona));
    }
    case 'getFactors':
      return ok({ factors: state.factors });
    case 'enrollFactor':
    case 'enrollPhoneFactor':
    case 'enrollEmailFactor':
      return ok(enrolled(state, operationId, persona, body));
    case 'enrollCustomTotp':
      return ok(enrolledCustomTotp(state, persona));
    case 'activateFactor':
      return found ? activated(found) : noFactor();
    case 'pollFactorActivation':
      return found ? polled(state, found) : noFactor();
    case 'resetFactor':
      return found ? reset(state, persona, found) : noFactor();
    case 'renameFactor':
      return found ? renamed(found, body.nickname) : { status: 400, body: example(operationId, 'no-factor', '400') };
    case 'changePassword':
      if (state.password !== undefined && body.password !== state.password) return error(400, 'The current password is not correct.');
      state.password = body.newPassword;
      return ok(example(operationId, persona));
    case 'getConnectedApps':
      return ok({ apps: state.apps });
    case 'revokeConnectedApp': {
      const app = state.apps.find((a) => a.clientId === params.clientId);
      if (!app) return { status: 404, body: example(operationId, 'error', '404') };
      state.apps = state.apps.filter((a) => a !== app);
      return ok(example(operationId, persona));
    }
    case 'getLoginLog': {
      const afterToken = url.searchParams.get('afterToken');
      return ok(example(operationId, afterToken && /^[\w-]+$/.test(afterToken) ? afterToken : persona));
    }
    default:
      return ok(example(operationId, persona));
  }
}

/** `Prefer: example=NAME, code=NNN` as Prism reads it. */
export function parsePrefer(header: string | undefined): { example?: string; code?: string } {
  const prefer: { example?: string; code?: string } = {};
  for (const part of (header ?? '').split(/[,;]/)) {
    const [key, value] = part.split('=').map((s) => s.trim());
    if ((key === 'example' || key === 'code') && value) prefer[key] = value.replace(/^"|"$/g, '');
  }
  return prefer;
}

async function readJson(req: IncomingMessage): Promise<Node> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return text ? JSON.parse(text) : {};
  } catch {
    return {};
  }
}

function send(res: ServerResponse, answer: Answer) {
  const headers: Record<string, string> = { ...answer.headers };
  if (answer.body !== undefined) headers['Content-Type'] = 'application/json';
  res.writeHead(answer.status, headers).end(answer.body === undefined ? undefined : JSON.stringify(answer.body));
}

/** Answers one request: the contract's chosen example, or the persona's remembered state. */
export async function handle(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://mock');
  if (url.pathname === '/__mock/reset' && req.method === 'POST') {
    if (!isOwnDevRequest(req)) return send(res, error(403, NOT_OWN_REQUEST));
    const persona = url.searchParams.get('persona') ?? undefined;
    if (persona && !PERSONAS.includes(persona)) return send(res, error(400, `No persona ${persona}.`));
    resetState(persona);
    return send(res, ok({ reset: persona ?? 'every persona' }));
  }
  const found = operationFor(req.method ?? 'GET', url.pathname);
  if (!found) return send(res, error(404, `No operation ${req.method} ${url.pathname} in openapi.yaml.`));
  const { operation, params } = found;
  const secured = (operation.op.security ?? spec.security ?? []).length > 0;
  const body = await readJson(req);
  const prefer = parsePrefer(req.headers.prefer as string | undefined);
  if (secured && !/^Bearer \S/.test(req.headers.authorization ?? '') && !prefer.code) {
    // The contract's answer to a missing token: its "error" example, and the challenge its 401
    // describes for a missing or expired token (never a step-up's).
    const challenge = { 'WWW-Authenticate': 'Bearer error="invalid_token", error_description="No access token was sent"' };
    return send(res, { status: 401, body: example(operation.id, 'error', '401'), headers: { ...headersOf(operation.op, '401'), ...challenge } });
  }
  // A status or an example chosen by name: the contract's answer, as Prism's mock gives it.
  if (prefer.code || (prefer.example && !PERSONAS.includes(prefer.example) && operation.id !== 'getLoginLog')) {
    const status = prefer.code ?? Object.keys(operation.op.responses).find((code) => code.startsWith('2')) ?? '200';
    if (!operation.op.responses[status]) return send(res, error(404, `${operation.id} declares no ${status}.`));
    const chosen = example(operation.id, prefer.example, status);
    return send(res, { status: Number(status), body: chosen, headers: headersOf(operation.op, status) });
  }
  const persona = prefer.example && PERSONAS.includes(prefer.example) ? prefer.example : personaFor(req.headers.authorization as string | undefined);
  const answer = await stateful(operation.id, persona, params, body, url, req.headers.origin as string | undefined);
  send(res, { ...answer, headers: { ...headersOf(operation.op, String(answer.status)), ...answer.headers } });
}

/** The remembering backend, listening on loopback only. */
export function startStateServer(port = STATE_PORT): Promise<Server> {
  const server = createServer((req, res) => {
    handle(req, res).catch((problem: unknown) => send(res, error(500, `The mock failed: ${problem instanceof Error ? problem.message : problem}`)));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
