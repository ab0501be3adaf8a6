// Kept apart from socialLink.ts, which reads tokens: the link state (on every profile page)
// needs only these names.

/**
 * Where the name shown for an external account comes from: an email address the provider says
 * it verified (`email_verified` true), the name the account's owner chose at the provider (which
 * the provider does not vouch for: it may be anyone's, the person's own included), or iAM
 * Smart's profile (which the government's identity check stands behind).
 */
export const EXTERNAL_NAME_SOURCES = ['verifiedEmail', 'ownerName', 'profile'] as const;
export type ExternalNameSource = (typeof EXTERNAL_NAME_SOURCES)[number];
