/**
 * Leaving the single-page app for another address (identity provider, social login).
 * One object so tests can watch it: jsdom cannot follow real navigations.
 */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
