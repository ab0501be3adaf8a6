import { Center, Loader } from '@mantine/core';
import { useT } from '../../messages/t';

export function PageLoader({ label }: { label?: string }) {
  const t = useT();
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Loader size="sm" mr="sm" aria-hidden />
      {label ?? t('app.loading')}
    </Center>
  );
}
