import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import solid from 'vite-plugin-solid';
import pkg from './package.json' with { type: 'json' };
import { earlyWorkerPlugin } from './scripts/earlyWorkerPlugin';
import { ocrAssetsPlugin } from './scripts/ocrAssetsPlugin';
import { toolsDocumentPlugin } from './scripts/toolsDocumentPlugin';

// Sent on every HTML response: WebMCP needs an origin-keyed agent cluster.
const headers = { 'Origin-Agent-Cluster': '?1' };

export default defineConfig({
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
  },
  plugins: [
    solid(),
    toolsDocumentPlugin(pkg.version),
    ocrAssetsPlugin(),
    earlyWorkerPlugin(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      injectManifest: {
        // mjs: pdf.js's worker (PDF viewer and extraction offline). The four Liberation Sans
        // faces (560 KB): the PDF export's Unicode font, so an export made offline before any
        // online one still embeds it (docs/notes.md "Export as PDF"). The OCR files (ocr/, about
        // 7 MB) are cached by the service worker on first use instead (docs/extraction.md).
        globPatterns: ['**/*.{js,mjs,css,html,png,svg,ico,webmanifest,json}', 'assets/LiberationSans-*.ttf'],
        globIgnores: ['ocr/**'],
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
      },
      devOptions: { enabled: true, type: 'module', navigateFallback: 'index.html' },
      manifest: {
        id: '/',
        name: 'Cairn — notes and tasks',
        short_name: 'Cairn',
        description: 'Local-first notes and tasks, with end-to-end-encrypted sync.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: '#1f3a34',
        background_color: '#f7f5f0',
        categories: ['productivity'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
  ],
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    sourcemap: true,
  },
  server: { host: '127.0.0.1', port: 5173, headers },
  preview: { host: '127.0.0.1', port: 4173, headers },
});
