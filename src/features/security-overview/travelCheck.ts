import type { Factor } from '../../../generated/model';
import { FACTOR_KINDS, listedKindOf, type FactorKind, type FactorKindId } from '../mfa/factorKinds';

/**
 * Whether a method of each kind signs in without mobile signal: a code the app on the phone makes
 * by itself, or a key in hand. A text message, a call and an email need the network. Every kind
 * of the catalogue is here (the type says so), so a new kind cannot be added without deciding.
 */
export const WORKS_WITHOUT_SIGNAL: Readonly<Record<FactorKindId, boolean>> = {
  // Okta Verify shows a code when its push cannot reach the phone.
  push: true,
  oktaTotp: true,
  googleTotp: true,
  email: false,
  sms: false,
  call: false,
  webauthn: true,
  custom: true,
};

/** Where a method is set up: its enrollment wizard, in the server's own spelling (as the MFA list opens it). */
export interface SetUp {
  kind: FactorKind;
  provider: Factor['provider'];
  factorType: Factor['factorType'];
}

/** Can the person sign in without mobile signal? If not, the first method (in the list's order) that would let them, which their list offers. */
type TravelCheck = { ready: true } | { ready: false; setUp?: SetUp };

/**
 * The check before travelling, from the factor list: ready when an active method works without
 * signal. With no method at all the answer is no: the sign-in may still ask for one abroad.
 */
export function travelCheck(factors: ReadonlyArray<Factor>): TravelCheck {
  const known = factors.flatMap((factor) => {
    const kind = listedKindOf(factor);
    return kind && WORKS_WITHOUT_SIGNAL[kind.id] ? [{ factor, kind }] : [];
  });
  if (known.some(({ factor }) => factor.status === 'ACTIVE')) return { ready: true };
  const offered = known
    .filter(({ factor }) => factor.status !== 'ACTIVE')
    .sort((a, b) => FACTOR_KINDS.indexOf(a.kind) - FACTOR_KINDS.indexOf(b.kind))[0];
  if (!offered) return { ready: false };
  return { ready: false, setUp: { kind: offered.kind, provider: offered.factor.provider, factorType: offered.factor.factorType } };
}
