import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Every kilobyte reaches a phone: keep the report of sizes on.
    reportCompressedSize: true,
    // Every browser the widget supports (es2022) preloads modules itself: the polyfill would only
    // add half a kilobyte to the first screen.
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
