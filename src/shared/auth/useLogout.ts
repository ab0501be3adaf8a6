import { useRouteContext } from '@tanstack/react-router';
import { useState } from 'react';
import { useEndSessions } from '../../../generated/api/sessions/sessions';
import { browser } from '../browser';
import { config } from '../config';

/**
 * Logout, wherever it is asked for (the header, the session dialog): end the server sessions,
 * then sign out at the identity provider. A failed session delete must not keep the user
 * signed in, and if the OpenID library cannot load (the tokens are gone by then), the central
 * sign-out page ends the single sign-on session.
 */
export function useLogout() {
  const { auth } = useRouteContext({ from: '__root__' });
  const [signingOut, setSigningOut] = useState(false);
  const endSessions = useEndSessions({ mutation: { meta: { silent: true } } });

  async function logout() {
    setSigningOut(true);
    await endSessions.mutateAsync().catch(() => undefined);
    try {
      await auth.signOut();
    } catch {
      browser.assign(config.centralSignOutUrl);
    }
  }

  return { logout, signingOut };
}
