import { build, type Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { markDefinitionsPure, pureDefinitions } from './pure-definitions.ts';

describe('markDefinitionsPure', () => {
  it('marks the calls of top-level definitions, each call of a chain on its own', () => {
    const code = 'export const schema = z.object({ name: z.string().trim().min(1) });\n';
    expect(markDefinitionsPure(code, 'defs.js')).toBe(
      'export const schema = /*@__PURE__*/ z.object({ name: /*@__PURE__*/ (/*@__PURE__*/ (/*@__PURE__*/ z.string()).trim()).min(1) });\n',
    );
  });

  it('leaves function bodies, statements and modules without calls alone', () => {
    expect(markDefinitionsPure('export const LIMIT = 10;\n', 'defs.js')).toBeNull();
    expect(markDefinitionsPure('register(schema);\n', 'defs.js')).toBeNull();
    expect(markDefinitionsPure('export const check = () => audit(1);\n', 'defs.js')).toBeNull();
    expect(markDefinitionsPure('export function check() { return audit(1); }\n', 'defs.js')).toBeNull();
    expect(markDefinitionsPure('export const rule = make((v) => audit(v));\n', 'defs.js')).toBe(
      'export const rule = /*@__PURE__*/ make((v) => audit(v));\n',
    );
  });
});

/** A library whose every call has a side effect the bundler can see (it records the call), as zod's builders do. */
const LIBRARY = `export const calls = [];
export function make(name) { calls.push(name); return { name, and: (next) => make(name + next) }; }`;

const DEFINITIONS = `import { make } from 'virtual:library';
export const USED = make('kept-definition');
export const UNUSED = make('dropped-definition').and('-chained');
export const LIMIT = 10;`;

async function bundle(plugins: Plugin[]): Promise<string> {
  const modules: Record<string, string> = {
    'virtual:entry': `import { USED, LIMIT } from 'virtual:definitions'; console.log(USED, LIMIT);`,
    'virtual:definitions': DEFINITIONS,
    'virtual:library': LIBRARY,
  };
  const virtual: Plugin = {
    name: 'test-virtual-modules',
    resolveId: (id) => (id in modules ? `\0${id}` : null),
    load: (id) => (id.startsWith('\0') ? modules[id.slice(1)] : null),
  };
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    plugins: [virtual, ...plugins],
    build: { write: false, minify: false, rolldownOptions: { input: 'virtual:entry' } },
  });
  const [result] = Array.isArray(output) ? output : [output];
  if (!('output' in result)) throw new Error('no bundle');
  return result.output.map((file) => (file.type === 'chunk' ? file.code : '')).join('\n');
}

describe('pureDefinitions (built with Vite)', () => {
  it('drops the definitions nothing uses and keeps those used', async () => {
    const code = await bundle([pureDefinitions((id) => id.includes('virtual:definitions'))]);
    expect(code).toContain('kept-definition');
    expect(code).not.toContain('dropped-definition');
  });

  it('keeps every definition without it (each call might have side effects)', async () => {
    const code = await bundle([]);
    expect(code).toContain('kept-definition');
    expect(code).toContain('dropped-definition');
  });
});
