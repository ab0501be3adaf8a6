import { Anchor, Container, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useT } from '../messages/t';
import { PageTitle } from '../shared/ui/PageTitle';

/** An address the portal does not have. It repeats none of it: a link someone sent could put words there. */
export function NotFound() {
  const t = useT();
  return (
    <Container size="sm" py="xl" component="main" id="main">
      <PageTitle>{t('notFound.title')}</PageTitle>
      <Text mb="md">{t('notFound.body')}</Text>
      <Anchor component={Link} to="/profile/details">
        {t('notFound.back')}
      </Anchor>
    </Container>
  );
}
