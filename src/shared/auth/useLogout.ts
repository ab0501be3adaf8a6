import { useRouteContext, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { endSessions } from '../../../generated/api/sessions/sessions';
import { browser } from '../navigation/browser';
import { config } from '../config/config';

/**
 * Logout, wherever it is asked for (the header, the session dialog). It cannot be undone: the
 * session is forgotten in this tab and the others before anything goes over the network, no
 * 401 on the way can start a new sign-in, the signed-in pages leave the screen and the query
 * cache is emptied; then the server sessions end (with the token captured before it was
 * forgotten) and the identity provider signs the person out. A failed session delete must not
 * keep the user signed in, and if the OpenID library cannot load, the central sign-out page
 * ends the single sign-on session.
 */
export function useLogout() {
  const { auth, queryClient } = useRouteContext({ from: '__root__' });
  const router = useRouter();
  const [signingOut, setSigningOut] = useState(false);

  async function logout() {
    if (signingOut) return;
    setSigningOut(true);
    // auth.signOut forgets the session at once (its first step runs before it awaits anything);
    // it leaves for the identity provider only once the signed-out page is shown, so no code
    // file is still loading when the page goes.
    let shown!: () => void;
    const done = auth.signOut({
      endServerSessions: (token) => endSessions({ headers: { Authorization: `Bearer ${token}` } }),
      ready: new Promise<void>((resolve) => (shown = resolve)),
    });
    await router.navigate({ to: '/signed-out', search: { logout: true }, replace: true }).catch(() => undefined);
    shown();
    void queryClient.cancelQueries();
    queryClient.clear();
    try {
      await done;
    } catch {
      browser.assign(config.centralSignOutUrl);
    }
  }

  return { logout, signingOut };
}
