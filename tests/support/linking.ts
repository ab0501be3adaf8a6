import { http, HttpResponse } from 'msw';
import { readStoredAttempt, type LinkAttempt } from '../../src/features/identities/linkState';
import { server } from './server';

/** The dev identity provider's sign-in and sign-out pages, as config.json names them. */
export const CENTRAL_SIGN_IN = 'http://localhost:9000';
export const CENTRAL_SIGN_OUT = 'http://localhost:9000/session/end';

/**
 * A sign-in request this tab sent, as the OpenID library keeps it (oidc-client-ts's SigninState,
 * under the portal's prefix for requests), with `data` as the portal's state data.
 */
export function ownSignInState(
  id = 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
  { data = {}, ageSeconds = 0 }: { data?: object; ageSeconds?: number } = {},
): string {
  const created = Math.floor(Date.now() / 1000) - ageSeconds;
  window.sessionStorage.setItem(`oidc.request.${id}`, JSON.stringify({ id, created, request_type: 'si:r', data }));
  return id;
}

/** An unsigned compact JWT carrying `payload`, as a provider's token would. */
export function token(payload: object): string {
  return `eyJhbGciOiJub25lIn0.${btoa(JSON.stringify(payload)).replace(/=+$/, '')}.`;
}

/** Records every link call the portal makes. */
export function recordLinks(): unknown[] {
  const linked: unknown[] = [];
  server.use(
    http.post(
      '*/api/v1/user/idps/:idpId',
      async ({ params, request }) => (linked.push([params.idpId, await request.json()]), HttpResponse.json({ status: true })),
    ),
  );
  return linked;
}

/** This tab's link attempt as stored, whatever its step or age; undefined without one. */
export function readLinkAttempt(): LinkAttempt | undefined {
  const { marker, tab } = readStoredAttempt();
  return marker.mode === 'startLinkIdp' && tab?.nonce === marker.nonce ? { ...tab, createdAt: marker.createdAt } : undefined;
}
