import { Alert } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { getGetLinkedIdentitiesQueryOptions, useLinkIdentity } from '../../../generated/api/identities/identities';
import { browser } from '../../shared/browser';
import { t, useLanguage } from '../../messages/t';
import { config } from '../../shared/config';
import { PageLoader } from '../../shared/ui/PageLoader';
import { toast } from '../../shared/ui/toast';
import { identityRows } from './identityCatalogue';
import { readLinkState, resetLinkState } from './linkState';
import { providerLabel } from './socialLink';

/** Wait before leaving for the identity provider after a failed automatic link (spec section 9). */
export const FAILED_LINK_REDIRECT_MS = 3000;

/**
 * /profile with a link in progress: makes the link with the stored idp id and external id,
 * then shows the success page; on failure waits 3 s and goes to the identity provider.
 */
export function AutoLink() {
  useLanguage(); // re-render in the newly chosen language
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const link = useLinkIdentity();
  const [failed, setFailed] = useState(false);
  const [state] = useState(() => readLinkState());
  const started = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const details = state.mode === 'startLinkIdp' ? state.link : {};
  const provider = details.idpName ?? 'iamsmart';

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const giveUp = () => {
      resetLinkState();
      setFailed(true);
      timer.current = setTimeout(() => browser.assign(config.centralSignInUrl), FAILED_LINK_REDIRECT_MS);
    };
    void (async () => {
      let idpId = details.idpId;
      if (!idpId && details.idpName) {
        // The identity-link instruction flow knows the provider, not its id: look it up.
        const idps = await queryClient.fetchQuery(getGetLinkedIdentitiesQueryOptions()).catch(() => undefined);
        idpId = identityRows(idps?.idps ?? []).find((row) => row.provider === details.idpName)?.id;
      }
      if (!idpId || !details.externalId) {
        toast.error(t(idpId ? 'identities.noExternalId' : 'identities.noIdpId'));
        giveUp();
        return;
      }
      link.mutate(
        { idpId, data: { externalId: details.externalId } },
        {
          onSuccess: () => {
            toast.success(t('identities.linkSuccess'));
            resetLinkState();
            void navigate({ to: '/idp/link/$provider/success', params: { provider }, replace: true });
          },
          onError: giveUp,
        },
      );
    })();
    // Runs once: the link state was read when the page opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);

  if (failed) {
    return (
      <Alert color="red" role="alert" title={t('identities.linkErrorTitle')}>
        {t('identities.linkFailedRedirect')}
      </Alert>
    );
  }
  return <PageLoader label={t('identities.linking', { provider: t(providerLabel(provider)) })} />;
}
