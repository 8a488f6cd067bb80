import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { CSS_VARIABLES_LEFT_OUT, muiWithoutCssVariables } from './mui-without-css-variables.ts';

const WEB_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** A page that makes a theme and provides it, as app/MuiTheme.tsx does. */
const ENTRY = `import { createTheme, ThemeProvider } from '@mui/material/styles';
export const theme = createTheme({ palette: { mode: 'dark' } });
export const Provider = ThemeProvider;`;

async function bundle(plugins: Plugin[]): Promise<string> {
  const entry: Plugin = {
    name: 'test-entry',
    resolveId: (id) => (id === 'virtual:entry' ? '\0virtual:entry' : null),
    load: (id) => (id === '\0virtual:entry' ? ENTRY : null),
  };
  const output = await build({
    configFile: false,
    root: WEB_ROOT,
    logLevel: 'silent',
    plugins: [entry, ...plugins],
    build: {
      write: false,
      minify: false,
      rolldownOptions: {
        input: 'virtual:entry',
        external: [/^react/, /^@emotion\//],
        preserveEntrySignatures: 'strict',
      },
    },
  });
  const [result] = Array.isArray(output) ? output : [output];
  if (!('output' in result)) throw new Error('no bundle');
  return result.output.map((file) => (file.type === 'chunk' ? file.code : '')).join('\n');
}

describe('muiWithoutCssVariables (built with Vite)', () => {
  it('leaves MUI’s CSS-variables theme and provider out, with a stand-in that says why', async () => {
    const code = await bundle([muiWithoutCssVariables()]);
    expect(code).toContain('createThemeNoVars');
    expect(code).not.toContain('colorSchemeSelector');
    expect(code).not.toContain('createCssVarsProvider');
    expect(code).toContain(CSS_VARIABLES_LEFT_OUT);
  });

  it('keeps them without it (MUI picks one at run time)', async () => {
    const code = await bundle([]);
    expect(code).toContain('colorSchemeSelector');
    expect(code).toContain('createCssVarsProvider');
  });
});
