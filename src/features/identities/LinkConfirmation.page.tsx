import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useGetLinkedIdentities, useLinkIdentity } from '../../../generated/api/identities/identities';
import { useGetProfile } from '../../../generated/api/profile/profile';
import { useT, type MessageKey } from '../../messages/t';
import { ApiError } from '../../shared/api/ApiError';
import { needsStepUp } from '../../shared/api/queryClient';
import { useAuth } from '../../shared/auth/useAuth';
import { browser } from '../../shared/browser';
import { config } from '../../shared/config';
import { socialProvider } from '../../shared/socialProviders';
import { LoadError } from '../../shared/ui/LoadError';
import { PageLoader } from '../../shared/ui/PageLoader';
import { PageTitle } from '../../shared/ui/PageTitle';
import { toast } from '../../shared/ui/toast';
import { identityRows } from './identityCatalogue';
import { discardLinkAttempt, linkTicket, markJustLinked, saveLinkAttempt, usableLinkAttempt, type LinkAttempt } from './linkState';
import { mixesScripts } from './displayText';
import type { ExternalNameSource } from './externalName';

/** Wait before leaving for the identity provider after a failed link (spec section 9). */
const FAILED_LINK_REDIRECT_MS = 3000;

/** What the confirmation says of where the external account's name comes from. */
const SOURCE_TEXTS: Record<ExternalNameSource, MessageKey> = {
  verifiedEmail: 'identities.source.verifiedEmail',
  ownerName: 'identities.source.ownerName',
  profile: 'identities.source.profile',
};

/**
 * The two accounts a link would join, each named so the person can tell them apart, with where
 * the external account's name comes from: an email the provider verified, a name its owner
 * chose (which the provider does not vouch for), iAM Smart's profile, or nothing that can be shown.
 */
function AccountsToLink({
  university,
  externalTitle,
  external,
  source,
  mixed,
}: {
  university: string;
  externalTitle: string;
  external: string;
  source: string;
  mixed: boolean;
}) {
  const t = useT();
  return (
    <Paper withBorder p="md" mb="md" maw={560}>
      <Stack component="dl" gap="sm" m={0}>
        <div>
          <Text component="dt" size="sm" c="dimmed">
            {t('identities.universityAccount')}
          </Text>
          <Text component="dd" m={0} fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="link-university-account">
            {university}
          </Text>
        </div>
        <div>
          <Text component="dt" size="sm" c="dimmed">
            {externalTitle}
          </Text>
          <Text component="dd" m={0} fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="link-external-account">
            {external}
          </Text>
          <Text component="dd" m={0} size="sm" data-testid="link-external-source">
            {source}
          </Text>
          {mixed && (
            <Text component="dd" m={0} size="sm" c="red.8" fw={600}>
              {t('identities.mixedScripts')}
            </Text>
          )}
        </div>
      </Stack>
    </Paper>
  );
}

/**
 * /profile with a link attempt that this tab's fresh sign-in has just carried: the person sees
 * which university account and which external account would be linked, and says Link or
 * "This is not me". Nothing is linked before they say Link. Success shows the success page;
 * a failed link waits 3 s and goes to the identity provider (spec section 4).
 */
export function LinkConfirmation({ attempt }: { attempt: LinkAttempt }) {
  const t = useT();
  const auth = useAuth();
  const navigate = useNavigate();
  const profile = useGetProfile();
  // The identity-provider flow knows the provider, not its id: look it up.
  const idps = useGetLinkedIdentities({ query: { enabled: !attempt.link.idpId } });
  const link = useLinkIdentity({ mutation: { meta: { ownStepUp: true } } });
  const [failed, setFailed] = useState(false);
  // An account that cannot be shown is linked only as a second, deliberate step.
  const [vouched, setVouched] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const provider = attempt.link.idpName;
  const label = t(socialProvider(provider).label);
  const idpId = attempt.link.idpId ?? (idps.data ? identityRows(idps.data.idps).find((row) => row.provider === provider)?.id : undefined);
  const problem: MessageKey | undefined = !attempt.link.externalId
    ? 'identities.noExternalId'
    : !attempt.link.idpId && idps.isSuccess && !idpId
      ? 'identities.noIdpId'
      : undefined;

  const giveUp = () => {
    discardLinkAttempt();
    setFailed(true);
    timer.current = setTimeout(() => browser.assign(config.centralSignInUrl), FAILED_LINK_REDIRECT_MS);
  };

  const reported = useRef(false);
  useEffect(() => {
    if (!problem || reported.current) return;
    reported.current = true;
    toast.error(t(problem));
    giveUp();
  }, [problem, t]);

  const { externalName, externalNameSource } = attempt.link;
  const unnamed = !externalName || !externalNameSource;

  const confirm = () => {
    if (link.isPending || !idpId || !attempt.link.externalId || (unnamed && !vouched)) return;
    // Still this tab's, this person's, and within its 10 minutes?
    const still = usableLinkAttempt({ phase: 'confirm', subject: auth.subject() });
    if ('refusal' in still || still.attempt.nonce !== attempt.nonce) {
      toast.error(t('refusal' in still && still.refusal === 'expired' ? 'identities.attemptExpired' : 'identities.attemptDiscarded'));
      void navigate({ to: '/profile/details', replace: true });
      return;
    }
    const ticket = linkTicket();
    link.mutate(
      { idpId, data: { externalId: attempt.link.externalId, ...(ticket ? { linkTicket: ticket } : {}) } },
      {
        onSuccess: () => {
          toast.success(t('identities.linkSuccess'));
          discardLinkAttempt();
          markJustLinked(provider);
          void navigate({ to: '/idp/link/$provider/success', params: { provider }, replace: true });
        },
        onError: (error) => {
          if (needsStepUp(error)) {
            // The server wants a fresher sign-in (RFC 9470): one that carries this attempt again,
            // back to this page, where the person says Link once more.
            saveLinkAttempt({ ...attempt, phase: 'sign-in' });
            void auth.signIn({ scope: `openid ${provider}`, returnTo: '/profile', link: attempt.nonce });
            return;
          }
          // An ended session signs in again (the query client's 401 path); that sign-in ends
          // the attempt, so there is nothing more to do here.
          if (error instanceof ApiError && error.status === 401) return;
          giveUp();
        },
      },
    );
  };

  const decline = () => {
    discardLinkAttempt();
    toast.success(t('identities.declined'));
    void navigate({ to: '/profile/details', replace: true });
  };

  const title = <PageTitle>{t('identities.linkConfirmTitle', { provider: label })}</PageTitle>;
  if (failed) {
    return (
      <>
        {title}
        <Alert color="red" role="alert" title={t('identities.linkErrorTitle')}>
          {t('identities.linkFailedRedirect')}
        </Alert>
      </>
    );
  }
  if (profile.isError || idps.isError) {
    return (
      <>
        {title}
        {profile.isError && <LoadError title={t('profile.loadFailed')} onRetry={() => void profile.refetch()} />}
        {idps.isError && <LoadError title={t('identities.loadFailed')} onRetry={() => void idps.refetch()} />}
      </>
    );
  }
  if (!profile.data || (!attempt.link.idpId && idps.isPending)) return <PageLoader label={t('app.loading')} />;
  const person = profile.data;
  const name = person.displayName || `${person.firstName} ${person.lastName}`;

  return (
    <>
      {title}
      <Text mb="md">{t('identities.confirmIntro', { provider: label })}</Text>
      <AccountsToLink
        university={t('identities.universityAccountName', { name, id: person.electronicId })}
        externalTitle={t('identities.externalAccount', { provider: label })}
        external={unnamed ? t('identities.externalUnknown') : externalName}
        source={t(unnamed ? 'identities.source.none' : SOURCE_TEXTS[externalNameSource], { provider: label })}
        mixed={!unnamed && mixesScripts(externalName)}
      />
      {unnamed && (
        <Alert color="red" mb="md" maw={560} title={t('identities.unnamedWarningTitle')}>
          <Text size="sm" mb="sm">
            {t('identities.unnamedWarning', { provider: label })}
          </Text>
          {/* A plain checkbox: this page ships with every signed-in page's code, and needs no more. */}
          <label style={{ display: 'flex', gap: 8, alignItems: 'flex-start', fontSize: 'var(--mantine-font-size-sm)' }}>
            <input
              type="checkbox"
              checked={vouched}
              onChange={(event) => setVouched(event.currentTarget.checked)}
              style={{ width: 20, height: 20, margin: 0, flex: 'none' }}
            />
            <span>{t('identities.unnamedVouch', { provider: label })}</span>
          </label>
        </Alert>
      )}
      <Group>
        <Button onClick={confirm} loading={link.isPending} disabled={!idpId || (unnamed && !vouched)}>
          {t('identities.link')}
        </Button>
        <Button variant="default" onClick={decline} disabled={link.isPending}>
          {t('identities.notMe')}
        </Button>
      </Group>
    </>
  );
}
