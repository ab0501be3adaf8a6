/**
 * Fetches each file into the HTTP cache at the lowest priority (`<link rel="prefetch">`), for
 * a page to come; nothing runs until that page imports it.
 */
export function prefetch(files: Iterable<string>): void {
  for (const file of files) {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = file;
    // A module script is fetched in CORS mode: so must its prefetch be, or the cached copy would not serve it.
    link.crossOrigin = '';
    document.head.append(link);
  }
}
