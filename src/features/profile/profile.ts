import type { Profile, ProfileResponse } from '../../../generated/model';

/** The profile as the page uses it: a `user` field some backends add is dropped (spec section 3). */
export function toProfile(response: ProfileResponse): Profile {
  const { electronicId, firstName, lastName, displayName, primaryEmail, secondaryEmail, department } = response;
  return { electronicId, firstName, lastName, displayName, primaryEmail, secondaryEmail, department };
}

/** What the recovery-email field starts from: the stored value, or nothing. */
export function recoveryEmailOf(profile: Pick<Profile, 'secondaryEmail'>): string {
  return profile.secondaryEmail ?? '';
}

/** Save with an unchanged value is "Nothing has been updated" (spec section 4). */
export function isRecoveryEmailChanged(profile: Pick<Profile, 'secondaryEmail'>, typed: string): boolean {
  return typed !== recoveryEmailOf(profile);
}
