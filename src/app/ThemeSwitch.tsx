import { Button, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { memo, type ReactNode } from 'react';
import { useT } from '../messages/t';

/** An 18 px line icon in the text's colour, hidden from screen readers (the button has the label). */
function Icon({ children, join }: { children: ReactNode; join?: boolean }) {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      {...(join ? { strokeLinejoin: 'round' as const } : { strokeLinecap: 'round' as const })}
    >
      {children}
    </svg>
  );
}

const SUN = (
  <Icon>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
  </Icon>
);
const MOON = (
  <Icon join>
    <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
  </Icon>
);

/**
 * Light or dark. The portal starts with the system's setting; a choice made here is
 * remembered in this browser (Mantine's colour-scheme manager).
 */
export const ThemeSwitch = memo(function ThemeSwitch() {
  const t = useT();
  const { setColorScheme } = useMantineColorScheme();
  const current = useComputedColorScheme('light');
  const next = current === 'dark' ? 'light' : 'dark';
  const label = t(next === 'dark' ? 'nav.darkTheme' : 'nav.lightTheme');
  return (
    <Button variant="default" px={8} aria-label={label} title={label} onClick={() => setColorScheme(next)}>
      {next === 'dark' ? MOON : SUN}
    </Button>
  );
});
