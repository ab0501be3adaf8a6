/**
 * The password page's `from` when opened from the guide, so that it comes back to it. A file
 * of its own: the password route's search check reads it, and it ships with the first page.
 */
export const FROM_GUIDE = 'secure-account';
