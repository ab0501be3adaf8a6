import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect, useState, type ReactNode } from 'react';
import { useLinkIdentity } from '../../../generated/api/identities/identities';
import { useGetProfile } from '../../../generated/api/profile/profile';
import type { Language } from '../../messages/language';
import { useLanguage, useT, type FrameKey } from '../../messages/t';
import { ApiError } from '../../shared/api/ApiError';
import { needsStepUp } from '../../shared/api/queryClient';
import { useAuth } from '../../shared/auth/useAuth';
import { browser } from '../../shared/navigation/browser';
import { config } from '../../shared/config/config';
import { socialProvider } from '../../shared/config/socialProviders';
import { LoadError } from '../../shared/ui/LoadError';
import { PageLoader } from '../../shared/ui/PageLoader';
import { PageTitle } from '../../shared/ui/PageTitle';
import { toast } from '../../shared/ui/toast';
import { discardLinkAttempt } from './linkMarker';
import { linkTicket } from './linkState';
import { confirmRefusal, linkMade, signInAgainToLink, type LinkConfirmation } from './linkConfirmation.flow';
import { mixesScripts, usesCompatibilityForms } from '../../shared/text/displayText';
import type { ExternalNameSource } from './externalName';

/** Wait before leaving for the identity provider after a failed link (spec section 9). */
const FAILED_LINK_REDIRECT_MS = 3000;

/** What the confirmation says of where the external account's name comes from. */
const SOURCE_TEXTS: Record<ExternalNameSource, FrameKey> = {
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
  warnings,
}: {
  university: string;
  externalTitle: string;
  external: string;
  source: string;
  /** What in the external account's name looks made to pass for another's. */
  warnings: FrameKey[];
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
          {warnings.map((warning) => (
            <Text key={warning} component="dd" m={0} size="sm" c="red.8" fw={600}>
              {t(warning)}
            </Text>
          ))}
        </div>
      </Stack>
    </Paper>
  );
}

/**
 * A link that could not be made: the page says so, and goes to the identity provider's sign-in
 * 3 s later (spec section 4), unless the person leaves first.
 */
function LinkFailed() {
  const t = useT();
  useEffect(() => {
    const timer = setTimeout(() => browser.assign(config.centralSignInUrl), FAILED_LINK_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Alert color="red" role="alert" title={t('identities.linkErrorTitle')}>
      {t('identities.linkFailedRedirect')}
    </Alert>
  );
}

/** An account that cannot be shown is linked only as a second, deliberate step: this box ticked. */
function UnnamedWarning({ label, vouched, onVouch }: { label: string; vouched: boolean; onVouch: (vouched: boolean) => void }) {
  const t = useT();
  return (
    <Alert color="red" mb="md" maw={560} title={t('identities.unnamedWarningTitle')}>
      <Text size="sm" mb="sm">
        {t('identities.unnamedWarning', { provider: label })}
      </Text>
      {/* A plain checkbox: this page needs no more. */}
      <label style={{ display: 'flex', gap: 8, alignItems: 'flex-start', fontSize: 'var(--mantine-font-size-sm)' }}>
        <input
          type="checkbox"
          checked={vouched}
          onChange={(event) => onVouch(event.currentTarget.checked)}
          style={{ width: 20, height: 20, margin: 0, flex: 'none' }}
        />
        <span>{t('identities.unnamedVouch', { provider: label })}</span>
      </label>
    </Alert>
  );
}

/** A time of day in the portal's language, on the 12-hour clock (as the spec writes times). */
const timeOfDay = (at: number, language: Language) =>
  new Intl.DateTimeFormat(language === 'en' ? 'en-US' : language, { hour: 'numeric', minute: '2-digit', hour12: true }).format(at);

/**
 * An attempt that began at the university sign-in page (the identity provider sent an external
 * login it had no account for), not from the profile: the page says so, and when, so that a
 * person who did not start one there can tell.
 */
function BeganAtSignInPage({ at }: { at: number }) {
  const t = useT();
  const language = useLanguage();
  return (
    <Alert color="red" mb="md" maw={560} data-testid="link-began">
      {t('identities.beganAtSignInPage', { time: timeOfDay(at, language) })}
    </Alert>
  );
}

/** What the page warns of in a name: writing systems mixed, or full-width and compatibility forms. */
function lookAlikeWarnings(name: string): FrameKey[] {
  return [
    ...(mixesScripts(name) ? (['identities.mixedScripts'] as const) : []),
    ...(usesCompatibilityForms(name) ? (['identities.compatibilityForms'] as const) : []),
  ];
}

type Confirmable = Extract<LinkConfirmation, { step: 'confirm' }>;

/**
 * The person's part: Link or "This is not me". Nothing is linked before they say Link (and,
 * for an account that cannot be shown, tick the box first). Success shows the success page; a
 * failed link says so and leaves for the sign-in.
 */
function ConfirmLink({ confirmation: { provider, attempt, idpId, externalId }, label }: { confirmation: Confirmable; label: string }) {
  const t = useT();
  const auth = useAuth();
  const navigate = useNavigate();
  const profile = useGetProfile();
  const link = useLinkIdentity({ mutation: { meta: { ownStepUp: true } } });
  const [failed, setFailed] = useState(false);
  const [vouched, setVouched] = useState(false);
  const { externalName, externalNameSource } = attempt.link;
  const unnamed = !externalName || !externalNameSource;

  const confirm = () => {
    if (link.isPending || (unnamed && !vouched)) return;
    const refusal = confirmRefusal(attempt, auth.subject());
    if (refusal) {
      toast.error(t(refusal));
      void navigate({ to: '/profile/details', replace: true });
      return;
    }
    const ticket = linkTicket();
    link.mutate(
      { idpId, data: { externalId, ...(ticket ? { linkTicket: ticket } : {}) } },
      {
        onSuccess: () => {
          toast.success(t('identities.linkSuccess'));
          linkMade(provider);
          void navigate({ to: '/idp/link/$provider/success', params: { provider }, replace: true });
        },
        onError: (error) => {
          if (needsStepUp(error)) return void signInAgainToLink(auth, attempt);
          // An ended session signs in again (the query client's 401 path); that sign-in ends
          // the attempt, so there is nothing more to do here.
          if (error instanceof ApiError && error.status === 401) return;
          discardLinkAttempt();
          setFailed(true);
        },
      },
    );
  };

  const decline = () => {
    discardLinkAttempt();
    toast.success(t('identities.declined'));
    void navigate({ to: '/profile/details', replace: true });
  };

  if (failed) return <LinkFailed />;
  if (profile.isError) return <LoadError title={t('profile.loadFailed')} onRetry={() => void profile.refetch()} />;
  if (!profile.data) return <PageLoader label={t('app.loading')} />;
  const person = profile.data;
  const name = person.displayName || `${person.firstName} ${person.lastName}`;
  return (
    <>
      <Text mb="md">{t('identities.confirmIntro', { provider: label })}</Text>
      {attempt.began === 'identity-provider' && <BeganAtSignInPage at={attempt.createdAt} />}
      <AccountsToLink
        university={t('identities.universityAccountName', { name, id: person.electronicId })}
        externalTitle={t('identities.externalAccount', { provider: label })}
        external={unnamed ? t('identities.externalUnknown') : externalName}
        source={t(unnamed ? 'identities.source.none' : SOURCE_TEXTS[externalNameSource], { provider: label })}
        warnings={unnamed ? [] : lookAlikeWarnings(externalName)}
      />
      {unnamed && <UnnamedWarning label={label} vouched={vouched} onVouch={setVouched} />}
      <Group>
        <Button onClick={confirm} loading={link.isPending} disabled={unnamed && !vouched}>
          {t('identities.link')}
        </Button>
        <Button variant="default" onClick={decline} disabled={link.isPending}>
          {t('identities.notMe')}
        </Button>
      </Group>
    </>
  );
}

/**
 * /profile with a link attempt that this tab's fresh sign-in has just carried: what its
 * route's loader found (linkConfirmation.flow.ts), under the confirmation's title.
 */
export function LinkConfirmationPage({ confirmation }: { confirmation: LinkConfirmation }) {
  const t = useT();
  const router = useRouter();
  const label = t(socialProvider(confirmation.provider).label);
  let content: ReactNode;
  if (confirmation.step === 'failed') content = <LinkFailed />;
  else if (confirmation.step === 'lookupFailed') content = <LoadError title={t('identities.loadFailed')} onRetry={() => void router.invalidate()} />;
  else content = <ConfirmLink confirmation={confirmation} label={label} />;
  return (
    <>
      <PageTitle>{t('identities.linkConfirmTitle', { provider: label })}</PageTitle>
      {content}
    </>
  );
}
