import type { RegisteredRouter, ToPathOption } from '@tanstack/react-router';
import type { MessageKey } from '../messages/t';
import { isQuestionFactor } from '../shared/api/factorAnswers';

/** A page's entry in the header menu, in its route's `staticData.menu`. */
export interface MenuData {
  label: MessageKey;
  /** Its place in the menu, from the top. */
  order: number;
  /** Shown only to a person with a question factor (spec section 2: Set up Security Questions). */
  needsQuestionFactor?: true;
}

export interface MenuEntry {
  /** An address of the route tree (an index route's without its trailing slash). */
  to: ToPathOption<RegisteredRouter>;
  label: MessageKey;
  /** The route's id: the header loads its page's code by it once the first page has painted. */
  routeId: string;
}

interface MenuRoute {
  id: string;
  /** The route's address (TanStack's: its full path, an index route's without its trailing slash). */
  to: string;
  options: { staticData?: { menu?: MenuData } };
}

/** The header menu: every route that names an entry in its `staticData`, in their order. */
export function menuEntries(routes: Iterable<MenuRoute>, { hasQuestionFactor }: { hasQuestionFactor: boolean }): MenuEntry[] {
  return [...routes]
    .flatMap(({ id, to, options }) => (options.staticData?.menu ? [{ id, to, ...options.staticData.menu }] : []))
    .filter((entry) => hasQuestionFactor || !entry.needsQuestionFactor)
    .sort((a, b) => a.order - b.order)
    .map(({ id, to, label }) => ({ to: to as MenuEntry['to'], label, routeId: id }));
}

export function hasQuestionFactor(factors: ReadonlyArray<{ factorType: string }> | undefined): boolean {
  return (factors ?? []).some(isQuestionFactor);
}
