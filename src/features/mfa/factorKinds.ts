/**
 * The factor kinds the portal knows (spec sections 2 and 3), in one place: how each is named
 * and ordered on the MFA list, which provider and type it is, which enrollment wizard opens it
 * and what that wizard says for it. Another kind is one more entry here, its texts in
 * src/messages/, and, when no wizard fits, a wizard of its own.
 *
 * The wizard of a kind is named here as data (`wizard`); wizards/loadWizard.tsx loads it.
 */
import type { EnrollEmailFactorRequestFactorType } from '../../../generated/model/enrollEmailFactorRequestFactorType';
import type { EnrollEmailFactorRequestProvider } from '../../../generated/model/enrollEmailFactorRequestProvider';
import type { EnrollPhoneFactorRequestFactorType } from '../../../generated/model/enrollPhoneFactorRequestFactorType';
import type { EnrollPhoneFactorRequestProvider } from '../../../generated/model/enrollPhoneFactorRequestProvider';
import { FactorProvider } from '../../../generated/model/factorProvider';
import { FactorType } from '../../../generated/model/factorType';
import type { FrameKey, MessageKey } from '../../messages/t';

export type FactorKindId = 'push' | 'oktaTotp' | 'googleTotp' | 'email' | 'sms' | 'call' | 'webauthn' | 'custom';

export type Device = 'iphone' | 'android';

interface AppStoreLink {
  store: 'mfa.app.appStore' | 'mfa.app.playStore';
  href: string;
}

/** What every wizard says for its kind: the intro's heading and text, and the success toast. */
interface KindTexts {
  title: MessageKey;
  intro: MessageKey;
  success: MessageKey;
}

/** What each wizard reads from the kinds it opens, beside the fields every kind has. */
interface WizardData {
  /** Authenticator apps: intro, device, barcode or secret key, code. */
  app: {
    texts: KindTexts & {
      /** The intro's button: Setup for push, Next for the others. */
      start: MessageKey;
      getApp: MessageKey;
      /** The secret-key view's button: Verify (Okta) or Next (authenticator app). */
      manualButton: MessageKey;
    };
    stores: Record<Device, AppStoreLink>;
    /** Push activates when the app confirms: the barcode step polls until it does. */
    pollsActivation: boolean;
    /** Okta: showing the barcode again requests a new enrollment (spec section 4). */
    reenrollsOnBarcode: boolean;
  };
  /** A code by text message or voice call to a number the user types. */
  phone: {
    factorType: EnrollPhoneFactorRequestFactorType;
    provider: EnrollPhoneFactorRequestProvider;
    texts: KindTexts & {
      send: MessageKey;
      sent: MessageKey;
      /** Where the code went: "We sent a code to {phone}." */
      sentTo: MessageKey;
      resend: MessageKey;
      resendWarning: MessageKey;
    };
    /** The number may carry an extension. */
    extension: boolean;
    /** A landline cannot receive the code. */
    mobileOnly: boolean;
  };
  /** A code to the user's primary email. */
  email: {
    factorType: EnrollEmailFactorRequestFactorType;
    provider: EnrollEmailFactorRequestProvider;
    texts: KindTexts;
  };
  /** A credential the browser creates with a security key or biometrics. */
  webauthn: { texts: KindTexts };
  /** The university's own authenticator, its barcode drawn here from the secret. */
  custom: { texts: KindTexts };
}

export type WizardName = keyof WizardData;

interface KindBase {
  id: FactorKindId;
  factorType: FactorType;
  provider: FactorProvider;
  /** Its name on the MFA list. */
  name: FrameKey;
  /** Its place on the MFA list (spec section 3); kinds may share one. */
  order: number;
  /**
   * The spec's list of factors names no provider for it: the list shows it whoever provides it (its
   * wizard still opens only for `provider`).
   */
  anyProvider?: true;
  /** Not listed when a factor of that kind is ("if a push factor is present..."). */
  hiddenBy?: FactorKindId;
  /** Listed in a section of its own (passkeys), not in the methods table; added from there. */
  listedApart?: true;
}

/** A kind opened by wizard `W`, with what that wizard needs of it. */
export type FactorKindOf<W extends WizardName> = KindBase & { wizard: W } & WizardData[W];
export type FactorKind = { [W in WizardName]: FactorKindOf<W> }[WizardName];

const OKTA_VERIFY_STORES: Record<Device, AppStoreLink> = {
  iphone: { store: 'mfa.app.appStore', href: 'https://apps.apple.com/app/okta-verify/id490179405' },
  android: { store: 'mfa.app.playStore', href: 'https://play.google.com/store/apps/details?id=com.okta.android.auth' },
};

/** Every kind, in the spec's display order. */
export const FACTOR_KINDS: readonly FactorKind[] = [
  {
    id: 'push',
    factorType: FactorType.push,
    provider: FactorProvider.OKTA,
    anyProvider: true,
    name: 'mfa.factor.push',
    order: 1,
    wizard: 'app',
    texts: {
      title: 'mfa.push.title',
      intro: 'mfa.push.intro',
      start: 'mfa.wizard.setup',
      getApp: 'mfa.okta.getApp',
      manualButton: 'mfa.wizard.verify',
      success: 'mfa.push.success',
    },
    stores: OKTA_VERIFY_STORES,
    pollsActivation: true,
    reenrollsOnBarcode: true,
  },
  {
    id: 'oktaTotp',
    factorType: FactorType['token:software:totp'],
    provider: FactorProvider.OKTA,
    name: 'mfa.factor.oktaTotp',
    order: 1,
    hiddenBy: 'push',
    wizard: 'app',
    texts: {
      title: 'mfa.oktaTotp.title',
      intro: 'mfa.oktaTotp.intro',
      start: 'mfa.wizard.next',
      getApp: 'mfa.okta.getApp',
      manualButton: 'mfa.wizard.verify',
      success: 'mfa.oktaTotp.success',
    },
    stores: OKTA_VERIFY_STORES,
    pollsActivation: false,
    reenrollsOnBarcode: true,
  },
  {
    id: 'googleTotp',
    factorType: FactorType['token:software:totp'],
    provider: FactorProvider.GOOGLE,
    name: 'mfa.factor.googleTotp',
    order: 2,
    wizard: 'app',
    texts: {
      title: 'mfa.app.title',
      intro: 'mfa.app.intro',
      start: 'mfa.wizard.next',
      getApp: 'mfa.app.getApp',
      manualButton: 'mfa.wizard.next',
      success: 'mfa.app.success',
    },
    stores: {
      iphone: { store: 'mfa.app.appStore', href: 'https://apps.apple.com/app/google-authenticator/id388497605' },
      android: { store: 'mfa.app.playStore', href: 'https://play.google.com/store/apps/details?id=com.google.android.apps.authenticator2' },
    },
    pollsActivation: false,
    reenrollsOnBarcode: false,
  },
  {
    id: 'email',
    factorType: FactorType.email,
    provider: FactorProvider.OKTA,
    anyProvider: true,
    name: 'mfa.factor.email',
    order: 3,
    wizard: 'email',
    texts: { title: 'mfa.email.title', intro: 'mfa.email.intro', success: 'mfa.email.success' },
  },
  {
    id: 'sms',
    factorType: FactorType.sms,
    provider: FactorProvider.OKTA,
    anyProvider: true,
    name: 'mfa.factor.sms',
    order: 4,
    wizard: 'phone',
    texts: {
      title: 'mfa.sms.title',
      intro: 'mfa.sms.intro',
      send: 'mfa.sms.send',
      sent: 'mfa.sms.sent',
      sentTo: 'mfa.sms.sentTo',
      resend: 'mfa.sms.resend',
      resendWarning: 'mfa.sms.resendWarning',
      success: 'mfa.sms.success',
    },
    extension: false,
    mobileOnly: true,
  },
  {
    id: 'call',
    factorType: FactorType.call,
    provider: FactorProvider.OKTA,
    anyProvider: true,
    name: 'mfa.factor.call',
    order: 5,
    wizard: 'phone',
    texts: {
      title: 'mfa.call.title',
      intro: 'mfa.call.intro',
      send: 'mfa.call.send',
      sent: 'mfa.call.sent',
      sentTo: 'mfa.call.sentTo',
      resend: 'mfa.call.resend',
      resendWarning: 'mfa.call.resendWarning',
      success: 'mfa.call.success',
    },
    extension: true,
    mobileOnly: false,
  },
  {
    id: 'webauthn',
    factorType: FactorType.webauthn,
    provider: FactorProvider.FIDO,
    name: 'mfa.factor.webauthn',
    order: 6,
    listedApart: true,
    wizard: 'webauthn',
    texts: { title: 'mfa.webauthn.title', intro: 'mfa.webauthn.intro', success: 'mfa.webauthn.success' },
  },
  {
    id: 'custom',
    factorType: FactorType['token:hotp'],
    provider: FactorProvider.CUSTOM,
    name: 'mfa.factor.custom',
    order: 7,
    wizard: 'custom',
    texts: { title: 'mfa.custom.title', intro: 'mfa.custom.intro', success: 'mfa.custom.success' },
  },
];

const same = (a: string | undefined, b: string | undefined) => (a ?? '').toLowerCase() === (b ?? '').toLowerCase();

/** The kind whose wizard a provider and factor type open (spec section 2, compared ignoring case). */
export function factorKindFor(provider: string, factorType: string): FactorKind | undefined {
  return FACTOR_KINDS.find((kind) => same(kind.provider, provider) && same(kind.factorType, factorType));
}

/** The kind a factor of the server's list is shown as (spec section 3, ignoring case); undefined: not listed. */
export function listedKindOf(factor: { factorType?: string; provider?: string }): FactorKind | undefined {
  return FACTOR_KINDS.find((kind) => same(kind.factorType, factor.factorType) && (kind.anyProvider || same(kind.provider, factor.provider)));
}
