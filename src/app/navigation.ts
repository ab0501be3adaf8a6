import type { RegisteredRouter, ToPathOption } from '@tanstack/react-router';
import type { FrameKey } from '../messages/t';
import { isQuestionFactor } from '../shared/api/answers';

/** A page's entry in the header menu, in its route's `staticData.menu`. */
export interface MenuData {
  label: FrameKey;
  /** Its place in the menu, from the top. */
  order: number;
  /** Shown only to a person with a question factor (spec section 2: Set up Security Questions). */
  needsQuestionFactor?: true;
}

export interface MenuEntry {
  /** An address of the route tree (an index route's without its trailing slash). */
  to: ToPathOption<RegisteredRouter>;
  label: FrameKey;
}

interface MenuRoute {
  /** The route's address (TanStack's: its full path, an index route's without its trailing slash). */
  to: string;
  options: { staticData?: { menu?: MenuData } };
}

/** The header menu: every route that names an entry in its `staticData`, in their order. */
export function menuEntries(routes: Iterable<MenuRoute>, { hasQuestionFactor }: { hasQuestionFactor: boolean }): MenuEntry[] {
  return [...routes]
    .flatMap(({ to, options }) => (options.staticData?.menu ? [{ to, ...options.staticData.menu }] : []))
    .filter((entry) => hasQuestionFactor || !entry.needsQuestionFactor)
    .sort((a, b) => a.order - b.order)
    .map(({ to, label }) => ({ to: to as MenuEntry['to'], label }));
}

export function hasQuestionFactor(factors: ReadonlyArray<{ factorType: string }> | undefined): boolean {
  return (factors ?? []).some(isQuestionFactor);
}
