import type { Factor, IdentityProviderEntry } from '../../../generated/model';
import type { FrameKey } from '../../messages/t';
import { identityRows } from '../identities/identityRows';
import { mfaRows } from '../mfa/mfaRows';
import { enrolledQuestion, findQuestionFactor } from '../question/questionFactor';
import { RECOVERY_EMAIL_EDIT_ID, SOCIAL_IDENTITIES_HEADING_ID } from '../../shared/navigation/pageAnchors';
import { travelCheck, type SetUp } from './travelCheck';

/** Where an item's fix is: a page of the portal, a method's set-up, or a control on this page (by element id). */
type Fix = { label: FrameKey; vars?: Record<string, string> } & (
  { to: '/profile/mfa' | '/profile/question' } | { enroll: Pick<SetUp, 'provider' | 'factorType'> } | { focus: string }
);

export interface OverviewItem {
  id: 'methods' | 'travel' | 'recoveryEmail' | 'question' | 'identities';
  done: boolean;
  text: FrameKey;
  vars?: Record<string, string | number>;
  fix?: Fix;
}

export interface SecurityOverview {
  items: OverviewItem[];
  /** At least one MFA method, a recovery email and a security question. */
  wellProtected: boolean;
}

/**
 * The Security overview from what /profile/details already loads: the factors, the profile's
 * recovery email and (where the social box is shown) the linked identities. Linked identities
 * and the check before travelling (can they sign in without mobile signal, travelCheck.ts) are
 * advice, not requirements: they do not count against "well protected".
 */
export function securityOverview({
  factors,
  recoveryEmail,
  idps,
  providerLabel,
}: {
  factors: ReadonlyArray<Factor>;
  recoveryEmail: string | null | undefined;
  /** Undefined: the social box is not shown, so neither is this item. */
  idps?: ReadonlyArray<IdentityProviderEntry>;
  /** A text of the catalogue in the reader's language (a provider's or a method's name). */
  providerLabel: (label: FrameKey) => string;
}): SecurityOverview {
  // Counted as the MFA page lists them (one row per method, Okta's code entry folded into push).
  const methods = mfaRows(factors).filter((row) => row.enabled).length;
  const hasEmail = Boolean(recoveryEmail?.trim());
  const hasQuestion = enrolledQuestion(findQuestionFactor(factors)) !== undefined;
  const travel = travelCheck(factors);

  const items: OverviewItem[] = [
    methods > 0
      ? { id: 'methods', done: true, text: 'overview.methods', vars: { count: methods } }
      : { id: 'methods', done: false, text: 'overview.methods.none', fix: { label: 'overview.methods.fix', to: '/profile/mfa' } },
    // Advice, like the identities: it does not count against "well protected".
    travel.ready
      ? { id: 'travel', done: true, text: 'overview.travel.yes' }
      : {
          id: 'travel',
          done: false,
          text: 'overview.travel.no',
          fix: travel.setUp
            ? {
                label: 'overview.travel.fix',
                vars: { name: providerLabel(travel.setUp.kind.name) },
                enroll: { provider: travel.setUp.provider, factorType: travel.setUp.factorType },
              }
            : { label: 'overview.methods.fix', to: '/profile/mfa' },
        },
    hasEmail
      ? { id: 'recoveryEmail', done: true, text: 'overview.recovery.set', vars: { email: recoveryEmail!.trim() } }
      : { id: 'recoveryEmail', done: false, text: 'overview.recovery.none', fix: { label: 'overview.recovery.fix', focus: RECOVERY_EMAIL_EDIT_ID } },
    hasQuestion
      ? { id: 'question', done: true, text: 'overview.question.set' }
      : { id: 'question', done: false, text: 'overview.question.none', fix: { label: 'overview.question.fix', to: '/profile/question' } },
  ];

  if (idps) {
    const linked = identityRows(idps).filter((row) => row.linked);
    items.push(
      linked.length > 0
        ? {
            id: 'identities',
            done: true,
            text: 'overview.identities.some',
            vars: { names: linked.map((row) => providerLabel(row.label)).join(', ') },
          }
        : {
            id: 'identities',
            done: false,
            text: 'overview.identities.none',
            fix: { label: 'overview.identities.fix', focus: SOCIAL_IDENTITIES_HEADING_ID },
          },
    );
  }
  return { items, wellProtected: methods > 0 && hasEmail && hasQuestion };
}
