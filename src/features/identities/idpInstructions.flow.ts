import { redirect } from '@tanstack/react-router';
import { getLinkProvider } from '../../../generated/api/identity-provider/identity-provider';
import { isSocialProvider } from '../../shared/socialProviders';
import type { LinkFailure } from './socialCallback.flow';
import { isUserCreationDisabled } from './socialLink';

interface InstructionsSearch {
  code?: string;
  state?: string;
  error?: string;
  error_description?: string;
}

/** What /idp/instructions shows: the identity provider's word, and why no link started when one was wanted. */
export interface Instructions {
  search: InstructionsSearch;
  problem?: LinkFailure;
}

/**
 * /idp/instructions, for its route's loader (run once per visit, with the query the address
 * came with): "user creation disabled" means the social login is not linked yet, so the server
 * names its provider and the link starts at /idp/link/{provider}. Anything else is shown.
 */
export async function readInstructions(search: InstructionsSearch): Promise<Instructions> {
  const { code, state, error, error_description: description } = search;
  if (!code || !isUserCreationDisabled(error, description)) return { search };
  let provider: unknown;
  try {
    ({ provider } = await getLinkProvider({ code }));
  } catch (reason) {
    const text = reason instanceof Error ? reason.message : String(reason);
    return text ? { search, problem: { text } } : { search };
  }
  if (!isSocialProvider(provider)) return { search, problem: { key: 'instructions.unknownProvider' } };
  throw redirect({ to: '/idp/link/$provider', params: { provider }, search: { code, state }, replace: true });
}
