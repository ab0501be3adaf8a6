import { Anchor, Container, Text } from '@mantine/core';
import { Link, useLocation } from '@tanstack/react-router';
import { useT } from '../messages/t';
import { PageTitle } from '../shared/ui/PageTitle';

export function NotFound() {
  const t = useT();
  const { pathname } = useLocation();
  return (
    <Container size="sm" py="xl" component="main" id="main">
      <PageTitle>{t('notFound.title')}</PageTitle>
      <Text mb="md">{t('notFound.body', { path: pathname })}</Text>
      <Anchor component={Link} to="/profile/details">
        {t('notFound.back')}
      </Anchor>
    </Container>
  );
}
