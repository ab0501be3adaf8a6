// The operations that change an account: what each changes and the data a team must give for it.
// None runs unless named with --run; the contract's example values (ids, numbers, addresses)
// are never sent to a backend in their place.

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
  'client-id': 'the clientId of an app connected to the test account (from getConnectedApps)',
} as const;
type DataFlag = keyof typeof DATA_FLAGS;
export type Data = Partial<Record<DataFlag, string>>;

/**
 * A request a correct backend refuses, sent before the operation itself when it is named with
 * --run: without the token (the answer must be 401), or naming something the account does not
 * hold (the answer must be `status`). Each is built so that even a backend that wrongly
 * accepted it names nothing of the account to change: no token names no user, and a made-up id
 * names no app.
 */
export interface Refusal {
  /** What the row says after the request: `no token`, `an app the account does not hold`. */
  what: string;
  withheld?: true;
  params?: Record<string, string>;
  /** The status the contract declares for it. */
  status: string;
}

/** An app id no account holds (the verifier's own). */
export const NOT_AN_APP = 'contract-verify-not-an-app-of-this-account';

interface Mutation {
  /** What running it does to the account behind the token, for docs/contract.md and --help. */
  changes: string;
  needs: DataFlag[];
  /** The path parameters and the body, from the contract's example and the team's data. */
  fill?: (data: Data, body: Node) => { params?: Record<string, string>; body?: unknown };
  /** Requests the backend must refuse, sent first (see Refusal). */
  refusals?: Refusal[];
}

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
    changes: 'enrolls the university authenticator with --secret, proved by --pass-code',
    needs: ['secret', 'pass-code'],
    fill: (d, body) => ({ body: { ...body, secret: d.secret, passCode: d['pass-code'], timestamp: Date.now() } }),
  },
  resetFactor: {
    changes: 'removes the factor --factor-id',
    needs: ['factor-id'],
    fill: (d) => ({ params: { factorId: d['factor-id']! } }),
  },
  activateFactor: {
    changes: 'activates the pending factor --factor-id with --pass-code',
    needs: ['factor-id', 'pass-code'],
    fill: (d) => ({ params: { factorId: d['factor-id']! }, body: { passCode: d['pass-code'] } }),
  },
  pollFactorActivation: {
    changes: 'nothing by itself: asks whether the push factor --factor-id is active yet',
    needs: ['factor-id'],
    fill: (d) => ({ params: { factorId: d['factor-id']! } }),
  },
  changePassword: {
    changes: 'CHANGES THE PASSWORD from --password to --new-password',
    needs: ['password', 'new-password'],
    fill: (d) => ({ body: { password: d.password, newPassword: d['new-password'], confirmPassword: d['new-password'] } }),
  },
  endSessions: {
    changes: 'ENDS EVERY SESSION of the user and revokes every refresh token, the one the check uses included',
    needs: [],
  },
  endOtherSessions: {
    changes:
      'SIGNS OUT every other browser of the user and revokes the apps’ tokens, keeping the session of the check’s own token (refused first without a token)',
    needs: [],
    refusals: [{ what: 'no token', withheld: true, status: '401' }],
  },
  revokeConnectedApp: {
    changes:
      'removes the access of the connected app --client-id, its grants and tokens (refused first without a token, and for an app the account does not hold)',
    needs: ['client-id'],
    fill: (d) => ({ params: { clientId: d['client-id']! } }),
    refusals: [
      { what: 'no token', withheld: true, params: { clientId: NOT_AN_APP }, status: '401' },
      { what: 'an app the account does not hold', params: { clientId: NOT_AN_APP }, status: '404' },
    ],
  },
  exchangeSocialCode: {
    changes: 'redeems the iAM Smart authorization code --code (single use)',
    needs: ['code'],
    fill: (d) => ({ params: { provider: 'iamsmart' }, body: { code: d.code } }),
  },
  getIamSmartTokenizedId: {
    changes: 'redeems the iAM Smart authorization code --code (single use)',
    needs: ['code'],
    fill: (d, body) => ({ body: { ...body, code: d.code } }),
  },
};

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
  }
  return undefined;
}
