import { Container } from '@mantine/core';
import { Outlet, useRouter, useRouterState } from '@tanstack/react-router';
import { useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { Header } from './Header';
import { SessionWatch } from './SessionWatch';

/** The routers (one a tab; one a test) that have shown a signed-in page. */
const showedAPage = new WeakSet<object>();

/**
 * A page chosen in the app renders after the frame that answers the click (the menu closed, the
 * header's current entry moved): that frame shows the main area empty, and the page renders
 * next in the background, in slices the browser can paint and answer input between (React's
 * deferred render), instead of one task of up to 800 ms at CPU x4. The load's first page
 * renders at once: it already renders in a transition (main.tsx), and waiting a frame would
 * only delay its paint.
 */
function DeferredPage({ children }: { children: ReactNode }) {
  const router = useRouter();
  const [atOnce] = useState(() => !showedAPage.has(router));
  useEffect(() => void showedAPage.add(router), [router]);
  return useDeferredValue(true, atOnce) ? children : null;
}

/** The page of the route shown: each its own DeferredPage, so a new page defers and a page's own changes (its search) do not. */
function Page() {
  const page = useRouterState({ select: (state) => state.matches.at(-1)?.routeId });
  return (
    <DeferredPage key={page}>
      <Outlet />
    </DeferredPage>
  );
}

/** Header and page for every signed-in route. */
export function SignedInLayout() {
  return (
    <>
      <Header />
      <SessionWatch />
      {/* At least a screen tall: the footer starts below the fold and never jumps as a page fills. */}
      <Container
        size="md"
        py="md"
        component="main"
        id="main"
        tabIndex={-1}
        mih="calc(100dvh - var(--portal-header-height))"
        style={{ outline: 'none' }}
      >
        <Page />
      </Container>
    </>
  );
}
