/**
 * Offline use of the device tools (decision 205): once the visitor has chosen "On this device", the site's service
 * worker (`/sw.js`, written by the build) keeps this page, the scripts and styles it loaded and the qpdf module, so
 * the page opens and works again without a network. API calls are never kept.
 */

export const SERVICE_WORKER_PATH = '/sw.js';

let registering: Promise<ServiceWorker | undefined> | undefined;

function activeWorker(): Promise<ServiceWorker | undefined> {
  if (!('serviceWorker' in navigator)) return Promise.resolve(undefined);
  registering ??= navigator.serviceWorker
    .register(SERVICE_WORKER_PATH)
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => registration.active ?? undefined)
    .catch((error: unknown) => {
      // Offline use is an extra: the tools work without it.
      console.warn('The service worker could not be registered.', error);
      return undefined;
    });
  return registering;
}

/** This page, its icon and manifest, and everything it has loaded so far, as same-origin URLs. */
function pageResources(): string[] {
  const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel~="icon"], link[rel="manifest"]')];
  const urls = [
    ...links.map((link) => link.href),
    ...performance.getEntriesByType('resource').map((entry) => entry.name),
  ];
  return [location.href.split('#')[0]!, ...urls.filter((url) => url.startsWith(location.origin))];
}

/** Asks the service worker to keep this page, what it has loaded, and `extra` (the wasm the worker fetched). */
export function keepForOffline(extra: readonly string[] = []): void {
  void activeWorker().then((worker) =>
    worker?.postMessage({
      type: 'keep',
      urls: [...pageResources(), ...extra.map((url) => new URL(url, location.href).href)],
    }),
  );
}
