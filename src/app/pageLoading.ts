import type { AnyRouter } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { afterNextPaint } from '../shared/ui/afterPaint';
import type { MenuEntry } from './navigation';

/*
 * What loads ahead of a click, in one place (docs/performance.md, "What keeps a click fast"): a
 * page's code and data start on an intent, never before one: the router's own preload on a link
 * hovered, focused or touched, the menu opened, a Set up button in view (the MFA list's own). A
 * first page that fetched the other pages' code while it settled paid for each in a long task
 * (the new tab's blocking time, measured there). A click paints before the move it starts. A
 * preload is a load nobody has asked for yet: the router's runs through `speculatively`
 * (src/router.tsx), so a code file gone after a release reloads nothing under the person.
 */

/**
 * Opening the menu is an intent: every other page of it starts loading (its code and its data,
 * through the router's preload), once the open menu has painted, each page in a task of its own
 * (a tap on a link meanwhile waits for one page's start, not for all of them).
 */
export function preloadMenuPages(router: AnyRouter, items: readonly MenuEntry[]) {
  afterNextPaint(() => {
    const here = router.state.location.pathname;
    for (const item of items) {
      if (item.to !== here) window.setTimeout(() => void router.preloadRoute({ to: item.to }));
    }
  });
}

/**
 * A plain click on a menu link, once the menu's closing has been asked for: the move to the page
 * (the router's navigation, which renders the header and the page's frame at once) starts after
 * the next paint, so the click answers at once. A click with a modifier is the browser's (another
 * tab, another window).
 */
export function followAfterPaint(router: AnyRouter, event: MouseEvent, to: MenuEntry['to']) {
  if (event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
  // The router's Link leaves a click whose default is prevented to the page.
  event.preventDefault();
  afterNextPaint(() => void router.navigate({ to }));
}
