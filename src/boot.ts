// The page's first code: one small file, the only one a load fetches before it decides. A tab
// without a session that opens a signed-in page (a bookmark, a link from the university's site)
// leaves for the identity provider from here, without downloading and running the app it would
// leave at once. It prefetches the app's files meanwhile; they finish across the navigation, so
// the page the provider returns to finds them in the HTTP cache. Every other load starts the app.
// (docs/performance.md, "Deliberate splits".)
import { firstStep } from './shared/auth/firstStep';
import { leaveForSignIn } from './shared/auth/leaveForSignIn';
import { forgetStaleReloadMarks, reloadForStaleBuild } from './shared/errors/staleBuild';

function startApp() {
  import('./main').catch((reason: unknown) => {
    // A release that replaced the app's files while this page loaded: one reload fetches the
    // new index and its files (the app's own handler is not installed yet). Offline, a reload
    // would only trade this page for the browser's own error and spend the one reload.
    if (!(navigator.onLine && reloadForStaleBuild(reason))) console.error('The portal could not load:', reason);
  });
}

/** Prefetches the app's files, as the build lists them in index.html (tools/vite-plugins/prefetch-app.ts). */
function prefetchApp() {
  const files = document.querySelector<HTMLMetaElement>('meta[name="portal-app-files"]')?.content.split(' ') ?? [];
  for (const file of files.filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = file;
    // A module script is fetched in CORS mode: so must its prefetch be, or the cached copy would not serve it.
    link.crossOrigin = '';
    document.head.append(link);
  }
}

forgetStaleReloadMarks();
const step = firstStep(window.location, window.sessionStorage);
if ('signIn' in step) {
  // The OpenID library comes first; the app's files follow at the lowest priority, for the page
  // the provider returns to. Settings or the identity provider unreadable: the app starts, and
  // its sign-in page says why.
  import('./shared/auth/oidcLibrary')
    .then(() => {
      prefetchApp();
      return leaveForSignIn(step.signIn);
    })
    .catch(startApp);
} else {
  startApp();
}
