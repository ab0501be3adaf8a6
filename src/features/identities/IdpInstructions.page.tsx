import { Alert, Button, Stack, Text } from '@mantine/core';
import { textOf, useT, type MessageKey } from '../../messages/t';
import { config } from '../../shared/config';
import { PageLoader } from '../../shared/ui/PageLoader';
import { PageTitle } from '../../shared/ui/PageTitle';
import { PublicLayout } from '../../shared/ui/PublicLayout';
import type { Instructions } from './idpInstructions.flow';

/** Very long values (a crafted link) are cut so the page stays readable. */
const shorten = (value: string) => (value.length > 300 ? `${value.slice(0, 300)}…` : value);

/** While the server is asked which provider an unlinked social login belongs to. */
export function IdpInstructionsPending() {
  const t = useT();
  return (
    <PublicLayout>
      <PageLoader label={t('instructions.checking')} />
    </PublicLayout>
  );
}

/**
 * /idp/instructions: the identity provider's error, its description and the request state,
 * with a way back to the central sign-in; and why no link started, when one was wanted.
 */
export function IdpInstructions({ instructions: { search, problem } }: { instructions: Instructions }) {
  const t = useT();
  const rows: Array<[MessageKey, string | undefined]> = [
    ['instructions.error', search.error],
    ['instructions.description', search.error_description],
    ['instructions.state', search.state],
  ];
  return (
    <PublicLayout>
      <PageTitle>{t('page.instructions')}</PageTitle>
      <Stack>
        {problem && (
          <Alert color="red" role="alert">
            {textOf(problem, t)}
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
