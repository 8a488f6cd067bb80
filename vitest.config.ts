import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { localeParts } from './apps/web/build/locale-parts.ts';

/** The API suite's log audit reads what every other file logged: it runs last. */
class LogAuditLast extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isAudit = (file: TestSpecification) => file.moduleId.endsWith('log-audit.api.test.ts');
    return [...sorted.filter((file) => !isAudit(file)), ...sorted.filter(isAudit)];
  }
}

// Vitest 5's reporter calls Map.groupBy (Node 21+) when it prints failures; Node 20 lacks it.
if (!('groupBy' in Map)) {
  Object.defineProperty(Map, 'groupBy', {
    value<K, V>(items: Iterable<V>, keyOf: (item: V, index: number) => K): Map<K, V[]> {
      const groups = new Map<K, V[]>();
      let index = 0;
      for (const item of items) {
        const key = keyOf(item, index++);
        const group = groups.get(key);
        if (group) group.push(item);
        else groups.set(key, [item]);
      }
      return groups;
    },
  });
}

export default defineConfig({
  test: {
    // A root option: Vitest sorts the files of every project with one sequencer.
    sequence: { sequencer: LogAuditLast },
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/contracts/src/**/*.test.ts',
            'apps/server/src/**/*.unit.test.ts',
            // The web build's own steps (precompression, bundle budgets).
            'apps/web/build/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        // The app's texts are loaded in parts (apps/web/src/core/i18n.ts).
        plugins: [localeParts(fileURLToPath(new URL('./apps/web/src', import.meta.url)))],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          // Both languages' texts, which the app loads one at a time (core/i18n.ts).
          setupFiles: ['apps/web/src/test/setup.ts'],
          // A whole page rendered in happy-dom is CPU work: on a loaded 2-core machine a form test takes seconds, and
          // its waits (test/dom.ts `waitUntil`) are bounded in real time; the default 5 s made them fail under load.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.api.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // The suite shares one database and two cores: files run one after another, tests inside stay fast.
          fileParallelism: false,
          // One process runs them all: the server's modules load once for the run instead of once per file (the
          // stage took 11 minutes, 6 without it). The server keeps no state in a module outside the app it belongs
          // to (module-level caches are WeakMaps keyed by the app's objects), so files cannot see each other's apps.
          isolate: false,
          // Memory tests (a 200,000-row report) measure what stays on the heap after a collection.
          execArgv: ['--expose-gc'],
        },
      },
    ],
  },
});
