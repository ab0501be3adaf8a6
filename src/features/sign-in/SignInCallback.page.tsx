import { Alert } from '@mantine/core';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { Auth } from '../../shared/auth/auth';
import { t } from '../../messages/t';
import { PageLoader } from '../../shared/ui/PageLoader';
import { PublicLayout } from '../../shared/ui/PublicLayout';

/** Time the callback error stays on screen before the user goes back to / (spec section 9). */
export const CALLBACK_ERROR_REDIRECT_MS = 2000;

/**
 * The identity provider's return address. Success: on to where the user was going.
 * Failure: sign out, clear local storage, show why, and return to / after 2 s.
 */
export function SignInCallback({ auth }: { auth: Auth }) {
  const navigate = useNavigate();
  const { href } = useLocation();
  // The address the identity provider returned to, read once: navigating away changes `href`.
  const [callbackUrl] = useState(() => new URL(href, window.location.origin).toString());
  const [error, setError] = useState<string>();

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let active = true;
    auth.completeSignIn(callbackUrl).then(
      // Navigate only once the callback has finished, so the guard sees the new session.
      (returnTo) => active && void navigate({ to: returnTo, replace: true }),
      async (reason: unknown) => {
        if (!active) return;
        await auth.forgetUser().catch(() => undefined);
        window.localStorage.clear();
        setError(reason instanceof Error ? reason.message : String(reason));
        timer = setTimeout(() => void navigate({ to: '/', replace: true }), CALLBACK_ERROR_REDIRECT_MS);
      },
    );
    return () => {
      active = false;
      if (timer) clearTimeout(timer);
    };
  }, [auth, navigate, callbackUrl]);

  return (
    <PublicLayout>
      {error === undefined ? (
        <PageLoader label={t('auth.completing')} />
      ) : (
        <Alert color="red" role="alert" title={t('auth.callbackError', { message: error })}>
          {t('auth.callbackErrorReturn')}
        </Alert>
      )}
    </PublicLayout>
  );
}
