import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Manifest, Plugin } from 'vite';

/** 1 KB = 1,024 bytes, as the budgets and docs/performance.md count. */
export const KB = 1024;

/** What one route may download: its JavaScript and CSS, each file gzip-compressed as the server sends it. */
export interface Budget {
  name: string;
  /**
   * Keys of Vite's manifest (source paths relative to apps/web): `index.html`, the route's lazy pages and whatever
   * else the route loads as soon as it shows (its language file, drawers mounted with it). Each one's static imports
   * count too, transitively; its dynamic imports do not (list them when the route loads them at once).
   */
  entries: readonly string[];
  /** The most the route's files may weigh, in KB of gzip. */
  maxGzipKb: number;
}

export interface RouteFile {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}

export interface BudgetResult {
  name: string;
  files: RouteFile[];
  raw: number;
  gzip: number;
  brotli: number;
  maxGzip: number;
  over: boolean;
}

/** The output files (JS chunks and CSS) the entries load: each entry's chunk and its static imports, transitively. */
export function routeFiles(manifest: Manifest, entries: readonly string[]): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string, from: string | null) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) {
      throw new Error(
        from
          ? `the manifest has no "${key}", imported by "${from}"`
          : `"${key}" is not an entry of the build's manifest: update the budget's entries (apps/web/vite.config.ts)`,
      );
    }
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported, key);
  };
  for (const entry of entries) visit(entry, null);
  return [...files].sort();
}

export function compressedSizes(content: Buffer): { gzip: number; brotli: number } {
  return {
    gzip: zlib.gzipSync(content, { level: zlib.constants.Z_BEST_COMPRESSION }).length,
    brotli: zlib.brotliCompressSync(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }).length,
  };
}

/** Measures each budget's files in `outDir` (each file compressed on its own, as the browser receives it). */
export function measureBudgets(manifest: Manifest, outDir: string, budgets: readonly Budget[]): BudgetResult[] {
  const sizes = new Map<string, RouteFile>();
  const measure = (file: string): RouteFile => {
    let known = sizes.get(file);
    if (!known) {
      const content = fs.readFileSync(path.join(outDir, file));
      known = { file, raw: content.length, ...compressedSizes(content) };
      sizes.set(file, known);
    }
    return known;
  };
  return budgets.map((budget) => {
    const files = routeFiles(manifest, budget.entries).map(measure);
    const total = (pick: (file: RouteFile) => number) => files.reduce((sum, file) => sum + pick(file), 0);
    const gzip = total((file) => file.gzip);
    const maxGzip = Math.round(budget.maxGzipKb * KB);
    return {
      name: budget.name,
      files,
      raw: total((file) => file.raw),
      gzip,
      brotli: total((file) => file.brotli),
      maxGzip,
      over: gzip > maxGzip,
    };
  });
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

/** One line per budget: files, raw, gzip against the budget, brotli. */
export function budgetReport(results: readonly BudgetResult[]): string {
  return results
    .map(
      (result) =>
        `${result.over ? '✘' : '✔'} ${result.name}: ${result.files.length} files, ${kb(result.raw)} raw, ` +
        `${kb(result.gzip)} gzip (budget ${kb(result.maxGzip)}), ${kb(result.brotli)} brotli`,
    )
    .join('\n');
}

/** Where the build leaves each budget's files, for the browser tests that check what a route really downloads. */
export const BUDGETS_FILE = '.vite/budgets.json';

/**
 * Vite plugin: after the build, measures every budget from the manifest (`build.manifest: true`), prints the report,
 * writes it to `.vite/budgets.json` and fails the build when a route is over its budget or names an entry the
 * manifest lacks.
 */
export function bundleBudgets(budgets: readonly Budget[]): Plugin {
  let outDir = '';
  let manifestFile = '';
  return {
    name: 'atiende-bundle-budgets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      const manifest = config.build.manifest;
      if (!manifest) throw new Error('bundle budgets read the manifest: set build.manifest to true');
      manifestFile = path.join(outDir, typeof manifest === 'string' ? manifest : '.vite/manifest.json');
    },
    closeBundle: {
      order: 'post',
      handler() {
        const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
        const results = measureBudgets(manifest, outDir, budgets);
        const report = budgetReport(results);
        const byName = Object.fromEntries(results.map((result) => [result.name, result]));
        fs.writeFileSync(path.join(outDir, BUDGETS_FILE), `${JSON.stringify(byName, null, 2)}\n`);
        const over = results.filter((result) => result.over);
        if (over.length > 0) {
          this.error(
            `bundle budget exceeded (${over.map((result) => result.name).join(', ')}):\n${report}\n` +
              'Load what the route does not need at once lazily, or change the budget deliberately ' +
              '(apps/web/vite.config.ts, docs/performance.md).',
          );
        }
        this.info(`bundle budgets (gzip, each file on its own):\n${report}`);
      },
    },
  };
}
