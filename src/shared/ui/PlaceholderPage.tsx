import { Text } from '@mantine/core';
import { t } from '../../messages/t';
import { PageTitle } from './PageTitle';

/** A route whose page is not built yet: its title and a plain note, never a blank screen. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <Text c="dimmed">{t('page.comingSoon')}</Text>
    </>
  );
}
