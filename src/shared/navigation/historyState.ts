/**
 * What the portal keeps in a history entry's state (TanStack Router's `HistoryState`). Only the
 * portal's own code writes it: an address cannot carry it, so a link someone sent can set none
 * of it. It survives a reload and Back, and is read as untrusted all the same.
 */

/** A login of the person's own history, as Previous Login hands it to the "This wasn't me" guide. */
export interface NamedLogin {
  time: string;
  browser: string;
  place: string;
}

declare module '@tanstack/react-router' {
  interface HistoryState {
    /** The login Previous Login hands to the guide (from the person's own getLoginLog answer). */
    notMeLogin?: NamedLogin;
    /**
     * Whose login history `notMeLogin` is from: the subject signed in when it was handed over.
     * The entry outlives the session (Back, on a shared computer, after the next person signed
     * in): the guide names the login only to that person.
     */
    notMeFor?: string;
    /** Set on the page a completed sign-in goes on to: the page the person was on before it. */
    afterSignIn?: true;
  }
}

const MAX_LENGTH = 200;
const isShortText = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= MAX_LENGTH;

/** The login in `value` when it has the shape of one (three short texts, a real time), else none. */
export function namedLoginOf(value: unknown): NamedLogin | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const { time, browser, place } = value as Record<string, unknown>;
  if (!isShortText(time) || Number.isNaN(new Date(time).getTime()) || !isShortText(browser) || !isShortText(place)) return undefined;
  return { time, browser, place };
}
