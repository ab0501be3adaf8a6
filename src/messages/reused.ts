const made = new Map<string, unknown>();

/**
 * The Intl formatter (or plural rules) that `key` names (its kind, language and options), made the first time it
 * is asked for: making one costs far more than using one (a formatter per row was 60 ms of the
 * login history's render at CPU x4).
 */
export function reused<Formatter>(key: string, make: () => Formatter): Formatter {
  if (!made.has(key)) made.set(key, make());
  return made.get(key) as Formatter;
}
