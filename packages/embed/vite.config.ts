import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/** One self-contained IIFE, `dist/embed.js`, defining the global `Visita`. */
export default defineConfig({
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2019',
    minify: true,
    reportCompressedSize: true,
    lib: {
      entry: fileURLToPath(new URL('./src/index.ts', import.meta.url)),
      name: 'Visita',
      formats: ['iife'],
      fileName: () => 'embed.js',
    },
  },
});
