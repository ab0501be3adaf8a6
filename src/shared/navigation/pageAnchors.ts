/**
 * Element ids one feature renders and another points at (the security overview's "fix it"
 * buttons move focus to them). Each lives here once so the two ends cannot drift apart.
 */
export const RECOVERY_EMAIL_EDIT_ID = 'recovery-email-edit';
export const SOCIAL_IDENTITIES_HEADING_ID = 'social-identities';
