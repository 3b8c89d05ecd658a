import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

/**
 * The back office is a static SPA served by the API process under /admin (SPA fallback to
 * dist/index.html). Pages are React.lazy chunks, so the login page downloads React, the router,
 * Refine's core and a handful of antd components — not the layout, tables or icons.
 */
export default defineConfig({
  base: '/admin/',
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json: what each route's chunks import (npm run bench:backoffice-bundle).
    manifest: true,
    chunkSizeWarningLimit: 700,
    rollupOptions: {
      treeshake: {
        // @refinedev/antd (useTable, decision 240) imports react-markdown, remark-gfm and dayjs at
        // its top for its MarkdownField and DateField, which the back office never renders. Those
        // packages declare no `sideEffects`, so Rollup kept them (about 50 KB gzipped) in every list
        // screen. They have none: when nothing of theirs is used, they are left out.
        moduleSideEffects: (id) => !/\/node_modules\/(react-markdown|remark-gfm|dayjs)\//.test(id),
      },
      onwarn(warning, warn) {
        // zod 4 places some /*@__PURE__*/ comments where Rollup cannot use them; nothing to act on.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/zod/')) return;
        warn(warning);
      },
    },
  },
  server: {
    // `npm run dev -w @reportsaathi/backoffice` with the API on :3000.
    proxy: { '/api': 'http://localhost:3000' },
  },
});
