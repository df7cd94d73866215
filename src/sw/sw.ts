/// <reference lib="webworker" />
// Cairn's service worker (vite-plugin-pwa injectManifest): precaches the app shell so the app
// loads with the network off, and answers navigations with the cached index.html. A new version
// waits until the user accepts the update prompt (SKIP_WAITING), so an open tab never runs a mix
// of two versions.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import './mcp';
import './notifications';
import { registerOcrCache } from './ocr/ocrCache';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Server routes are never app navigations.
const SERVER_PATHS = [/^\/mcp(\/|$)/, /^\/sync\//, /^\/auth\//, /^\/keys\//, /^\/devices(\/|$)/];
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: SERVER_PATHS }));
registerOcrCache();

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Take control of pages opened before this worker existed (the first visit), so they work
// offline without a reload.
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});
