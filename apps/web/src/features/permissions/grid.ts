/** Whether a category's permissions are all, some or none selected (for the "select all" checkbox). */
export function categoryState(keys: readonly string[], selected: ReadonlySet<string>): 'all' | 'some' | 'none' {
  const count = keys.filter((key) => selected.has(key)).length;
  if (count === 0) return 'none';
  return count === keys.length ? 'all' : 'some';
}

/** Selects or clears every permission of a category, keeping the others. */
export function toggleCategory(keys: readonly string[], selected: ReadonlySet<string>, checked: boolean): Set<string> {
  const next = new Set(selected);
  for (const key of keys) {
    if (checked) next.add(key);
    else next.delete(key);
  }
  return next;
}
