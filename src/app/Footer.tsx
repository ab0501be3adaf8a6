import { Text } from '@mantine/core';
import { useT } from '../messages/t';

export function Footer() {
  const t = useT();
  return (
    <Text component="footer" size="sm" c="dimmed" ta="center" py="md">
      {t('app.footer')}
    </Text>
  );
}
