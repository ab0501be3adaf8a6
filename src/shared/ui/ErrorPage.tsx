import { Anchor, Button, Group, Text } from '@mantine/core';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useT } from '../../messages/t';
import { reportError } from '../errors/errorReport';
import { pageIsLeaving, reloadForStaleBuild } from '../errors/staleBuild';
import { PageLoader } from './PageLoader';
import { PageTitle } from './PageTitle';

/**
 * What a page shows when its code fails: in the reader's language, with a way on. A code file
 * gone after a release reloads the page once instead; anything else is reported (errorReportUrl).
 */
export function ErrorPage({ error, reset }: ErrorComponentProps) {
  const t = useT();
  const router = useRouter();
  const [reloading, setReloading] = useState(pageIsLeaving);
  useEffect(() => {
    if (reloadForStaleBuild(error) || pageIsLeaving()) setReloading(true);
    else reportError(error, 'render');
  }, [error]);

  if (reloading) return <PageLoader />;
  return (
    <section>
      <PageTitle>{t('error.pageTitle')}</PageTitle>
      <Text mb="md" role="alert">
        {t('error.pageBody')}
      </Text>
      <Group>
        <Button
          onClick={() => {
            reset();
            void router.invalidate();
          }}
        >
          {t('error.retry')}
        </Button>
        <Anchor href="/">{t('notFound.back')}</Anchor>
      </Group>
    </section>
  );
}
