import { Alert, Button, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { getLinkProvider } from '../../../generated/api/identity-provider/identity-provider';
import { t, type MessageKey } from '../../messages/t';
import { useCallbackQuery } from '../../shared/callbackQuery';
import { config } from '../../shared/config';
import { isSocialProvider } from '../../shared/socialProviders';
import { PageLoader } from '../../shared/ui/PageLoader';
import { PageTitle } from '../../shared/ui/PageTitle';
import { PublicLayout } from '../../shared/ui/PublicLayout';
import { isUserCreationDisabled } from './socialLink';

/** Very long values (a crafted link) are cut so the page stays readable. */
const shorten = (value: string) => (value.length > 300 ? `${value.slice(0, 300)}…` : value);

export interface InstructionsSearch {
  code?: string;
  state?: string;
  error?: string;
  error_description?: string;
}

/**
 * /idp/instructions: the identity provider's word on a social sign-in. "User creation
 * disabled" means the social login is not linked yet: find its provider and start linking.
 * Anything else is shown as an error with a way back to the central sign-in.
 */
export function IdpInstructions({ search }: { search: InstructionsSearch }) {
  const navigate = useNavigate();
  // The code and state leave the address bar once read; the page works on what it read.
  const { code, state, error, error_description: description } = useCallbackQuery(() => search);
  const wantsLink = Boolean(code) && isUserCreationDisabled(error, description);
  const [problem, setProblem] = useState<string | undefined>(wantsLink ? undefined : '');
  const started = useRef(false);

  useEffect(() => {
    if (!wantsLink || started.current) return;
    started.current = true;
    getLinkProvider({ code: code! })
      .then(({ provider }) => {
        if (!isSocialProvider(provider)) throw new Error(t('instructions.unknownProvider'));
        void navigate({ to: '/idp/link/$provider', params: { provider }, search: { code, state }, replace: true });
      })
      .catch((reason: unknown) => setProblem(reason instanceof Error ? reason.message : String(reason)));
  }, [wantsLink, code, state, navigate]);

  if (problem === undefined) {
    return (
      <PublicLayout>
        <PageLoader label={t('instructions.checking')} />
      </PublicLayout>
    );
  }

  const rows: Array<[MessageKey, string | undefined]> = [
    ['instructions.error', error],
    ['instructions.description', description],
    ['instructions.state', state],
  ];
  return (
    <PublicLayout>
      <PageTitle>{t('page.instructions')}</PageTitle>
      <Stack>
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <dl style={{ margin: 0 }}>
          {rows.map(([label, value]) => (
            <div key={label} style={{ marginBottom: 8 }}>
              <Text component="dt" fw={600}>
                {t(label)}
              </Text>
              <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
                {value ? shorten(value) : t('instructions.noDetails')}
              </Text>
            </div>
          ))}
        </dl>
        <div>
          <Button component="a" href={config.centralSignInUrl}>
            {t('instructions.back')}
          </Button>
        </div>
      </Stack>
    </PublicLayout>
  );
}
