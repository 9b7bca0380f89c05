import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The operations console: its own bundle, served by the API at /console, never part of the
// widget's budgets. Each section loads when opened.
export default defineConfig({
  base: '/console/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: true,
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
