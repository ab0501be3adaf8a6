/** The external identities a user can sign in with or link (spec section 9). */
export const SOCIAL_PROVIDERS = ['iamsmart', 'facebook', 'linkedin', 'google', 'apple'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export function isSocialProvider(value: unknown): value is SocialProvider {
  return typeof value === 'string' && (SOCIAL_PROVIDERS as readonly string[]).includes(value);
}
