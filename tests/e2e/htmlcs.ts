import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';

/** HTML_CodeSniffer as its package builds it for the browser: the sniffs and every standard in one file. */
const SNIFFER = readFileSync(new URL(import.meta.resolve('html_codesniffer/build/HTMLCS.js')), 'utf8');

interface Htmlcs {
  ERROR: number;
  process(standard: string, content: Document, done: () => void, failed: () => void, language: string): void;
  getMessages(): Array<{ type: number; code: string; msg: string; element: Element }>;
}

/**
 * Puts the sniffer into the page, once per document, through the test's own channel (so the
 * page's Content-Security-Policy does not apply to it).
 *
 * Its fault, worked around: its autocomplete check (WCAG 1.3.5, H98) asks for its messages
 * about a field name on the wrong kind of control as `InvalidAutoComplete_…`, while its
 * translations spell them `InvalidAutocomplete_…`. Reporting such a finding then throws
 * ("Cannot read properties of undefined (reading 'replace')") and the whole check is lost
 * (squizlabs/HTML_CodeSniffer#296, open). The other spelling is given the same message.
 */
async function inject(page: Page) {
  await page.evaluate(SNIFFER);
  await page.evaluate(() => {
    const en = (window as unknown as { translation: { en: Record<string, string> } }).translation.en;
    for (const [key, message] of Object.entries(en)) {
      if (key.startsWith('1_3_5_H98.InvalidAutocomplete_')) en[key.replace('Autocomplete', 'AutoComplete')] ??= message;
    }
  });
}

/** No error HTML_CodeSniffer finds under WCAG 2 AA on the page as it is now (its warnings and notices ask a person to judge). */
export async function expectNoSnifferErrors(page: Page) {
  if (!(await page.evaluate(() => 'HTMLCS' in window))) await inject(page);
  const errors = await page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const htmlcs = (window as unknown as { HTMLCS: Htmlcs }).HTMLCS;
        const done = () =>
          resolve(
            htmlcs
              .getMessages()
              .filter((message) => message.type === htmlcs.ERROR)
              .map(({ code, msg, element }) => `${code}: ${msg} at ${element.outerHTML?.slice(0, 160) ?? element.nodeName}`),
          );
        htmlcs.process('WCAG2AA', document, done, () => reject(new Error('HTML_CodeSniffer could not load WCAG2AA')), 'en');
      }),
  );
  expect(errors).toEqual([]);
}
