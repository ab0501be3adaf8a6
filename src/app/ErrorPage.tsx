import { Anchor, Button, Group, Text } from '@mantine/core';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useT } from '../messages/t';
import { reportError } from '../shared/errors/errorReport';
import { onLeavingChange, pageIsLeaving, reloadForStaleBuild } from '../shared/errors/staleBuild';
import { PageLoader } from '../shared/ui/PageLoader';
import { PageTitle } from '../shared/ui/PageTitle';

/**
 * What a page shows when its code fails: in the reader's language, with a way on. A code file
 * gone after a release reloads the page once instead; anything else is reported (errorReportUrl).
 */
export function ErrorPage({ error, reset }: ErrorComponentProps) {
  const t = useT();
  const router = useRouter();
  // While the page is leaving, what failed is not worth a word; a page that stayed after all
  // (a download, a cancelled unload) decides then, as it would have at once.
  const leaving = useSyncExternalStore(onLeavingChange, pageIsLeaving);
  const [reloading, setReloading] = useState(false);
  useEffect(() => {
    if (leaving) return;
    if (reloadForStaleBuild(error)) setReloading(true);
    else reportError(error, 'render');
  }, [error, leaving]);

  if (reloading || leaving) return <PageLoader />;
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
