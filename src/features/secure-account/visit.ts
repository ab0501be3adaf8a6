import { useSyncExternalStore } from 'react';
import { SECURE_ACCOUNT_VISIT_KEY } from '../../shared/storage/storageKeys';
import type { HistoryState } from '@tanstack/react-router';
import { namedLoginOf, type NamedLogin } from '../../shared/navigation/historyState';

/**
 * What the person has done in this visit to the "This wasn't me" guide. Kept in this tab's
 * session storage (a logout clears it), so it survives a trip to the password page and back,
 * or a reload. Nothing secret: which steps were done, the names of removed methods and the
 * login the guide names. It belongs to the person signed in when it began: a session that
 * ended without a logout leaves it in the tab, and the next person to sign in there starts
 * afresh instead of seeing whose sign-in was flagged and what was done about it.
 */
export interface Visit {
  /** Whose visit it is: the subject signed in when it began. */
  subject?: string;
  /** The login the guide was opened for; another login starts a new visit. */
  login?: NamedLogin;
  passwordChanged: boolean;
  /** Names of the methods removed in this visit. */
  removed: string[];
  /** The person said every remaining method is theirs. */
  methodsConfirmed: boolean;
  questionChecked: boolean;
  recoveryEmailChecked: boolean;
  /** The server confirmed Sign out other devices. */
  otherDevicesSignedOut: boolean;
}

const FRESH: Visit = {
  passwordChanged: false,
  removed: [],
  methodsConfirmed: false,
  questionChecked: false,
  recoveryEmailChecked: false,
  otherDevicesSignedOut: false,
};

const listeners = new Set<() => void>();
let cached: { raw: string | null; visit: Visit } | undefined;

const isString = (value: unknown): value is string => typeof value === 'string';

/** Session storage is read as untrusted too: anything that is not a visit is a fresh one. */
function parse(raw: string | null): Visit {
  if (!raw) return FRESH;
  try {
    const value = JSON.parse(raw) as Record<string, unknown>;
    return {
      ...(typeof value.subject === 'string' ? { subject: value.subject } : {}),
      login: namedLoginOf(value.login),
      passwordChanged: value.passwordChanged === true,
      removed: Array.isArray(value.removed) ? value.removed.filter(isString).slice(0, 50) : [],
      methodsConfirmed: value.methodsConfirmed === true,
      questionChecked: value.questionChecked === true,
      recoveryEmailChecked: value.recoveryEmailChecked === true,
      otherDevicesSignedOut: value.otherDevicesSignedOut === true,
    };
  } catch {
    return FRESH;
  }
}

function read(): Visit {
  let raw: string | null;
  try {
    raw = window.sessionStorage.getItem(SECURE_ACCOUNT_VISIT_KEY);
  } catch {
    // no storage: the visit lives in memory only
    return cached?.visit ?? FRESH;
  }
  if (cached?.raw !== raw) cached = { raw, visit: parse(raw) };
  return cached.visit;
}

function write(visit: Visit) {
  const raw = JSON.stringify(visit);
  cached = { raw, visit };
  try {
    window.sessionStorage.setItem(SECURE_ACCOUNT_VISIT_KEY, raw);
  } catch {
    // kept in memory
  }
  listeners.forEach((listener) => listener());
}

const sameLogin = (a?: NamedLogin, b?: NamedLogin) => a?.time === b?.time && a?.browser === b?.browser && a?.place === b?.place;

/** How the guide was opened: the login handed over, and whether a sign-in went back to it, for whom. */
export interface GuideOpening {
  handed?: NamedLogin;
  resumed: boolean;
  /** Who is signed in. */
  subject?: string;
}

/**
 * How the guide was opened, for its route's beforeLoad, from the history entry's state: only
 * the portal's own code writes that, so an address (typed or sent) hands over nothing; and a
 * login handed over from another person's history (an entry Back reaches after the next person
 * signed in) is not this person's to see. Read by the route, not the page: the page of the
 * guide still on screen while the next one loads must not see that one's state.
 */
export function guideOpening(state: HistoryState, subject: string | undefined): GuideOpening {
  const handed = subject !== undefined && state.notMeFor === subject ? namedLoginOf(state.notMeLogin) : undefined;
  return { ...(handed ? { handed } : {}), resumed: state.afterSignIn === true, ...(subject !== undefined ? { subject } : {}) };
}

/**
 * Opens the guide, and answers the login it names. `handed` is the login Previous Login handed
 * over in the history entry: the visit goes on when it is about the same login (back from the
 * password page, a reload, Back) and starts afresh for another. `resumed`: the page is the one
 * a sign-in went back to (a step-up asked for on the guide), so the visit goes on, login and
 * all. Opened any other way (an address typed or sent), the guide names no login and a visit
 * that named one starts afresh. A visit another person began is never gone on with.
 */
export function openVisit({ handed, resumed, subject }: GuideOpening): NamedLogin | undefined {
  const visit = read();
  const own = subject !== undefined && visit.subject === subject;
  if (own && !handed && resumed) return visit.login;
  if (!own || !sameLogin(visit.login, handed))
    write({ ...FRESH, ...(subject !== undefined ? { subject } : {}), ...(handed ? { login: handed } : {}) });
  return handed;
}

export function updateVisit(change: Partial<Omit<Visit, 'login' | 'removed'>> & { removedName?: string }) {
  const { removedName, ...rest } = change;
  const visit = read();
  write({ ...visit, ...rest, removed: removedName ? [...visit.removed, removedName] : visit.removed });
}

/** The login the visit is about, to come back to the guide with it: only for the person whose visit it is. */
export function visitLogin(subject: string | undefined): NamedLogin | undefined {
  const visit = read();
  return subject !== undefined && visit.subject === subject ? visit.login : undefined;
}

export function useVisit(): Visit {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    read,
    () => FRESH,
  );
}
