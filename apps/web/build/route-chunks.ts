import path from 'node:path';
import type { Plugin } from 'vite';

/** What one route loads at once, and the chunks its code goes into. */
export interface RouteChunk {
  /** The chunk of the libraries (node_modules) the route loads at once that no earlier route took. */
  name: string;
  /** The chunk of the app's own modules that this route alone loads at once. */
  appName: string;
  /**
   * The route's entries, as in its budget (build/bundle-budget.ts): source paths relative to the app's root and the
   * virtual modules the route loads at once. Their static imports count, transitively; dynamic imports do not.
   */
  entries: readonly string[];
}

/** The chunk of the app's own modules that more than one route loads at once (the router, the API client, …). */
export const SHARED_APP_CHUNK = 'app';

const NODE_MODULES = /[\\/]node_modules[\\/]/;
/**
 * Modules whose imports are not followed: the contracts' index imports every schema (and zod) though a page uses a
 * constant or two of them (`"sideEffects": false` lets the build drop the rest).
 */
const BARRELS = /[\\/]packages[\\/]contracts[\\/]src[\\/]index\.ts$/;

/** The module graph as the plan reads it: each route's entry modules and each module's static imports. */
export interface ModuleGraph {
  entries: readonly (readonly string[])[];
  importedIds(id: string): readonly string[];
  /** The app's own modules (TypeScript under src/); virtual modules such as the texts' parts are not. */
  isAppModule(id: string): boolean;
}

/**
 * Which chunk each module goes into. A library goes to the first route that reaches it, so the login page's chunk never
 * takes one of the workspace's. An app module goes by the routes that reach it: to its route's own chunk when one
 * route alone does, to the shared one when several do, so the workspace does not download the sign-in form's code.
 * Libraries and app code stay apart: a release changes the app's chunks and leaves the libraries' in the cache.
 * Modules no route reaches are not in the plan: they keep Vite's splitting by dynamic import.
 */
export function planRouteChunks(chunks: readonly RouteChunk[], graph: ModuleGraph): Map<string, string> {
  const plan = new Map<string, string>();
  const appRoutes = new Map<string, number[]>();
  chunks.forEach((chunk, index) => {
    const stack = [...graph.entries[index]];
    const seen = new Set<string>();
    while (stack.length > 0) {
      const id = stack.pop() as string;
      if (seen.has(id)) continue;
      seen.add(id);
      if (NODE_MODULES.test(id)) {
        if (!plan.has(id)) plan.set(id, chunk.name);
      } else if (graph.isAppModule(id)) {
        appRoutes.set(id, [...(appRoutes.get(id) ?? []), index]);
      }
      if (BARRELS.test(id)) continue;
      stack.push(...graph.importedIds(id));
    }
  });
  for (const [id, routes] of appRoutes) {
    plan.set(id, routes.length > 1 ? SHARED_APP_CHUNK : chunks[routes[0]].appName);
  }
  return plan;
}

/**
 * Vite plugin: puts what each route loads at once into a few larger files instead of dozens of small ones (each file
 * is compressed on its own, so small ones lose the redundancy gzip and brotli find across MUI's components and across
 * the app's modules): the libraries in one chunk per route, the app's own code in one chunk per route plus one for what
 * the routes share (`planRouteChunks`). A route's lazy pages become small files that re-export from its chunk. What no
 * route loads at once (date pickers, rich text editor, administration pages) keeps Vite's splitting by dynamic import.
 *
 * The routes' module graph is read when the build ends (static imports only), then `output.codeSplitting` assigns
 * each planned module to its chunk; the libraries' group goes first, so an app chunk never takes a library.
 */
export function routeChunks(chunks: readonly RouteChunk[]): Plugin {
  let root = '';
  let plan = new Map<string, string>();
  const chunkOf = (library: boolean) => (id: string) =>
    NODE_MODULES.test(id) === library ? (plan.get(id) ?? null) : null;
  return {
    name: 'atiende-route-chunks',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    outputOptions(options) {
      return {
        ...options,
        codeSplitting: {
          // One group per chunk name; `name` returns null for modules no route loads at once.
          groups: [
            { name: chunkOf(true), priority: 1 },
            { name: chunkOf(false), priority: 0 },
          ],
        },
      };
    },
    buildEnd(error) {
      if (error) return;
      const ids = new Set(this.getModuleIds());
      const resolveEntry = (entry: string): string => {
        const candidates = [path.resolve(root, entry), `\0${entry}`, entry];
        const found = candidates.find((candidate) => ids.has(candidate));
        if (!found) throw new Error(`route chunks: "${entry}" is not a module of the build (apps/web/vite.config.ts)`);
        return found;
      };
      const src = path.join(root, 'src') + path.sep;
      plan = planRouteChunks(chunks, {
        entries: chunks.map((chunk) => chunk.entries.map(resolveEntry)),
        importedIds: (id) => this.getModuleInfo(id)?.importedIds ?? [],
        isAppModule: (id) => id.startsWith(src) && /\.tsx?$/.test(id),
      });
    },
  };
}
