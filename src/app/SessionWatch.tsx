import { useLocation } from '@tanstack/react-router';
import { useAuth } from '../shared/auth/useAuth';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useT } from '../messages/t';
import { sessionPlan } from '../shared/auth/sessionPlan';
import { useLogout } from '../shared/auth/useLogout';
import { ConfirmDialog } from '../shared/ui/ConfirmDialog';

type Phase = 'active' | 'warning' | 'dismissed' | 'ended';

/**
 * Keeps the session alive: renews the access token silently two minutes before it expires;
 * when that fails, warns a minute ahead with a way to stay signed in (WCAG 2.2.1), and says
 * so when the session has ended. Signing in again comes back to the same page.
 */
export function SessionWatch() {
  const t = useT();
  const auth = useAuth();
  const { pathname, searchStr } = useLocation();
  const [phase, setPhase] = useState<Phase>('active');
  const [renewals, setRenewals] = useState(0);
  const [busy, setBusy] = useState(false);
  const lastRenewal = useRef<number | undefined>(undefined);
  const { logout } = useLogout();

  const attemptRenewal = useCallback(() => {
    lastRenewal.current = Date.now() / 1000;
    return auth.renew();
  }, [auth]);
  // A new token: back to normal, and a new plan for its expiry.
  const renewed = () => {
    setPhase('active');
    setRenewals((n) => n + 1);
  };

  useEffect(() => {
    const expiresAt = auth.expiresAt();
    if (expiresAt === undefined) return;
    const plan = sessionPlan(expiresAt, Date.now() / 1000, lastRenewal.current);
    let stopped = false;
    const timers = [
      setTimeout(() => {
        void attemptRenewal().then((ok) => {
          if (!stopped && ok) renewed();
        });
      }, plan.renewIn),
      setTimeout(() => !stopped && setPhase((now) => (now === 'active' ? 'warning' : now)), plan.warnIn),
      setTimeout(() => !stopped && setPhase('ended'), plan.endIn),
    ];
    return () => {
      stopped = true;
      timers.forEach(clearTimeout);
    };
  }, [auth, attemptRenewal, renewals]);

  // The person asks for it: a sign-in they started themselves (openId.ts, byPerson).
  const signInAgain = () => auth.signIn({ returnTo: `${pathname}${searchStr}`, byPerson: true });

  async function staySignedIn() {
    setBusy(true);
    const ok = await attemptRenewal();
    setBusy(false);
    if (!ok) return signInAgain();
    renewed();
  }

  const ended = phase === 'ended';
  return (
    <ConfirmDialog
      opened={phase === 'warning' || ended}
      title={t(ended ? 'session.endedTitle' : 'session.warningTitle')}
      message={t(ended ? 'session.ended' : 'session.warning')}
      confirmLabel={t(ended ? 'session.signInAgain' : 'session.stay')}
      confirmColor="blue"
      cancelLabel={t('session.signOut')}
      busy={busy}
      onConfirm={ended ? signInAgain : staySignedIn}
      onCancel={() => void logout()}
      onClose={() => setPhase(ended ? 'ended' : 'dismissed')}
    />
  );
}
