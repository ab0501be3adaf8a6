import { en, type MessageKey } from './en';

export type { MessageKey };

const catalogue: Record<MessageKey, string> = en;

/** Looks a text up by key and fills its {placeholders}. */
export function t(key: MessageKey, vars?: Record<string, string | number>): string {
  const text = catalogue[key];
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in vars ? String(vars[name]) : whole,
  );
}
