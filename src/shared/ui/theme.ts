import { createTheme } from '@mantine/core';

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
