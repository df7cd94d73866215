/// <reference lib="webworker" />
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';

const CACHE = 'cairn-ocr';

/**
 * The OCR files (tesseract's worker, wasm core and English data, about 7 MB under
 * `/ocr/<content hash>/`) are not precached: most sessions never read an image. They are cached
 * here on first use and served from the cache after, offline too. Their directory name changes
 * with their content, so a cached file is never stale; when a new directory's file is stored,
 * the other directories' files are deleted (one copy kept).
 */
export function registerOcrCache(): void {
  registerRoute(
    ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/ocr/'),
    new CacheFirst({
      cacheName: CACHE,
      plugins: [
        {
          cacheDidUpdate: async ({ request }) => {
            const dir = new URL(request.url).pathname.split('/')[2];
            const cache = await caches.open(CACHE);
            for (const old of await cache.keys()) {
              if (new URL(old.url).pathname.split('/')[2] !== dir) await cache.delete(old);
            }
          },
        },
      ],
    }),
  );
}
