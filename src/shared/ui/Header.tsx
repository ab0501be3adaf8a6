import { Box, Button, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, useLocation, useRouteContext } from '@tanstack/react-router';
import { useState } from 'react';
import { useGetFactors } from '../../../generated/api/factors/factors';
import { useGetProfile } from '../../../generated/api/profile/profile';
import { useEndSessions } from '../../../generated/api/sessions/sessions';
import { t } from '../../messages/t';
import { Logo } from './Logo';
import { hasQuestionFactor, isCurrentPage, navItems } from './navigation';

function MenuIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M2 4h12M2 8h12M2 12h12" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

export function Header() {
  const { auth } = useRouteContext({ from: '__root__' });
  const { pathname } = useLocation();
  const profile = useGetProfile();
  const factors = useGetFactors();
  const [menuOpened, menu] = useDisclosure(false);
  const [signingOut, setSigningOut] = useState(false);
  // A failed session delete must not keep the user signed in: sign-out goes on regardless.
  const endSessions = useEndSessions({ mutation: { meta: { silent: true } } });

  const name = profile.data ? `${profile.data.firstName} ${profile.data.lastName}` : '';
  const items = navItems({ hasQuestionFactor: hasQuestionFactor(factors.data?.factors) });

  async function logout() {
    setSigningOut(true);
    try {
      await endSessions.mutateAsync();
    } catch {
      // already silent; the identity provider's end-session below still signs the user out
    }
    await auth.signOut();
  }

  return (
    <Box component="header" px="md" py="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <UnstyledButton component={Link} to="/" aria-label={t('nav.home', { name: name || t('app.name') })}>
          <Group gap="xs" wrap="nowrap">
            <Logo />
            <Text fw={600} lineClamp={1} data-testid="header-user-name">
              {name}
            </Text>
          </Group>
        </UnstyledButton>
        <Group gap="xs" wrap="nowrap">
          <Menu opened={menuOpened} onChange={menu.set} position="bottom-end" withinPortal closeOnClickOutside>
            <Menu.Target>
              <Button variant="default" leftSection={<MenuIcon />}>
                {t('nav.menu')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown aria-label={t('nav.label')}>
              {items.map((item) => {
                const current = isCurrentPage(item, pathname);
                return (
                  <Menu.Item
                    key={item.to}
                    component={Link}
                    to={item.to}
                    aria-current={current ? 'page' : undefined}
                    fw={current ? 700 : undefined}
                    bg={current ? 'var(--mantine-primary-color-light)' : undefined}
                  >
                    {t(item.label)}
                    
                  </Menu.Item>
                );
              })}
            </Menu.Dropdown>
          </Menu>
          <Button onClick={logout} loading={signingOut} disabled={signingOut}>
            {t('nav.logout')}
          </Button>
        </Group>
      </Group>
    </Box>
  );
}
