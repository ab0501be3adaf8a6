import { redirect } from '@tanstack/react-router';
import { getLinkProvider } from '../../../generated/api/identity-provider/identity-provider';
import type { FrameKey } from '../../messages/t';
import { isSocialProvider } from '../../shared/config/socialProviders';
import { mayBeginAtSignInPage } from './linkState';
import type { LinkFailure } from './socialCallback.flow';
import { isUserCreationDisabled } from './socialLink';

interface InstructionsSearch {
  code?: string;
  state?: string;
  error?: string;
  error_description?: string;
}

/**
 * What /idp/instructions shows. Nothing of the query is shown as it came (anyone can craft the
 * address): the provider's error code becomes one of the portal's own texts, and the request
 * state only its first characters, for support, when it has the shape of one.
 */
export interface Instructions {
  /** The portal's text for the provider's error code. */
  error: FrameKey;
  /** The start of the request state, for support; undefined without one of a plain shape. */
  reference?: string;
  /** Why no link started when one was wanted. */
  problem?: LinkFailure;
}

/** OAuth 2.0 and OpenID Connect error codes (RFC 6749 4.1.2.1, OIDC Core 3.1.2.6), in the portal's words. */
const ERROR_TEXTS: Record<string, FrameKey> = {
  access_denied: 'instructions.error.accessDenied',
  login_required: 'instructions.error.interactionRequired',
  interaction_required: 'instructions.error.interactionRequired',
  consent_required: 'instructions.error.interactionRequired',
  account_selection_required: 'instructions.error.interactionRequired',
  server_error: 'instructions.error.unavailable',
  temporarily_unavailable: 'instructions.error.unavailable',
};

const REFERENCE_LENGTH = 8;

/** The first 8 characters of a state of the plain shape states have; nothing else is shown. */
export function referenceOf(state: string | undefined): string | undefined {
  if (!state || !/^[A-Za-z0-9._~-]{8,512}$/.test(state)) return undefined;
  return `${state.slice(0, REFERENCE_LENGTH)}…`;
}

function errorText(error: string | undefined, description: string | undefined): FrameKey {
  if (isUserCreationDisabled(error, description)) return 'instructions.error.notLinked';
  return (error !== undefined && Object.hasOwn(ERROR_TEXTS, error) ? ERROR_TEXTS[error] : undefined) ?? 'instructions.error.other';
}

/**
 * /idp/instructions, for its route's loader (run once per visit, with the query the address
 * came with): "user creation disabled" means the social login is not linked yet. When the
 * state is that of a sign-in this tab's person started (mayBeginAtSignInPage), the server names the code's provider
 * and the link goes on at /idp/link/{provider}; any other state redeems and looks up nothing, and
 * the page offers the ordinary link from the profile. Anything else is explained.
 */
export async function readInstructions(search: InstructionsSearch): Promise<Instructions> {
  const { code, state, error, error_description: description } = search;
  const shown: Instructions = { error: errorText(error, description), ...(referenceOf(state) ? { reference: referenceOf(state)! } : {}) };
  if (!code || !isUserCreationDisabled(error, description)) return shown;
  if (!mayBeginAtSignInPage(state)) return { ...shown, problem: { key: 'identities.linkNotStartedHere', offerLink: true } };
  let provider: unknown;
  try {
    ({ provider } = await getLinkProvider({ code }));
  } catch {
    return { ...shown, problem: { key: 'instructions.lookupFailed' } };
  }
  if (!isSocialProvider(provider)) return { ...shown, problem: { key: 'instructions.unknownProvider' } };
  throw redirect({ to: '/idp/link/$provider', params: { provider }, search: { code, state }, replace: true });
}
