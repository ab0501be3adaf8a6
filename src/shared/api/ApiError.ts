import type { BearerChallenge } from './stepUp';

/**
 * A message: the server's own words, or a text of the portal's, written when it is read so
 * that one still on screen follows a language switch.
 */
type ApiErrorText = string | (() => string);

/** The one error type every backend call rejects with; its message is what the user sees. */
export class ApiError extends Error {
  /** HTTP status, when the server answered at all. */
  readonly status?: number;
  /**
   * 'server': the body carried errorMessage; 'network': no answer; 'timeout': no answer in
   * time; 'http': a failed status or unreadable body; 'address': not sent, its address was not
   * the one written (src/shared/api/fetcher.ts).
   */
  readonly kind: 'server' | 'network' | 'timeout' | 'http' | 'address';

  /** The Bearer challenge of a 401 (WWW-Authenticate), e.g. a step-up (RFC 9470). */
  readonly challenge?: BearerChallenge;

  constructor(text: ApiErrorText, kind: ApiError['kind'], status?: number, challenge?: BearerChallenge) {
    super(typeof text === 'function' ? text() : text);
    if (challenge) this.challenge = challenge;
    if (typeof text === 'function') Object.defineProperty(this, 'message', { get: text, configurable: true });
    this.name = 'ApiError';
    this.kind = kind;
    this.status = status;
  }
}
