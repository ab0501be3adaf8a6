import { Title } from '@mantine/core';
import { useEffect } from 'react';
import { t } from '../../messages/t';

/** The page's one h1, also used as the document title. */
export function PageTitle({ children }: { children: string }) {
  useEffect(() => {
    document.title = `${children} | ${t('app.name')}`;
  }, [children]);
  return (
    <Title order={1} size="h2" mb="md">
      {children}
    </Title>
  );
}
