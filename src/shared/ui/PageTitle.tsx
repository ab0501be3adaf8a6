import { Title } from '@mantine/core';
import { useEffect } from 'react';
import { useT } from '../../messages/t';

/** The page's one h1, also used as the document title. */
export function PageTitle({ children }: { children: string }) {
  const appName = useT()('app.name');
  useEffect(() => {
    document.title = `${children} | ${appName}`;
  }, [children, appName]);
  return (
    <Title order={1} size="h2" mb="md">
      {children}
    </Title>
  );
}
