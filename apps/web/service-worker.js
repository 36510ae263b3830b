/* global self, caches */
/**
 * The site's service worker (decision 205), registered only once a visitor chooses "On this device" for a page
 * tool. It keeps what such a page needs to open and work without a network: the page itself, the hashed scripts,
 * styles and fonts it loaded, and the qpdf module. The build writes it to `/sw.js` with its own build id, so a new
 * build installs a new worker whose cache replaces the old one (old hashed assets go with it). Requests to the API
 * (`/functions/`, `/api/`) and anything not a GET are never answered from here.
 */
const CACHE = 'paperknife-__BUILD_ID__';
const NEVER_KEPT = ['/functions/', '/api/'];

const keepable = (url) =>
  url.origin === self.location.origin && !NEVER_KEPT.some((path) => url.pathname.startsWith(path));

self.addEventListener('install', () => self.skipWaiting());

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith('paperknife-') && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

/** The page asks to keep itself and what it loaded (`keepForOffline` in the app). */
self.addEventListener('message', (event) => {
  if (event.data?.type !== 'keep' || !Array.isArray(event.data.urls)) return;
  event.waitUntil(keep(event.data.urls));
});

async function keep(urls) {
  const cache = await caches.open(CACHE);
  await Promise.all(
    urls.map(async (href) => {
      const url = new URL(href, self.location.origin);
      url.hash = '';
      if (!keepable(url) || (await cache.match(url.href))) return;
      const response = await fetch(url.href).catch(() => undefined);
      if (response?.ok) await cache.put(url.href, response);
    }),
  );
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || !keepable(url)) return;
  event.respondWith(url.pathname.startsWith('/assets/') ? cacheFirst(request) : networkFirst(request));
});

/** Hashed assets never change: from the cache when there, else fetched and kept. */
async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

/** Pages and other files: from the network (a kept page is refreshed), from the cache only when offline. */
async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && (await cache.match(request, { ignoreSearch: true }))) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(request, { ignoreSearch: true });
    if (cached) return cached;
    throw error;
  }
}
