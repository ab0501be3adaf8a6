// The operations that change an account: what each changes and the data a team must give for it.
// None runs unless named with --run; the contract's example values (ids, numbers, addresses)
// are never sent to a backend in their place.
import { registration } from './authenticator.ts';

// The contract as parsed YAML, walked by name and by $ref.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Node = any;

/** What a team passes for the operations that change an account: one flag each. */
export const DATA_FLAGS = {
  phone: 'a phone of your own test account, E.164 (in examples, a number kept for fiction: +61491570006)',
  email: 'an email address you own',
  'factor-id': 'the id of a factor of the test account (from getFactors)',
  'idp-id': 'the id of an identity provider entry (from getLinkedIdentities)',
  'external-id': 'the external account id the backend found for this sign-in',
  'pass-code': 'a one-time code from the factor',
  secret: 'the TOTP secret that getCustomTotpSecret gave',
  password: 'the test account’s current password',
  'new-password': 'the new password',
  code: 'an authorization code from the provider',
  nickname: 'a nickname to give the factor (an empty one removes it)',
  'passkey-id': 'the id of a passkey of the test account (from listPasskeys)',
  'client-id': 'the clientId of an app connected to the test account (from getConnectedApps)',
  origin: 'the origin the portal is served on, whose passkey registrations the backend accepts (https://…)',
} as const;
type DataFlag = keyof typeof DATA_FLAGS;
export type Data = Partial<Record<DataFlag, string>>;

type Fill = (data: Data, body: Node) => { params?: Record<string, string>; body?: unknown };

/**
 * A request a backend must refuse, sent (before the operation itself) when the operation is named
 * with --run: its row passes only when the backend refuses it with `status` and an answer the
 * contract declares. Made so that a backend that wrongly accepts it changes nothing that matters.
 */
export interface Refusal {
  /** What is wrong with it, for the row: `…, refused: a nickname with a control character`. */
  what: string;
  /** 401 for a request without the token; otherwise the status the contract declares for it. */
  status: '400' | '401' | '404';
  fill: Fill;
  /**
   * Fresh registration options asked for first (getPasskeyRegistrationOptions, `calls` times, each
   * answered 200 with a challenge or the row fails); the body is made from them.
   */
  options?: { calls: number; body: (issued: IssuedOptions[], data: Data) => unknown };
}

/** What a probe reads of the registration options a backend issued. */
export interface IssuedOptions {
  challenge: string;
  rp: { id: string };
}

/** An origin that is nobody's (`.invalid` is reserved, RFC 2606): never the portal's. */
export const ANOTHER_ORIGIN = 'https://contract-verify.invalid';

/** An app id no account holds (the verifier's own). */
export const NOT_AN_APP = 'contract-verify-not-an-app-of-this-account';

interface Mutation {
  /** What running it does to the account behind the token, for docs/contract.md and --help. */
  changes: string;
  needs: DataFlag[];
  /** The path parameters and the body, from the contract's example and the team's data. */
  fill?: Fill;
  refusals?: Refusal[];
  /** Only the refusals are sent: the request itself needs what the check cannot make (an authenticator). */
  refusalsOnly?: true;
}

const WITHOUT_TOKEN = (fill: Fill): Refusal => ({ what: 'without the token', status: '401', fill });

/** Every operation that changes the account (every one that is not a GET, and the GETs that do), what it changes and the data it needs. */
export const MUTATIONS: Record<string, Mutation> = {
  getCustomTotpSecret: {
    changes: 'mints a new secret for the university authenticator on the account (a GET that is not read-only)',
    needs: [],
  },
  updateRecoveryEmail: {
    changes: 'sets the recovery email to --email',
    needs: ['email'],
    fill: (d) => ({ body: { secondaryEmail: d.email } }),
  },
  linkIdentity: {
    changes: 'links the external account --external-id at provider entry --idp-id',
    needs: ['idp-id', 'external-id'],
    fill: (d) => ({ params: { idpId: d['idp-id']! }, body: { externalId: d['external-id'] } }),
  },
  unlinkIdentity: {
    changes: 'unlinks the identity at provider entry --idp-id',
    needs: ['idp-id'],
    fill: (d) => ({ params: { idpId: d['idp-id']! } }),
  },
  enrollFactor: {
    changes: 'starts enrolling Google Authenticator (a pending factor until activated)',
    needs: [],
  },
  enrollPhoneFactor: {
    changes: 'starts enrolling SMS to --phone: the backend sends a text message to that number',
    needs: ['phone'],
    fill: (d) => ({ body: { factorType: 'sms', provider: 'OKTA', phoneNumber: d.phone } }),
  },
  enrollEmailFactor: {
    changes: 'starts enrolling email to --email: the backend sends a code there',
    needs: ['email'],
    fill: (d, body) => ({ body: { ...body, email: d.email } }),
  },
  enrollCustomTotp: {
    changes: 'enrolls the university authenticator with the secret given, proved by a code from it',
    needs: ['secret', 'pass-code'],
    fill: (d, body) => ({ body: { ...body, secret: d.secret, passCode: d['pass-code'], timestamp: Date.now() } }),
  },
  resetFactor: {
    changes: 'removes the factor --factor-id',
    needs: ['factor-id'],
    fill: (d) => ({ params: { factorId: d['factor-id']! } }),
  },
  activateFactor: {
    changes: 'activates the pending factor --factor-id with the code given',
    needs: ['factor-id', 'pass-code'],
    fill: (d) => ({ params: { factorId: d['factor-id']! }, body: { passCode: d['pass-code'] } }),
  },
  pollFactorActivation: {
    changes: 'nothing by itself: asks whether the push factor --factor-id is active yet',
    needs: ['factor-id'],
    fill: (d) => ({ params: { factorId: d['factor-id']! } }),
  },
  changePassword: {
    changes: 'CHANGES THE PASSWORD from the one given to the new one given',
    needs: ['password', 'new-password'],
    fill: (d) => ({ body: { password: d.password, newPassword: d['new-password'], confirmPassword: d['new-password'] } }),
  },
  endSessions: {
    changes: 'ENDS EVERY SESSION of the user and revokes every refresh token, the one the check uses included',
    needs: [],
  },
  renameFactor: {
    changes: 'sets the nickname of the factor --factor-id to --nickname',
    needs: ['factor-id', 'nickname'],
    fill: (d) => ({ params: { factorId: d['factor-id']! }, body: { nickname: d.nickname || null } }),
    refusals: [
      WITHOUT_TOKEN((d) => ({ params: { factorId: d['factor-id']! }, body: { nickname: d.nickname || null } })),
      {
        what: 'a nickname with a control character',
        status: '400',
        fill: (d) => ({ params: { factorId: d['factor-id']! }, body: { nickname: 'Desk\u0007phone' } }),
      },
      {
        what: 'a nickname of 257 characters',
        status: '400',
        fill: (d) => ({ params: { factorId: d['factor-id']! }, body: { nickname: 'n'.repeat(257) } }),
      },
    ],
  },
  getPasskeyRegistrationOptions: {
    changes: 'starts registering a passkey: the backend issues a challenge (nothing is registered)',
    needs: [],
    refusals: [WITHOUT_TOKEN(() => ({}))],
  },
  registerPasskey: {
    changes:
      'nothing, if the backend is right: sends only registrations it must refuse (no token; the challenge of earlier options; another origin), each made by the check’s own authenticator for fresh options and right in all else',
    needs: ['origin'],
    refusalsOnly: true,
    // A backend that wrongly accepts one registers a passkey whose private key the check never keeps.
    refusals: [
      WITHOUT_TOKEN((_, example) => ({ body: example })),
      {
        what: 'the challenge of the options before the last',
        status: '400',
        fill: () => ({}),
        options: { calls: 2, body: ([earlier, last], d) => registration({ challenge: earlier!.challenge, origin: d.origin!, rpId: last!.rp.id }) },
      },
      {
        what: 'fresh options answered from another origin',
        status: '400',
        fill: () => ({}),
        options: { calls: 1, body: ([issued]) => registration({ challenge: issued!.challenge, origin: ANOTHER_ORIGIN, rpId: issued!.rp.id }) },
      },
    ],
  },
  deletePasskey: {
    changes: 'REMOVES the passkey --passkey-id',
    needs: ['passkey-id'],
    fill: (d) => ({ params: { passkeyId: d['passkey-id']! } }),
    refusals: [
      WITHOUT_TOKEN((d) => ({ params: { passkeyId: d['passkey-id']! } })),
      { what: 'a passkey that is not on the account', status: '400', fill: () => ({ params: { passkeyId: 'contract-check-no-such-passkey' } }) },
    ],
  },
  endOtherSessions: {
    changes: 'SIGNS OUT every other browser of the user and revokes the apps’ tokens, keeping the session of the check’s own token',
    needs: [],
    refusals: [WITHOUT_TOKEN(() => ({}))],
  },
  revokeConnectedApp: {
    changes: 'removes the access of the connected app --client-id, its grants and tokens',
    needs: ['client-id'],
    fill: (d) => ({ params: { clientId: d['client-id']! } }),
    refusals: [
      // Both name an app no account holds: a backend that wrongly accepts one has nothing of the account to change.
      WITHOUT_TOKEN(() => ({ params: { clientId: NOT_AN_APP } })),
      { what: 'an app the account does not hold', status: '404', fill: () => ({ params: { clientId: NOT_AN_APP } }) },
    ],
  },
  exchangeSocialCode: {
    changes: 'redeems the iAM Smart authorization code given (single use)',
    needs: ['code'],
    fill: (d) => ({ params: { provider: 'iamsmart' }, body: { code: d.code } }),
  },
  getIamSmartTokenizedId: {
    changes: 'redeems the iAM Smart authorization code given (single use)',
    needs: ['code'],
    fill: (d, body) => ({ body: { ...body, code: d.code } }),
  },
};

const isOrigin = (text: string) => URL.canParse(text) && new URL(text).origin === text;

/** Each --run names an operation that changes an account, with the data it needs; else the complaint. */
export function runProblem(run: Set<string>, data: Data): string | undefined {
  for (const operation of run) {
    const mutation = MUTATIONS[operation];
    if (!mutation) {
      return `--run ${operation}: not an operation that changes an account; those are ${Object.keys(MUTATIONS).join(', ')} (every other GET always runs)`;
    }
    const missing = mutation.needs.filter((flag) => !data[flag]);
    if (missing.length) {
      return `--run ${operation} needs ${missing.map((flag) => `--${flag} (${DATA_FLAGS[flag]})`).join(' and ')}`;
    }
    if (mutation.needs.includes('origin') && !isOrigin(data.origin!)) {
      return `--origin must be an origin alone, like https://portal.example.edu (scheme, host and port), not '${data.origin}'`;
    }
  }
  return undefined;
}
