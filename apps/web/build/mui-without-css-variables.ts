import type { Plugin } from 'vite';

/** MUI's dispatchers and the CSS-variables halves they import, which the build leaves out. */
const LEFT_OUT: Record<string, string> = {
  'createTheme.mjs': './createThemeWithVars.mjs',
  'ThemeProvider.mjs': './ThemeProviderWithVars.mjs',
};
const IMPORTER = /[\\/]@mui[\\/]material[\\/]styles[\\/]([A-Za-z]+\.mjs)$/;
const STAND_IN = '\0mui-css-variables-left-out';

export const CSS_VARIABLES_LEFT_OUT =
  'MUI themes with CSS variables (cssVariables, colorSchemes) are left out of the build (apps/web/build/mui-without-css-variables.ts)';

/**
 * Vite plugin: MUI's `createTheme` and `ThemeProvider` choose at run time between a theme without CSS variables and
 * one with them, so the bundler keeps both: `createThemeWithVars`, `CssVarsProvider` and the colour-scheme script,
 * about 7 KB of gzip on every page of the workspace. The app's theme (app/theme.ts) passes neither `cssVariables` nor
 * `colorSchemes`, which is the path without variables, so the build gives those two imports a stand-in that throws
 * if ever reached. MUI did the same for its own default theme (mui/material-ui#48607). The build fails if MUI's files
 * changed and a dispatcher's import was not found, so the saving cannot vanish unnoticed.
 */
export function muiWithoutCssVariables(): Plugin {
  const replaced = new Set<string>();
  return {
    name: 'atiende-mui-without-css-variables',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      replaced.clear();
    },
    resolveId(source, importer) {
      const dispatcher = importer?.match(IMPORTER)?.[1];
      if (!dispatcher || LEFT_OUT[dispatcher] !== source) return null;
      replaced.add(dispatcher);
      return STAND_IN;
    },
    load(id) {
      if (id !== STAND_IN) return null;
      return [
        `const leftOut = () => { throw new Error(${JSON.stringify(CSS_VARIABLES_LEFT_OUT)}); };`,
        'export default leftOut;',
        'export const CssVarsProvider = leftOut;',
      ].join('\n');
    },
    buildEnd(error) {
      if (error) return;
      // Each dispatcher the bundle holds must have had its import replaced.
      for (const id of this.getModuleIds()) {
        const dispatcher = id.match(IMPORTER)?.[1];
        if (dispatcher && dispatcher in LEFT_OUT && !replaced.has(dispatcher)) {
          this.error(
            `mui-without-css-variables: MUI's ${dispatcher} no longer imports ${LEFT_OUT[dispatcher]}: ` +
              'update the plugin for this MUI version',
          );
        }
      }
    },
  };
}
