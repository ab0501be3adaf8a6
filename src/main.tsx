import { RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { purgeExpiredLinkAttempt } from './features/identities/linkMarker';
import { locale, translationsReady } from './messages/i18n';
import { t } from './messages/t';
import { createAppRouter, routePathsOf, signedInPageOf } from './router';
import { createQueryClient } from './shared/api/queryClient';
import { createAuth } from './shared/auth/auth';
import { createReauthenticator } from './shared/auth/reauthenticate';
import { tabSession } from './shared/auth/session';
import { config, loadConfig } from './shared/config/config';
import { startErrorReporting } from './shared/errors/errorReport';
import { logCaughtError, reloadOnStaleBuild } from './shared/errors/staleBuild';
import { AppProviders } from './app/AppProviders';
import { toast } from './shared/ui/toast';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A tab left open across a release reloads once for a code file that is gone.
reloadOnStaleBuild();

/** TanStack Router's default wait before it shows a waiting state (its `defaultPendingMs`). */
const ROUTER_PENDING_MS = 1000;

function start() {
  // A link attempt left past its 10 minutes (a tab closed mid-link, a browser restarted) goes
  // before anything reads it. (Not in the first code: no step there reads it.)
  purgeExpiredLinkAttempt();
  // The routes' words name where an error happened (none before the router exists, just below).
  let routes: readonly string[] = [];
  startErrorReporting(
    config.errorReportUrl,
    () => locale.get(),
    () => routes,
  );
  // The tab's one session, which the fetch function reads too: signed out means the same for both.
  // A sign-in returns to a page of the router's own route tree (the router is made just below).
  const auth = createAuth(undefined, { session: tabSession(), language: () => locale.get(), pageOf: (path) => signedInPageOf(router)(path) });
  const queryClient = createQueryClient({
    onUnauthorized: createReauthenticator(auth, { onSignInFailed: () => toast.error(t('auth.signInFailed')) }),
  });
  const router = createAppRouter({ auth, queryClient });
  routes = routePathsOf(router);
  // A logout in another tab ends this tab's session too: nothing of it stays on screen or in memory.
  auth.onSignedOutElsewhere(() => {
    void router.navigate({ to: '/signed-out', replace: true }).finally(() => {
      void queryClient.cancelQueries();
      queryClient.clear();
    });
  });
  // The page renders once, with its data: the route's loaders (its API calls among them) run
  // first, and the render is a transition, which React splits into short tasks. A load that
  // takes longer than a second renders meanwhile, with the router's waiting state. The load
  // starts in a task of its own, after the router's creation (docs/performance.md, "What keeps
  // the first page fast").
  const loaded = new Promise((resolve) => setTimeout(resolve)).then(() => router.load()).catch(console.error);
  void Promise.race([loaded, new Promise((resolve) => setTimeout(resolve, router.options.defaultPendingMs ?? ROUTER_PENDING_MS))]).then(() =>
    startTransition(() =>
      createRoot(root!, { onCaughtError: logCaughtError }).render(
        <StrictMode>
          <AppProviders queryClient={queryClient}>
            <RouterProvider router={router} />
          </AppProviders>
        </StrictMode>,
      ),
    ),
  );
  // Development only, and left out of the build: the panel that chooses the mock's answers, once
  // the first page is shown (on the dev server its modules would queue before the page's own).
  if (import.meta.env.DEV) {
    const unsubscribe = router.subscribe('onResolved', () => {
      unsubscribe();
      void import('./dev/mountMockPanel').then(({ mountMockPanel }) => mountMockPanel());
    });
  }
}

/** Without its settings the portal cannot sign anyone in: say so instead of a blank page. */
function cannotStart(reason: unknown) {
  const message = document.createElement('div');
  message.setAttribute('role', 'alert');
  const what = document.createElement('p');
  what.textContent = t('app.configError');
  // For whoever runs the portal: which setting is wrong (never a secret: config.json is public).
  const why = document.createElement('p');
  why.textContent = reason instanceof Error ? reason.message : String(reason);
  message.replaceChildren(what, why);
  root!.replaceChildren(message);
  console.error('The portal could not read its configuration:', reason);
}

// The settings (index.html preloads them beside the code) and, for a reader of Traditional
// Chinese, the texts: both before the first paint.
Promise.all([loadConfig(), translationsReady()]).then(start, cannotStart);
