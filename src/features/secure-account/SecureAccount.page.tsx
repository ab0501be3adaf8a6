import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useGetFactors } from '../../../generated/api/factors/factors';
import { useGetProfile } from '../../../generated/api/profile/profile';
import { useLanguage, useT } from '../../messages/pageTexts';
import { useLogout } from '../../shared/auth/useLogout';
import type { NamedLogin } from '../../shared/navigation/historyState';
import { PageLoader } from '../../shared/ui/PageLoader';
import { PageTitle } from '../../shared/ui/PageTitle';
import { SignOutOtherDevices } from '../../shared/ui/SignOutOtherDevices';
import { formatLoginTime } from '../login-log/formatLoginTime';
import { MfaMethods } from '../mfa/MfaMethods';
import { RecoveryEmail } from '../profile/RecoveryEmail';
import { enrolledQuestion, findQuestionFactor } from '../question/questionFactor';
import { FROM_GUIDE } from './fromGuide';
import { openVisit, updateVisit, useVisit, type GuideOpening } from './visit';

/** Whether a step was done in this visit, in words (not colour alone). */
function StepStatus({ done }: { done: boolean }) {
  const t = useT();
  return (
    <Badge color={done ? 'teal.8' : 'gray.7'} variant={done ? 'filled' : 'outline'} tt="none" style={{ flexShrink: 0 }}>
      {t(done ? 'secure.done' : 'secure.notDone')}
    </Badge>
  );
}

function Step({ number, title, done, children }: { number: number; title: string; done?: boolean; children: ReactNode }) {
  const id = `secure-step-${number}`;
  return (
    <Paper component="li" withBorder p="md" aria-labelledby={id}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs" mb="xs">
        <Title order={2} size="h4" id={id}>
          {number}. {title}
        </Title>
        {done !== undefined && <StepStatus done={done} />}
      </Group>
      {children}
    </Paper>
  );
}

/** The sign-in that prompted the guide: its time (in the portal's language), browser and place. */
function PromptingLogin({ login }: { login: NamedLogin | undefined }) {
  const t = useT();
  const language = useLanguage();
  if (!login) return null;
  const facts: Array<[string, string]> = [
    [t('loginLog.time'), formatLoginTime(login.time, undefined, language)],
    [t('loginLog.browser'), login.browser],
    [t('loginLog.district'), login.place],
  ];
  return (
    <Paper
      component="section"
      aria-labelledby="secure-login"
      withBorder
      p="md"
      mb="md"
      maw={760}
      style={{ borderLeft: '4px solid var(--mantine-color-orange-8)' }}
    >
      <Title order={2} size="h4" id="secure-login" mb="xs">
        {t('secure.loginTitle')}
      </Title>
      <dl style={{ margin: 0 }}>
        {facts.map(([label, value]) => (
          <Group key={label} gap={6} wrap="nowrap" align="baseline">
            <Text component="dt" fw={600} size="sm" style={{ flexShrink: 0 }}>
              {label}:
            </Text>
            <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
              {value}
            </Text>
          </Group>
        ))}
      </dl>
    </Paper>
  );
}

/** Step 3: the recovery email in place (the profile's own control) and the security question. */
function CheckDetails() {
  const t = useT();
  const visit = useVisit();
  const profile = useGetProfile();
  const factors = useGetFactors();
  const email = profile.data?.secondaryEmail ?? '';
  // A change made here counts as checked: the value the visit started with is remembered.
  const firstEmail = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!profile.data) return;
    if (firstEmail.current === undefined) firstEmail.current = email;
    else if (firstEmail.current !== email) updateVisit({ recoveryEmailChecked: true });
  }, [profile.data, email]);

  const questionFactor = findQuestionFactor(factors.data?.factors);
  const question = enrolledQuestion(questionFactor);

  return (
    <Stack gap="sm">
      <div>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600}>{t('profile.secondaryEmail')}</Text>
          <StepStatus done={visit.recoveryEmailChecked} />
        </Group>
        {profile.isPending && <PageLoader />}
        {profile.data && <RecoveryEmail profile={profile.data} />}
        {profile.data && !visit.recoveryEmailChecked && (
          <Button mt="xs" size="xs" variant="default" onClick={() => updateVisit({ recoveryEmailChecked: true })}>
            {t('secure.emailIsRight')}
          </Button>
        )}
      </div>
      {questionFactor && (
        <div>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text fw={600}>{t('page.question')}</Text>
            <StepStatus done={visit.questionChecked} />
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {question ? question.questionText : t('overview.question.none')}
          </Text>
          <Anchor component={Link} to="/profile/question" size="sm" underline="always" onClick={() => updateVisit({ questionChecked: true })}>
            {t('secure.checkQuestion')}
          </Anchor>
        </div>
      )}
    </Stack>
  );
}

function Guide({ login }: { login: NamedLogin | undefined }) {
  const t = useT();
  const visit = useVisit();
  const factors = useGetFactors();
  const { logout, signingOut } = useLogout();
  const hasQuestion = findQuestionFactor(factors.data?.factors) !== undefined;
  const methodsDone = visit.removed.length > 0 || visit.methodsConfirmed;
  const detailsDone = visit.recoveryEmailChecked && (visit.questionChecked || !hasQuestion);

  return (
    <>
      <PromptingLogin login={login} />
      <Stack component="ol" gap="md" p={0} m={0} style={{ listStyle: 'none' }} maw={760}>
        <Step number={1} title={t('secure.password.title')} done={visit.passwordChanged}>
          <Text size="sm" mb="sm">
            {t('secure.password.help')}
          </Text>
          <Button
            renderRoot={(props) => <Link {...props} to="/profile/password" search={{ from: FROM_GUIDE }} />}
            variant={visit.passwordChanged ? 'default' : 'filled'}
          >
            {t('nav.password')}
          </Button>
        </Step>

        <Step number={2} title={t('secure.methods.title')} done={methodsDone}>
          <Text size="sm" mb="sm">
            {t('secure.methods.help')}
          </Text>
          <MfaMethods review onRemoved={(name) => updateVisit({ removedName: name })} />
          {visit.removed.length > 0 && (
            <Text size="sm" mt="sm" style={{ overflowWrap: 'anywhere' }}>
              {t('secure.methods.removed', { names: visit.removed.join(', ') })}
            </Text>
          )}
          {!visit.methodsConfirmed && factors.isSuccess && (
            <Button mt="sm" size="xs" variant="default" onClick={() => updateVisit({ methodsConfirmed: true })}>
              {t('secure.methods.allMine')}
            </Button>
          )}
        </Step>

        <Step number={3} title={t('secure.details.title')} done={detailsDone}>
          <CheckDetails />
        </Step>

        <Step number={4} title={t('secure.signOut.title')} done={visit.otherDevicesSignedOut}>
          <Text size="sm" mb="sm">
            {t('secure.signOut.others')}
          </Text>
          <SignOutOtherDevices variant="filled" onDone={() => updateVisit({ otherDevicesSignedOut: true })} />
          <Text size="sm" mt="md" mb="sm">
            {t('nav.logoutHint')}
          </Text>
          <Button color="red.8" onClick={logout} loading={signingOut} disabled={signingOut}>
            {t('secure.signOut.action')}
          </Button>
        </Step>
      </Stack>
    </>
  );
}

/** One opening of the guide: another login handed over, or another way in, opens it anew (the key of this part). */
function GuideVisit(opening: GuideOpening) {
  const t = useT();
  // Before the first read of the visit: another login, or another person, starts a new one.
  const [login] = useState(() => openVisit(opening));
  return (
    <>
      <PageTitle>{t('page.secureAccount')}</PageTitle>
      <Guide login={login} />
    </>
  );
}

/**
 * /profile/secure-account, the "This wasn't me" guide: the login that prompted it, then four
 * steps (a new password, the sign-in methods to review and remove, the recovery email and
 * security question to check, and signing out: the other devices, or everywhere with a logout
 * that ends every session), each saying whether it was done in this visit. The login comes from Previous Login in the history entry's state (see
 * guideOpening), never from the address: a link someone sent opens the plain guide, naming no
 * login.
 */
export function SecureAccountPage(opening: GuideOpening) {
  const { handed, resumed, subject } = opening;
  const key = `${subject ?? ''}|${handed ? `${handed.time}|${handed.browser}|${handed.place}` : String(resumed)}`;
  return <GuideVisit key={key} {...opening} />;
}
