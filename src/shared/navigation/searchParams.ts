/** Keeps only the named query parameters that are plain strings (a repeated or odd value is dropped). */
export function stringParams<K extends string>(search: Record<string, unknown>, names: readonly K[]): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const name of names) {
    const value = search[name];
    if (typeof value === 'string') out[name] = value;
    else if (typeof value === 'number') out[name] = String(value);
  }
  return out;
}
