import { createTheme, type CSSVariablesResolver } from '@mantine/core';

/**
 * System fonts only (no web fonts to download). Darker primary shade so white text on
 * buttons meets WCAG AA contrast.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 6 },
  defaultRadius: 'sm',
  components: {
    // Menus and dropdowns stay put when their anchor scrolls out of view, instead of vanishing.
    Popover: { defaultProps: { hideDetached: false } },
    Notification: {
      styles: { description: { color: 'var(--mantine-color-text)' } },
    },
  },
});

/** Mantine's default dimmed grey is below 4.5:1 on white; a darker grey passes WCAG AA. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' },
});
