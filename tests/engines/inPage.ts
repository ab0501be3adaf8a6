// Runs inside the page, in every engine alike (sent as source text, so it uses nothing from
// outside itself): finds the visible element a person would mean by a role and a name, a label
// or a text, marks it with a data attribute the driver can select natively, and describes it.

export type Role = 'heading' | 'button' | 'link' | 'textbox' | 'combobox' | 'radio' | 'alert' | 'dialog' | 'img' | 'region';

/** A pattern sent into the page (a RegExp does not survive JSON). */
export interface Pattern {
  source: string;
  flags: string;
}

export interface PageQuery {
  role?: Role;
  /** The accessible name: exact text (whitespace collapsed), or a pattern. */
  name?: string | Pattern;
  level?: number;
  /** A form control by its label's text, exactly. */
  label?: string;
  /** The innermost element whose text is this (exact) or matches this pattern. */
  text?: string | Pattern;
  /** Only inside the first visible element this selector finds. */
  within?: string;
}

export interface Found {
  selector: string;
  text: string;
  value: string | null;
  disabled: boolean;
  /** For a select: the chosen option's text. */
  selected: string | null;
  count: number;
}

export function findInPage(query: PageQuery, mark: string): Found | null {
  const squash = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
  const matches = (actual: string, wanted: string | Pattern) =>
    typeof wanted === 'string' ? actual === squash(wanted) : new RegExp(wanted.source, wanted.flags).test(actual);
  const visible = (element: Element) =>
    element.getClientRects().length > 0 && (!('checkVisibility' in element) || element.checkVisibility({ visibilityProperty: true }));
  const byIds = (ids: string) =>
    squash(
      ids
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent)
        .join(' '),
    );
  const labelOf = (element: Element): string => {
    const labelledBy = element.getAttribute('aria-labelledby');
    if (labelledBy) return byIds(labelledBy);
    const aria = element.getAttribute('aria-label');
    if (aria) return squash(aria);
    const labels = (element as HTMLInputElement).labels;
    if (labels && labels.length > 0) {
      // A label's text without the required-field asterisk Mantine adds inside it.
      return squash(
        Array.from(labels)
          .map((label) => {
            const copy = label.cloneNode(true) as HTMLElement;
            copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
            return copy.textContent;
          })
          .join(' '),
      );
    }
    if (element instanceof HTMLImageElement) return squash(element.alt);
    return squash((element as HTMLElement).innerText ?? element.textContent);
  };
  const selectors: Record<Role, string> = {
    heading: 'h1, h2, h3, h4, h5, h6, [role="heading"]',
    button: 'button, [role="button"], input[type="submit"], input[type="button"]',
    link: 'a[href], [role="link"]',
    textbox: 'input:not([type]), input[type="text"], input[type="email"], input[type="password"], input[type="tel"], textarea, [role="textbox"]',
    combobox: 'select, [role="combobox"]',
    radio: 'input[type="radio"], [role="radio"]',
    alert: '[role="alert"]',
    dialog: 'dialog, [role="dialog"]',
    img: 'img, [role="img"]',
    region: 'section[aria-label], section[aria-labelledby], [role="region"]',
  };

  const root = query.within ? Array.from(document.querySelectorAll(query.within)).find(visible) : document.body;
  if (!root) return null;
  let candidates: Element[];
  if (query.role) {
    candidates = Array.from(root.querySelectorAll(selectors[query.role])).filter((element) => {
      if (query.level && /^H[1-6]$/.test(element.tagName) && Number(element.tagName[1]) !== query.level) return false;
      return query.name === undefined || matches(labelOf(element), query.name);
    });
  } else if (query.label !== undefined) {
    const wanted = query.label;
    candidates = Array.from(root.querySelectorAll('input, select, textarea, [role="textbox"], [role="combobox"]')).filter((element) =>
      matches(labelOf(element), wanted),
    );
  } else if (query.text !== undefined) {
    const wanted = query.text;
    const all = Array.from(root.querySelectorAll('*')).filter((element) => matches(squash((element as HTMLElement).innerText), wanted));
    // The innermost: no other match inside it.
    candidates = all.filter((element) => !all.some((other) => other !== element && element.contains(other)));
  } else {
    candidates = [];
  }
  const shown = candidates.filter(visible);
  const element = shown[0];
  if (!element) return null;
  element.setAttribute('data-engine-target', mark);
  const select = element instanceof HTMLSelectElement ? element : null;
  return {
    selector: `[data-engine-target="${mark}"]`,
    text: squash((element as HTMLElement).innerText),
    value: 'value' in element ? String((element as HTMLInputElement).value) : null,
    disabled: (element as HTMLButtonElement).disabled === true || element.getAttribute('aria-disabled') === 'true',
    selected: select ? squash(select.selectedOptions[0]?.textContent) : null,
    count: shown.length,
  };
}

/** The value of the option of a select (found by `selector`) whose text is `label`. */
export function optionValue(selector: string, label: string): string | null {
  const select = document.querySelector<HTMLSelectElement>(selector);
  const option = Array.from(select?.options ?? []).find((candidate) => candidate.textContent?.replace(/\s+/g, ' ').trim() === label);
  return option ? option.value : null;
}
