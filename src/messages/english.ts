import { en } from './en';
import { enPages } from './en.pages';

/**
 * Every English text, en.ts's and en.pages.ts's together, for the tests, which read any page's
 * words. The portal reads them through ./t and ./pageTexts, so that each arrives with its page.
 */
export const english = { ...en, ...enPages };
