import { enPages } from './en.pages';
import { addEnglish, translate, useLanguage, type MessageKey } from './t';

export { textOf, useLanguage, type MessageKey, type Wording } from './t';

/**
 * `t` and `useT` for the pages after the first: they take every key, en.pages.ts's too, and
 * importing them brings that English with the page's code. The frame and the first page use ./t,
 * whose keys are en.ts's alone, so the first page never waits for a text it does not show
 * (docs/performance.md, "Deliberate splits").
 */
addEnglish(enPages);

export const t: (key: MessageKey, vars?: Record<string, string | number>) => string = translate;

/** `t` for a component of a later page (see ./t's useT). */
export function useT(): typeof t {
  useLanguage();
  return t;
}
