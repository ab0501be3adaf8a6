/** Which enrolment wizard a provider and factor type open (spec section 2, compared ignoring case). */
export type WizardKind = 'googleTotp' | 'webauthn' | 'push' | 'oktaTotp' | 'sms' | 'call' | 'email' | 'custom';

const TABLE: Record<string, WizardKind> = {
  'google/token:software:totp': 'googleTotp',
  'fido/webauthn': 'webauthn',
  'okta/push': 'push',
  'okta/token:software:totp': 'oktaTotp',
  'okta/sms': 'sms',
  'okta/call': 'call',
  'okta/email': 'email',
  'custom/token:hotp': 'custom',
};

export function wizardFor(provider: string, factorType: string): WizardKind | undefined {
  return TABLE[`${provider.toLowerCase()}/${factorType.toLowerCase()}`];
}
