import { Text } from '@mantine/core';
import { t } from '../../messages/t';

export function Footer() {
  return (
    <Text component="footer" size="sm" c="dimmed" ta="center" py="md">
      {t('app.footer')}
    </Text>
  );
}
