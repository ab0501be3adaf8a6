import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { textOf, useT } from '../../messages/t';
import { config } from '../../shared/config/config';
import { PageTitle } from '../../shared/ui/PageTitle';
import { PublicLayout } from '../../shared/ui/PublicLayout';
import type { Instructions } from './idpInstructions.flow';

/**
 * /idp/instructions: what went wrong at the identity provider, in the portal's own words (no
 * text of the address is shown: anyone can craft it), a shortened reference for support, and a
 * way back to the central sign-in; why no link started when one was wanted, with the ordinary
 * link from the profile.
 */
export function IdpInstructionsPage({ instructions: { error, reference, problem } }: { instructions: Instructions }) {
  const t = useT();
  return (
    <PublicLayout>
      <PageTitle>{t('page.instructions')}</PageTitle>
      <Stack>
        {problem && (
          <Alert color="red" role="alert">
            {textOf(problem, t)}
          </Alert>
        )}
        <Text>{t(error)}</Text>
        <Text size="sm" c="dimmed">
          {reference ? t('instructions.reference', { reference }) : t('instructions.noReference')}
        </Text>
        <Group>
          {problem?.offerLink && (
            <Anchor component={Link} to="/profile/details">
              {t('identities.linkFromProfile')}
            </Anchor>
          )}
          <Button component="a" href={config.centralSignInUrl}>
            {t('instructions.back')}
          </Button>
        </Group>
      </Stack>
    </PublicLayout>
  );
}
