import { Box, Button, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import { useClickOutside, useDisclosure } from '@mantine/hooks';
import { Link, useRouter } from '@tanstack/react-router';
import { memo, useCallback, useEffect, useMemo, useRef, type FocusEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { getGetFactorsQueryOptions, useGetFactors } from '../../generated/api/factors/factors';
import { getGetProfileQueryOptions, useGetProfile } from '../../generated/api/profile/profile';
import type { PageQuery } from '../shared/api/queries';
import { useT } from '../messages/t';
import { useLogout } from '../shared/auth/useLogout';
import { afterNextPaint } from '../shared/ui/afterPaint';
import classes from './Header.module.css';
import { LanguageSwitch } from './LanguageSwitch';
import { Logo } from './Logo';
import { ThemeSwitch } from './ThemeSwitch';
import { hasQuestionFactor, menuEntries, type MenuEntry } from './navigation';
import { followAfterPaint, preloadMenuPages } from './pageLoading';

const NAV_LIST_ID = 'account-navigation';

function MenuIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M2 4h12M2 8h12M2 12h12" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

/** The menu's links: the same at every opening and closing, which renders none of them again. */
const MenuLinks = memo(function MenuLinks({
  items,
  onChoose,
}: {
  items: MenuEntry[];
  onChoose: (event: MouseEvent<HTMLAnchorElement>, to: MenuEntry['to']) => void;
}) {
  const t = useT();
  return items.map((item) => (
    <li key={item.to}>
      <Link to={item.to} className={classes.link} onClick={(event) => onChoose(event, item.to)}>
        {t(item.label)}
      </Link>
    </li>
  ));
});

/** The site navigation: a disclosure of plain links (the WAI pattern), not a popup menu. */
function Navigation() {
  const t = useT();
  const router = useRouter();
  const factors = useGetFactors();
  const [menuOpened, menu] = useDisclosure(false);
  const closeMenu = menu.close;
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const navRef = useClickOutside<HTMLElement>(menu.close);
  // A page chosen from the menu gets the focus, so keyboard and screen-reader users start there.
  const focusMainOnArrival = useRef(false);
  // Moving to another page closes the navigation. The router says so once the page has
  // rendered: the navigation does not re-render at every move (only the links whose current
  // state changes do), which is part of what a click costs before it paints.
  useEffect(
    () =>
      router.subscribe('onRendered', ({ pathChanged }) => {
        if (!pathChanged) return;
        closeMenu();
        if (!focusMainOnArrival.current) return;
        focusMainOnArrival.current = false;
        // After the paint: focusing asks for style and layout at once, which the frame does anyway.
        afterNextPaint(() => document.getElementById('main')?.focus());
      }),
    [router, closeMenu],
  );

  /**
   * The router's Link marks the current page's entry (`aria-current`, the wizards' too under Set
   * up MFA). A click closes the menu; on another page's entry, the move follows the paint.
   */
  const choose = useCallback(
    (event: MouseEvent<HTMLAnchorElement>, to: MenuEntry['to']) => {
      closeMenu();
      if (event.currentTarget.getAttribute('aria-current') === 'page') {
        requestAnimationFrame(() => menuButtonRef.current?.focus());
        return;
      }
      focusMainOnArrival.current = true;
      followAfterPaint(router, event, to);
    },
    [closeMenu, router],
  );

  /** Tabbing out of the navigation closes it, so it never covers what has the focus. */
  function closeOnFocusOut(event: FocusEvent) {
    if (menuOpened && !event.currentTarget.contains(event.relatedTarget as Node | null)) menu.close();
  }

  function closeOnEscape(event: KeyboardEvent) {
    if (event.key !== 'Escape' || !menuOpened) return;
    menu.close();
    menuButtonRef.current?.focus();
  }

  const withQuestion = hasQuestionFactor(factors.data?.factors);
  const items = useMemo(() => menuEntries(Object.values(router.routesById), { hasQuestionFactor: withQuestion }), [router, withQuestion]);

  /** Opening the menu is an intent: its other pages start loading (what loads ahead of a click: pageLoading.ts). */
  function toggle() {
    if (!menuOpened) preloadMenuPages(router, items);
    menu.toggle();
  }

  return (
    <Box component="nav" aria-label={t('nav.label')} pos="relative" ref={navRef} onKeyDown={closeOnEscape} onBlur={closeOnFocusOut}>
      <Button
        ref={menuButtonRef}
        variant="default"
        leftSection={<MenuIcon />}
        aria-expanded={menuOpened}
        aria-controls={NAV_LIST_ID}
        onClick={toggle}
      >
        {t('nav.menu')}
      </Button>
      {/* Closed, the list is laid out but hidden (out of the accessibility tree and the tab order,
          as with display: none), so that opening it asks for no layout of its own, only a paint. */}
      <Paper
        id={NAV_LIST_ID}
        component="ul"
        style={menuOpened ? undefined : { visibility: 'hidden' }}
        shadow="md"
        withBorder
        p={4}
        m={0}
        className={classes.list}
      >
        <MenuLinks items={items} onChoose={choose} />
        {/* On a phone the header has no room for the switches: they live here instead. */}
        <Group component="li" gap="xs" p={4} hiddenFrom="xs" className={classes.switches}>
          <LanguageSwitch />
          <ThemeSwitch />
        </Group>
      </Paper>
    </Box>
  );
}

/** What the header reads (the name; the menu's Security Questions entry): the signed-in layout's loader ensures these. */
export const headerQueries = (): PageQuery[] => [getGetProfileQueryOptions(), getGetFactorsQueryOptions()];

export function Header() {
  const t = useT();
  const profile = useGetProfile();
  const { logout, signingOut } = useLogout();
  const name = profile.data ? `${profile.data.firstName} ${profile.data.lastName}` : '';

  return (
    <Box component="header" px="md" h="var(--portal-header-height)" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Group justify="space-between" wrap="nowrap" gap="xs" h="100%">
        <UnstyledButton component={Link} to="/" aria-label={t('nav.home', { name: name || t('app.name') })}>
          <Group gap="xs" wrap="nowrap">
            <Logo />
            <Text fw={600} lineClamp={1} data-testid="header-user-name">
              {name}
            </Text>
          </Group>
        </UnstyledButton>
        <Group gap="xs" wrap="nowrap">
          <Navigation />
          <Group gap="xs" wrap="nowrap" visibleFrom="xs">
            <LanguageSwitch />
            <ThemeSwitch />
          </Group>
          {/* What Logout does: the screen reader's description of the button. */}
          <Button onClick={logout} loading={signingOut} disabled={signingOut} aria-describedby="logout-hint">
            {t('nav.logout')}
          </Button>
          {/* Hidden: read as the button's description, not a second time on its own. */}
          <span id="logout-hint" hidden>
            {t('nav.logoutHint')}
          </span>
        </Group>
      </Group>
    </Box>
  );
}
