import path from 'node:path';
import type { Plugin } from 'vite';

/** One chunk of library code: the libraries a route loads at once that no earlier group took. */
export interface RouteChunk {
  /** The chunk's name (`assets/<name>-<hash>.js`). */
  name: string;
  /**
   * The route's entries, as in its budget (build/bundle-budget.ts): source paths relative to the app's root and the
   * virtual modules the route loads at once. Their static imports count, transitively; dynamic imports do not.
   */
  entries: readonly string[];
}

const NODE_MODULES = /[\\/]node_modules[\\/]/;
/**
 * Modules whose imports are not followed: the contracts' index imports every schema (and zod) though a page uses a
 * constant or two of them (`"sideEffects": false` lets the build drop the rest).
 */
const BARRELS = /[\\/]packages[\\/]contracts[\\/]src[\\/]index\.ts$/;

/**
 * Vite plugin: gathers the libraries (node_modules) each route statically loads into one chunk per route, so a route
 * downloads a few larger files instead of dozens of small ones (each file is compressed on its own: the small ones
 * lose the redundancy gzip and brotli find across MUI's components). Chunks are taken in order: the second holds only
 * what the first does not, so the login page's chunk never grows with the workspace's libraries. Libraries no route
 * loads at once (the date pickers, the rich text editor, the pages' own libraries) keep Vite's own splitting by
 * dynamic import.
 *
 * The route's module graph is read when the build ends (static imports only), then `output.codeSplitting` assigns
 * each module of node_modules to the first chunk whose route reaches it.
 */
export function routeChunks(chunks: readonly RouteChunk[]): Plugin {
  let root = '';
  const members: Set<string>[] = chunks.map(() => new Set());
  const chunkOf = (id: string): string | null => {
    if (!NODE_MODULES.test(id)) return null;
    const index = members.findIndex((set) => set.has(id));
    return index === -1 ? null : chunks[index].name;
  };
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
          groups: [{ name: (id: string) => chunkOf(id) }],
        },
      };
    },
    buildEnd(error) {
      if (error) return;
      const byId = new Map<string, string>();
      for (const id of this.getModuleIds()) byId.set(id, id);
      const resolveEntry = (entry: string): string => {
        const candidates = [path.resolve(root, entry), `\0${entry}`, entry];
        const found = candidates.find((candidate) => byId.has(candidate));
        if (!found) throw new Error(`route chunks: "${entry}" is not a module of the build (apps/web/vite.config.ts)`);
        return found;
      };
      const taken = new Set<string>();
      chunks.forEach((chunk, index) => {
        const stack = chunk.entries.map(resolveEntry);
        const seen = new Set<string>();
        while (stack.length > 0) {
          const id = stack.pop() as string;
          if (seen.has(id)) continue;
          seen.add(id);
          if (NODE_MODULES.test(id) && !taken.has(id)) {
            members[index].add(id);
            taken.add(id);
          }
          if (BARRELS.test(id)) continue;
          for (const imported of this.getModuleInfo(id)?.importedIds ?? []) stack.push(imported);
        }
      });
    },
  };
}
