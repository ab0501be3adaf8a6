import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createAppRouter } from './router';
import { setAccessTokenSource } from './shared/api/fetcher';
import { createQueryClient } from './shared/api/queryClient';
import { createAuth } from './shared/auth/auth';
import { createReauthenticator } from './shared/auth/reauthenticate';
import { AppProviders } from './shared/ui/AppProviders';

const auth = createAuth();
setAccessTokenSource(() => auth.accessToken());
const queryClient = createQueryClient({ onUnauthorized: createReauthenticator(auth) });
const router = createAppRouter({ auth, queryClient });

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
