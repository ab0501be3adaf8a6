import { Center, Loader } from '@mantine/core';
import { t } from '../../messages/t';

export function PageLoader({ label = t('app.loading') }: { label?: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Loader size="sm" mr="sm" aria-hidden />
      {label}
    </Center>
  );
}
