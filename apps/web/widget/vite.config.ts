import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from '../build/compress.ts';

/** Collapses the whitespace of the style sheet string (minifiers keep template literals as they are). */
function compactStyles(): Plugin {
  return {
    name: 'atiende-widget-compact-styles',
    transform(code, id) {
      if (!id.endsWith('/widget/src/styles.ts')) return null;
      return code.replace(
        /`([^`]*)`/,
        (_, css: string) =>
          `\`${css
            .replace(/\s+/g, ' ')
            .replace(/\s*([{};,>])\s*/g, '$1')
            .replace(/:\s+/g, ':')
            .trim()}\``,
      );
    },
  };
}

/**
 * The omni widget's embed script, built apart from the app into apps/web/dist-widget:
 * `vite build -c widget/vite.config.ts` → widget.js (IIFE, no framework), and with `--mode io` → widget-io.js
 * (socket.io-client as the global AtiendeWidgetIo, loaded lazily when the chat opens). The server serves both.
 */
export default defineConfig(({ mode }) => {
  const io = mode === 'io';
  const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
  return {
    root: here('.'),
    publicDir: false,
    logLevel: 'warn',
    plugins: io ? [precompress()] : [compactStyles(), precompress()],
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir: here('../dist-widget'),
      // The first build (widget.js) empties the folder; the second adds widget-io.js next to it.
      emptyOutDir: !io,
      target: 'es2020',
      minify: true,
      sourcemap: false,
      reportCompressedSize: false,
      lib: {
        entry: here(io ? 'src/io.ts' : 'src/widget.ts'),
        formats: ['iife'],
        name: io ? 'AtiendeWidgetIo' : 'AtiendeWidget',
        fileName: () => (io ? 'widget-io.js' : 'widget.js'),
      },
    },
  };
});
