import { describe, expect, it } from 'vitest';
import { createAppTheme } from './theme';

describe('createAppTheme', () => {
  // The build leaves MUI's CSS-variables themes out (apps/web/build/mui-without-css-variables.ts): the app's theme
  // must take the path without them, in every mode and direction.
  it.each([
    ['light', 'ltr'],
    ['dark', 'rtl'],
  ] as const)('makes a theme without CSS variables (%s, %s)', (mode, direction) => {
    const theme = createAppTheme('blue', mode, direction);
    expect('colorSchemes' in theme).toBe(false);
    expect('vars' in theme).toBe(false);
    expect(theme.palette.mode).toBe(mode);
    expect(theme.direction).toBe(direction);
  });
});
