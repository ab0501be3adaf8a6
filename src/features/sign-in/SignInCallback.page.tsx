import { Alert } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { textOf, useT } from '../../messages/t';
import { PageLoader } from '../../shared/ui/PageLoader';
import { PublicLayout } from '../../shared/ui/PublicLayout';
import type { CallbackFailure } from './signInCallback.flow';

/** Time the callback error stays on screen before the user goes back to / (spec section 9). */
const CALLBACK_ERROR_REDIRECT_MS = 2000;

/** While the callback's code is redeemed. */
export function SignInCallbackPage() {
  const t = useT();
  return (
    <PublicLayout>
      <PageLoader label={t('auth.completing')} />
    </PublicLayout>
  );
}

/** A callback that could not complete: why, and back to / after 2 s. */
export function SignInCallbackFailed({ failure }: { failure: CallbackFailure }) {
  const t = useT();
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => void navigate({ to: '/', replace: true }), CALLBACK_ERROR_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);

  return (
    <PublicLayout>
      <Alert color="red" role="alert" title={t('auth.callbackError', { message: textOf(failure, t) })}>
        {t('auth.callbackErrorReturn')}
      </Alert>
    </PublicLayout>
  );
}
