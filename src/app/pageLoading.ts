import type { AnyRouter } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { speculatively } from '../shared/errors/staleBuild';
import { afterNextPaint, afterPaintWhenIdle, whenIdle } from '../shared/ui/afterPaint';
import type { MenuEntry } from './navigation';

/*
 * What loads ahead of a click, in one place (docs/performance.md, "What keeps a click fast"):
 * a page's code and data start on an intent (the router's own preload on a link hovered or
 * focused, the menu opened), the menu's pages' code once the first page is idle, and a click
 * paints before the move it starts. Every load here is one nobody has asked for yet: it runs
 * through `speculatively`, so a code file gone after a release reloads nothing under the person.
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
 * Once the first page has painted and the browser is idle, the code of the menu's pages loads
 * through the router's own code splitting (loadRouteChunk: their split-off components, not their
 * data), one page an idle moment: a click later finds it. The wizards' code waits for an intent.
 * Answers a function that stops what has not started yet.
 */
export function loadMenuCodeWhenIdle(router: AnyRouter, routeIds: readonly string[]): () => void {
  const pending = [...routeIds];
  const loadNext = () => {
    const id = pending.shift();
    const route = Object.values(router.routesById).find((candidate) => candidate.id === id);
    if (!route) return;
    void speculatively(() => router.loadRouteChunk(route));
    cancel = whenIdle(loadNext);
  };
  let cancel = afterPaintWhenIdle(loadNext);
  return () => cancel();
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
