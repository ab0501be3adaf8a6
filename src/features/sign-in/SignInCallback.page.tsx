import { Alert } from '@mantine/core';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { Auth, SignInResult } from '../../shared/auth/auth';
import { t } from '../../messages/t';
import { useCallbackQuery } from '../../shared/callbackQuery';
import { PageLoader } from '../../shared/ui/PageLoader';
import { PublicLayout } from '../../shared/ui/PublicLayout';
import { toast } from '../../shared/ui/toast';

/** Time the callback error stays on screen before the user goes back to / (spec section 9). */
export const CALLBACK_ERROR_REDIRECT_MS = 2000;

export interface SignInCallbackProps {
  auth: Auth;
  /** Where a completed sign-in goes next (the identity-link flow may take it to /profile). */
  afterSignIn?: (result: SignInResult) => string;
}

const returnToPage = (result: SignInResult) => result.returnTo;

/**
 * The identity provider's return address. Success: on to where the user was going.
 * Failure of a sign-in this tab started: sign out, clear local storage, show why, and return
 * to / after 2 s. A callback address this tab did not ask for (opened from a link, or
 * replayed) signs nobody out: it only says so and returns to /.
 */
export function SignInCallback({ auth, afterSignIn = returnToPage }: SignInCallbackProps) {
  const navigate = useNavigate();
  const { href } = useLocation();
  // The address the identity provider returned to, read once: it then leaves the address bar.
  const callbackUrl = useCallbackQuery(() => new URL(href, window.location.origin).toString());
  const [expected] = useState(() => auth.isPendingSignIn(callbackUrl));
  const [error, setError] = useState<string>();

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let active = true;
    const fail = (message: string) => {
      setError(message);
      timer = setTimeout(() => void navigate({ to: '/', replace: true }), CALLBACK_ERROR_REDIRECT_MS);
    };
    if (!expected) {
      fail(t('auth.notExpected'));
    } else {
      auth.completeSignIn(callbackUrl).then(
        // Navigate only once the callback has finished, so the guard sees the new session.
        (result) => {
          if (!active) return;
          if (result.stepUp) toast.success(t('auth.stepUpDone'));
          void navigate({ to: afterSignIn(result), replace: true });
        },
        async (reason: unknown) => {
          if (!active) return;
          await auth.forgetUser().catch(() => undefined);
          window.localStorage.clear();
          fail(reason instanceof Error ? reason.message : String(reason));
        },
      );
    }
    return () => {
      active = false;
      if (timer) clearTimeout(timer);
    };
  }, [auth, navigate, callbackUrl, expected, afterSignIn]);

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
