import { createTheme, type CSSVariablesResolver } from '@mantine/core';

/**
 * System fonts only (no web fonts to download). Darker primary shade so white text on
 * buttons meets WCAG AA contrast, in the light and the dark scheme.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'sm',
  // Users who ask their system for less motion get none: dialogs and toasts appear at once.
  respectReducedMotion: true,
  components: {
    Notification: {
      styles: { description: { color: 'var(--mantine-color-text)' } },
    },
  },
});

/**
 * Mantine's default dimmed grey is below 4.5:1 on white; a darker grey passes WCAG AA.
 * Field errors and the on/off status colours pass AA on each scheme's background.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Field errors: Mantine's red-6 is 3.3:1 on white.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    // Subtle and light buttons keep 4.5:1 also on their hover background.
    '--mantine-color-blue-light-color': 'var(--mantine-color-blue-9)',
    '--mantine-color-blue-light-hover': 'var(--mantine-color-blue-1)',
    '--portal-status-on': 'var(--mantine-color-teal-9)',
    '--portal-status-off': 'var(--mantine-color-gray-7)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    '--portal-status-on': 'var(--mantine-color-teal-4)',
    '--portal-status-off': 'var(--mantine-color-dark-1)',
  },
});
