import type { UserManager } from 'oidc-client-ts';
import { startingLanguage } from '../../messages/language';
import { config } from '../config/config';
import { createOpenId, SignInRefused, type SignInOptions } from './openId';
import { safeReturnPath, type PageOf } from './returnPath';
import { createSession, type Session, type SessionOptions } from './session';
import type { StoredUser } from './storedUser';

/** What a completed sign-in tells the page that completed it. */
export interface SignInResult {
  /** Where the user goes next. */
  returnTo: string;
  /** Who signed in (the ID token's subject). */
  subject: string;
  /** The identity-link nonce the sign-in carried, if it was started for a link. */
  link?: string;
  /** Whether it was a step-up the server asked for. */
  stepUp: boolean;
}

/** What the router and pages know of sign-in; tests hand in their own. */
export interface Auth {
  /** The signed-in user, or null when there is none or the tokens have expired. */
  getUser(): Promise<StoredUser | null>;
  /** Starts the authorization-code + PKCE sign-in at the identity provider. */
  signIn(options?: SignInOptions): Promise<void>;
  /** Whether this tab started the sign-in that this callback address answers. */
  isPendingSignIn(url: string): boolean;
  /** Completes sign-in on the callback route; the code it carries can be redeemed only once, so call it once per callback. */
  completeSignIn(url: string): Promise<SignInResult>;
  /** Renews the access token silently with the refresh token; false when that is refused. */
  renew(): Promise<boolean>;
  /** Who is signed in (the token's subject); undefined without a user. */
  subject(): string | undefined;
  /** When the current access token expires, in seconds since 1970; undefined without one. */
  expiresAt(): number | undefined;
  /** True from the moment a logout starts (here or in another tab): nothing may sign in again by itself. */
  signedOut(): boolean;
  /** Forgets the tokens in this browser only. */
  forgetUser(): Promise<void>;
  /**
   * Logs out: first forgets everything of the session in this tab (tokens, the OpenID
   * library's state, drafts, the identity-link state) and tells the portal's other tabs,
   * then ends the server sessions with the captured token, revokes the refresh token (giving
   * up after 2 s) and signs out at the identity provider's end-session endpoint.
   */
  signOut(options?: {
    endServerSessions?: (accessToken: string) => Promise<unknown>;
    /** Leave for this page (the central sign-out) instead of the identity provider's end-session endpoint. */
    leaveTo?: string;
    /**
     * Leave only once this has settled (the signed-out page on screen, its code loaded): a code
     * file still loading when the page leaves is cancelled, Firefox reports that as a missing
     * file, and the one-reload guard's reload would take the place of the sign-out at the
     * identity provider. Waited for at most 5 s.
     */
    ready?: Promise<unknown>;
  }): Promise<void>;
  /** Calls `listener` when another tab of the portal logs out; returns the unsubscribe. */
  onSignedOutElsewhere(listener: () => void): () => void;
}

/**
 * The session's options, and the library's. `watch`: whether this instance follows logouts in
 * other tabs (the app's does, the default here); the one the page's first code uses to leave
 * for sign-in does not.
 */
export interface AuthOptions extends SessionOptions {
  /** The session to put together with the library (the app's: tabSession(), which the fetch function reads too); else one of its own. */
  session?: Session;
  clientId?: string;
  /** The portal's language now, for the identity provider's page (the app passes the switch's). */
  language?: () => string;
  /** Which signed-in page a sign-in returns to, for an address (the app's router: router.tsx, signedInPageOf). */
  pageOf?: PageOf;
}

/**
 * Sign-in for the router and pages: the stored session (session.ts) and the OpenID library
 * (openId.ts) put together. The session decides whether anything may happen (nothing signs
 * in again once a logout has begun); the library talks to the identity provider.
 */
export function createAuth(
  loadManager?: () => Promise<UserManager>,
  { session: given, clientId = config.oidcClientId, now = Date.now, language = startingLanguage, watch = true, pageOf, ...stores }: AuthOptions = {},
): Auth {
  const session = given ?? createSession({ ...stores, now, watch });
  const { signedOut } = session;
  const openId = createOpenId(loadManager, { clientId, now, language });
  // The refresh token of a session a logout elsewhere ended must not outlive it either.
  session.onEndedElsewhere((voided) => void (voided.refresh_token && openId.revoke(voided.refresh_token)));

  return {
    async getUser() {
      session.endIfLoggedOutElsewhere();
      return session.user();
    },
    // Nothing signs in again by itself once a logout has begun: a new sign-in starts from a
    // fresh page (the signed-out page's link). One in a tab with no session at all is the
    // person's own (they opened the portal or its sign-in page); one in a tab holding a session,
    // even an expired one, is the portal's re-authenticating unless the caller says otherwise.
    async signIn(options = {}) {
      if (!signedOut()) await openId.signIn({ byPerson: session.user(0) === null, ...options });
    },
    isPendingSignIn: session.isPendingSignIn,
    async completeSignIn(url) {
      const { user, state } = await openId.completeSignIn(url);
      // A logout elsewhere while this sign-in was under way voids it.
      if (session.recordSignIn(typeof state.startedAt === 'number' ? state.startedAt : now())) throw new SignInRefused('auth.loggedOutMeanwhile');
      return {
        returnTo: safeReturnPath(state.returnTo, pageOf),
        subject: user.profile.sub,
        ...(typeof state.link === 'string' ? { link: state.link } : {}),
        stepUp: state.stepUp === true,
      };
    },
    async renew() {
      // Renewal is by refresh token only: without one (or once signing out has begun) there is
      // nothing to try, and no hidden frame is attempted (the CSP forbids framing).
      if (!session.user(0)?.refresh_token) return false;
      const renewed = await openId.renew();
      if (session.ended()) {
        // A renewal that raced the logout must not bring the tokens back.
        session.removeUser();
        return false;
      }
      return renewed !== null && !renewed.expired;
    },
    expiresAt: () => session.user()?.expires_at,
    // Who is signed in does not change when the access token expires.
    subject: () => session.user(0)?.profile.sub,
    signedOut,
    forgetUser: async () => session.removeUser(),
    async signOut({ endServerSessions, leaveTo, ready } = {}) {
      // A second Logout (the header and the session dialog both offer one) has nothing left to do.
      if (session.ended()) return;
      // Nothing of the session is left in this browser before the first network call, and
      // every tab's tokens from before this moment are void.
      const stored = session.end();
      if (stored && endServerSessions) await endServerSessions(stored.access_token).catch(() => undefined);
      await openId.signOut({ refreshToken: stored?.refresh_token, idToken: stored?.id_token, leaveTo, ready });
    },
    onSignedOutElsewhere: (listener) => session.onEndedElsewhere(() => listener()),
  };
}
