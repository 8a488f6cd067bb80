/** A route's `:id` as a positive integer, or null when it is not one (the page then shows not found). */
export function parseId(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}
