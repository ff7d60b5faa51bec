/**
 * The build: relative URLs (base './'), so the same files work at a site's root and under any
 * sub-path (docs/hosting.md); a service worker and web app manifest from vite-plugin-pwa that
 * precache every file the app needs (its chunks, the workers', the icons), so it opens offline
 * after one visit; the catalogue of built-in scenarios and assignments without their bodies
 * (tools/catalogue-plugin.ts); and, after each build, every script's size gzipped
 * (tools/bundle-size.ts).
 */
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { sizeReport } from './tools/bundle-size.ts';
import { cataloguePlugin } from './tools/catalogue-plugin.ts';

/** Prints the scripts' sizes once the build is written. */
function bundleSizeReport(): Plugin {
  let outDir = 'dist';
  return {
    name: 'ni-lab:bundle-size',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle: {
      order: 'post',
      handler() {
        console.log(`\n${sizeReport(outDir)}`);
      },
    },
  };
}

export default defineConfig({
  base: './',
  plugins: [
    react(),
    cataloguePlugin(),
    VitePWA({
      // A new version waits until the lecturer reloads (src/shell/OfflineNotice.tsx offers it):
      // a page never reloads by itself in front of a class.
      registerType: 'prompt',
      injectRegister: null,
      // The icons are among globPatterns' files already.
      includeManifestIcons: false,
      manifest: {
        name: 'NI Lab',
        short_name: 'NI Lab',
        description:
          'Step through caches, coherence, network interfaces and torus routers, cycle by cycle.',
        start_url: './',
        scope: './',
        display: 'standalone',
        theme_color: '#0072B2',
        background_color: '#ffffff',
        icons: [
          { src: 'icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: 'favicon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // Only the app's own files are answered from the cache: other pages of the course site
        // under the same folder still come from the network.
        navigateFallback: null,
        cleanupOutdatedCaches: true,
        // Workbox's own code needs no source map.
        sourcemap: false,
      },
    }),
    bundleSizeReport(),
  ],
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    sourcemap: true,
    // The service worker's build (Workbox bundles and minifies it) is the slow step, every time:
    // known, so the bundler need not time it aloud.
    rolldownOptions: { checks: { pluginTimings: false } },
  },
});
