// @ts-nocheck
// 
import { vitePlugin as remix } from '@remix-run/dev';
import { defineConfig } from 'vite';

declare module '@remix-run/node' {
  // Single fetch changes loader/action typing; this tells useLoaderData about it.
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  // The lead's one-process server mounts build/server and serves build/client at /.
  plugins: [
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
  ],
  build: {
    // Small town, slow connection: keep the JS lean and let gzip do the rest.
    target: 'es2020',
  },
  server: { port: 5173 },
});
