import { config } from '../config/config';
import {
  COLOR_SCHEME_STORAGE_KEY,
  ENDED_PAGE_KEY,
  LANGUAGE_STORAGE_KEY,
  OIDC_PREFIX,
  SESSION_CHANNEL,
  SIGNED_IN_AT_KEY,
  SIGNED_OUT_AT_KEY,
} from '../storage/storageKeys';
import { isOwnSignInState } from './signInRequest';
import { readStoredUser, type StoredUser } from './storedUser';

/**
 * The stored session of this tab, and logout across tabs. Everything of a session lives in
 * the browser's storage, nowhere else: the user oidc-client-ts stored (session storage, this
 * tab), when this tab signed in, when the last logout in this browser happened (local storage,
 * every tab), and whether this page's session has ended. So every reader (the fetch function
 * too) sees the same session, and none keeps a copy that could outlive a logout.
 */

/** Where oidc-client-ts keeps the signed-in user (its WebStorageStateStore, prefix `oidc.`). */
export function userStorageKey(authority = config.oidcAuthority, clientId = config.oidcClientId) {
  return `${OIDC_PREFIX}user:${authority}:${clientId}`;
}

/**
 * Clears local storage but for what is not personal and must outlive a session: the language
 * and theme choices, and the time of the last logout (which sleeping tabs check).
 */
export function clearLocalState(local: Storage = window.localStorage) {
  const kept = [LANGUAGE_STORAGE_KEY, COLOR_SCHEME_STORAGE_KEY, SIGNED_OUT_AT_KEY].map((key) => [key, local.getItem(key)] as const);
  local.clear();
  for (const [key, value] of kept) if (value !== null) local.setItem(key, value);
}

/** The slice of BroadcastChannel the portal uses (tests hand in their own). */
export interface SessionChannel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

const SIGNED_OUT_MESSAGE = 'signed-out';

function defaultChannel(): SessionChannel | undefined {
  return typeof BroadcastChannel === 'function' ? new BroadcastChannel(SESSION_CHANNEL) : undefined;
}

/**
 * This page, among the pages the tab shows in turn: a logout ends the session of the page it
 * happened in (and of pages restored from the back-forward cache), while the next page, such as
 * the signed-out page's "Sign in again", may sign in afresh.
 */
const THIS_PAGE = typeof performance === 'undefined' ? '0' : String(performance.timeOrigin);

/** What the fetch function needs of the session. */
export interface Credentials {
  /** The current access token; undefined without a valid one or once the session has ended. */
  accessToken(): string | undefined;
  /**
   * True from the moment a logout starts, in this tab or another: the one test of "signed out"
   * for the router, the pages and the fetch function alike. A logout elsewhere that this tab has
   * not heard of yet voids its session as soon as it is looked at: it ends here then, and the
   * listeners are told (onEndedElsewhere).
   */
  signedOut(): boolean;
}

export interface Session extends Credentials {
  /** True once this page's own session has ended (a logout here, or one elsewhere it has heard of). */
  ended(): boolean;
  /** The stored user, unless its token has expired (at `nowSeconds`), the session has ended or a later logout voided it. */
  user(nowSeconds?: number): StoredUser | null;
  /**
   * Records when this tab's sign-in began (the moment it left for the identity provider), and
   * answers whether a logout in this browser came after that moment (which voids the sign-in).
   */
  recordSignIn(startedAt: number): boolean;
  /**
   * Whether this callback address answers a sign-in request this tab sent and has not completed
   * (signInRequest.ts): nothing else is handed to the OpenID library, which removes the stored
   * value its state names before it checks anything.
   */
  isPendingSignIn(url: string): boolean;
  /** Removes the stored user (a renewal that raced a logout must not bring the tokens back). */
  removeUser(): void;
  /**
   * Ends the session here: forgets everything of it in this tab (tokens, the OpenID library's
   * state, drafts, the identity-link state), voids every tab's tokens from before this moment
   * and tells the other tabs. Returns the user as it was, for what the logout still has to do.
   */
  end(): StoredUser | null;
  /** If a logout elsewhere voided this tab's session, ends it here too and tells the listeners. */
  endIfLoggedOutElsewhere(): void;
  /** Calls `listener` with the voided user when a logout in another tab ends this tab's session; returns the unsubscribe. */
  onEndedElsewhere(listener: (voided: StoredUser) => void): () => void;
}

export interface SessionOptions {
  storage?: Storage;
  local?: Storage;
  key?: string;
  now?: () => number;
  /** Which page this is (tests hand in their own). */
  page?: string;
  /** How logouts reach the other tabs; a watching session's default is the portal's BroadcastChannel. */
  channel?: SessionChannel;
  /** Whether this session follows logouts in other tabs (the app's does; a reader does not). */
  watch?: boolean;
}

export function createSession({
  storage = window.sessionStorage,
  local = window.localStorage,
  key = userStorageKey(),
  now = Date.now,
  page = THIS_PAGE,
  watch = false,
  channel = watch ? defaultChannel() : undefined,
}: SessionOptions = {}): Session {
  const listeners = new Set<(voided: StoredUser) => void>();
  const ended = () => storage.getItem(ENDED_PAGE_KEY) === page;
  const predatesLogout = () => Number(storage.getItem(SIGNED_IN_AT_KEY) ?? 0) < Number(local.getItem(SIGNED_OUT_AT_KEY) ?? 0);
  const voided = () => ended() || (readStoredUser(storage, key, 0) !== null && predatesLogout());

  const user = (nowSeconds?: number) => (voided() ? null : readStoredUser(storage, key, nowSeconds));

  /** Session storage holds only the session's things: all of it goes, and the page's end is kept. */
  function forget() {
    storage.clear();
    clearLocalState(local);
    storage.setItem(ENDED_PAGE_KEY, page);
  }

  function endIfLoggedOutElsewhere() {
    const stored = readStoredUser(storage, key, 0);
    // A tab without a session (on its way to sign in) has nothing to end.
    if (ended() || !stored || !predatesLogout()) return;
    forget();
    listeners.forEach((listener) => listener(stored));
  }

  channel?.addEventListener('message', (event) => event.data === SIGNED_OUT_MESSAGE && endIfLoggedOutElsewhere());
  if (watch && typeof window !== 'undefined' && storage === window.sessionStorage) {
    // Where BroadcastChannel is missing, or the tab was asleep when the message went out.
    window.addEventListener('storage', (event) => event.key === SIGNED_OUT_AT_KEY && endIfLoggedOutElsewhere());
    window.addEventListener('pageshow', (event) => event.persisted && endIfLoggedOutElsewhere());
    document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && endIfLoggedOutElsewhere());
  }

  return {
    user,
    accessToken: () => user()?.access_token,
    ended,
    signedOut() {
      endIfLoggedOutElsewhere();
      return ended();
    },
    recordSignIn(startedAt) {
      storage.setItem(SIGNED_IN_AT_KEY, String(startedAt));
      return predatesLogout();
    },
    isPendingSignIn(url) {
      try {
        return isOwnSignInState(new URL(url).searchParams.get('state'), { session: storage, now: now() });
      } catch {
        return false;
      }
    },
    removeUser: () => storage.removeItem(key),
    end() {
      const stored = readStoredUser(storage, key, 0);
      forget();
      local.setItem(SIGNED_OUT_AT_KEY, String(now()));
      channel?.postMessage(SIGNED_OUT_MESSAGE);
      return stored;
    },
    endIfLoggedOutElsewhere,
    onEndedElsewhere(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

let tab: Session | undefined;

/**
 * This tab's session: the one reader of its stored session, which the router's Auth and the
 * fetch function share, so that "signed out" and the token are the same for both. It follows
 * logouts in other tabs. Made on first use, once the settings (which name the stored user) are
 * loaded.
 */
export function tabSession(): Session {
  return (tab ??= createSession({ watch: true }));
}

/** This tab's session as the fetch function reads it: from storage on every call, no copy of the token kept. */
export const tabCredentials: Credentials = {
  accessToken: () => tabSession().accessToken(),
  signedOut: () => tabSession().signedOut(),
};
