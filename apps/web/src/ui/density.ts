/** Table row densities; each table remembers its own choice in localStorage. */
export const DENSITIES = ['small', 'medium', 'big'] as const;
export type Density = (typeof DENSITIES)[number];

export const densityStorageKey = (tableId: string) => `dataTable.density.${tableId}`;

export function readDensity(tableId: string, fallback: Density = 'medium'): Density {
  try {
    const value = window.localStorage.getItem(densityStorageKey(tableId));
    return (DENSITIES as readonly string[]).includes(value ?? '') ? (value as Density) : fallback;
  } catch {
    return fallback;
  }
}

export function writeDensity(tableId: string, density: Density): void {
  try {
    window.localStorage.setItem(densityStorageKey(tableId), density);
  } catch {
    // Storage unavailable: the choice lasts for this page only.
  }
}
