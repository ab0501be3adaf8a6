import type { LoginLogEntry } from '../../../generated/model';
import { displayText } from '../../shared/text/displayText';

/** One device (browser and system) in one place, from the login history. */
export interface SignInPlace {
  key: string;
  /** The browser without its version: an update is the same browser. */
  browser: string;
  os: string;
  place: string;
  /** Its logins, newest first; the first is its last sign-in. */
  logins: LoginLogEntry[];
}

/** "Chrome 142" and "Chrome 141.0.2" are one browser; a name that is only a number stays as it is. */
export function browserFamily(browser: string): string {
  const name = browser.trim().replace(/\s+v?\d+(?:\.\d+)*$/i, '');
  return name || browser.trim();
}

const timeOf = (login: LoginLogEntry) => {
  const time = Date.parse(login.time);
  return Number.isNaN(time) ? -Infinity : time;
};

/**
 * "Where you've signed in": the logins grouped by browser (without its version), system and
 * place, each group with its logins newest first, the group with the latest sign-in first. It is
 * history, grouped from the logins given: it says nothing of which are still signed in. Each
 * field is grouped and shown as displayText makes it fit to show: an invisible or direction
 * character cannot split one device into look-alike entries, and a field that is not text is
 * none.
 */
export function signInPlaces(logins: ReadonlyArray<LoginLogEntry>): SignInPlace[] {
  const groups = new Map<string, SignInPlace>();
  for (const login of logins) {
    const browser = browserFamily(displayText(login.browser));
    const os = displayText(login.os);
    const place = displayText(login.district);
    const key = JSON.stringify([browser, os, place]);
    const group = groups.get(key) ?? { key, browser, os, place, logins: [] };
    group.logins.push(login);
    groups.set(key, group);
  }
  const byTime = (a: LoginLogEntry, b: LoginLogEntry) => timeOf(b) - timeOf(a);
  return [...groups.values()].map((group) => ({ ...group, logins: group.logins.sort(byTime) })).sort((a, b) => byTime(a.logins[0]!, b.logins[0]!));
}
