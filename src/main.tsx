import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { locale, translationsReady } from './messages/i18n';
import { t } from './messages/t';
import { createAppRouter } from './router';
import { createQueryClient } from './shared/api/queryClient';
import { createAuth } from './shared/auth/auth';
import { createReauthenticator } from './shared/auth/reauthenticate';
import { tabSession } from './shared/auth/session';
import { config, loadConfig } from './shared/config';
import { startErrorReporting } from './shared/errorReport';
import { reloadOnStaleBuild } from './shared/staleBuild';
import { AppProviders } from './shared/ui/AppProviders';
import { toast } from './shared/ui/toast';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A tab left open across a release reloads once for a code file that is gone.
reloadOnStaleBuild();

function start() {
  startErrorReporting(config.errorReportUrl, () => locale.get());
  // The tab's one session, which the fetch function reads too: signed out means the same for both.
  const auth = createAuth(undefined, { session: tabSession(), language: () => locale.get() });
  const queryClient = createQueryClient({
    onUnauthorized: createReauthenticator(auth, { onSignInFailed: () => toast.error(t('auth.signInFailed')) }),
  });
  const router = createAppRouter({ auth, queryClient });
  // A logout in another tab ends this tab's session too: nothing of it stays on screen or in memory.
  auth.onSignedOutElsewhere(() => {
    void router.navigate({ to: '/signed-out', replace: true }).finally(() => {
      void queryClient.cancelQueries();
      queryClient.clear();
    });
  });
  // The route's loaders (and so its API calls) start now, while React renders for the first
  // time, not after it; the router's own first load then finds this one under way.
  router.load().catch(console.error);
  createRoot(root!).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  // Development only, and left out of the build: the panel that chooses the mock's answers.
  if (import.meta.env.DEV) void import('./dev/mountMockPanel').then(({ mountMockPanel }) => mountMockPanel());
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
