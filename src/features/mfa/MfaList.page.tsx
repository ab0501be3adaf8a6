import { Text } from '@mantine/core';
import { useT } from '../../messages/pageTexts';
import { PageTitle } from '../../shared/ui/PageTitle';
import { MfaMethods } from './MfaMethods';

/** /profile/mfa: every known factor; view mode shows its state, edit mode Remove or Set up. */
export function MfaListPage() {
  const t = useT();
  return (
    <>
      <PageTitle>{t('page.mfa')}</PageTitle>
      <Text mb="md">{t('mfa.intro')}</Text>
      <MfaMethods />
    </>
  );
}
