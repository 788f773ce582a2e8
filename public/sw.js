// The shop's service worker, written by hand so every rule is visible.
// - Hashed build files (/assets/*) never change: cache-first, kept until a new version.
// - Static images and icons: served from the cache, refreshed in the background.
// - Page navigations: always from the network (prices, stock, the cart and accounts must be
//   fresh and never another visitor's); only when the network fails, the offline page.
// - Everything else (/cart, /checkout, API, .data, uploads of forms...) is not touched at all.
// - Nothing with Set-Cookie or Cache-Control private/no-store is ever stored.
const VERSION = "v2";
const ASSETS = `sayur-assets-${VERSION}`;
const STATIC = `sayur-static-${VERSION}`;
const OFFLINE_URL = "/offline.html";
const MAX_STATIC_ENTRIES = 150;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(STATIC)
      .then((cache) => cache.add(new Request(OFFLINE_URL, { cache: "reload" })))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("sayur-") && k !== ASSETS && k !== STATIC).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

function isStorable(response) {
  if (!response || !response.ok || response.type !== "basic") return false;
  if (response.headers.has("Set-Cookie")) return false;
  const cacheControl = (response.headers.get("Cache-Control") || "").toLowerCase();
  return !/(^|[\s,])(private|no-store)([\s,]|$)/.test(cacheControl);
}

function isStaticImage(path) {
  return (
    path.startsWith("/images/") ||
    path.startsWith("/icons/") ||
    path.startsWith("/uploads/") ||
    path === "/favicon.ico" ||
    path === "/icon.svg" ||
    path === "/apple-touch-icon.png"
  );
}

async function trim(cacheName, max) {
  const cache = await caches.open(cacheName);
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - max))) await cache.delete(key);
}

async function cacheFirst(request) {
  const cache = await caches.open(ASSETS);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (isStorable(response)) await cache.put(request, response.clone());
  return response;
}

async function staleWhileRevalidate(request, event) {
  const cache = await caches.open(STATIC);
  const hit = await cache.match(request);
  const refresh = fetch(request)
    .then(async (response) => {
      if (isStorable(response)) {
        await cache.put(request, response.clone());
        await trim(STATIC, MAX_STATIC_ENTRIES);
      }
      return response;
    })
    .catch(() => hit || Response.error());
  if (hit) {
    event.waitUntil(refresh);
    return hit;
  }
  return refresh;
}

async function networkOnlyNavigation(request) {
  try {
    // Always asked of the server (a cheap 304 when nothing changed): the browser's HTTP cache
    // may hold the page under stale-while-revalidate and would hand back an old price at once.
    // A navigation request cannot be copied with new options, so it is rebuilt from its URL;
    // redirects stay "manual" so the address bar follows them as without a service worker.
    return await fetch(request.url, { cache: "no-cache", credentials: "same-origin", redirect: "manual", headers: request.headers });
  } catch {
    const offline = await caches.match(OFFLINE_URL);
    return offline || new Response("Anda sedang offline.", { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;

  if (request.mode === "navigate") {
    event.respondWith(networkOnlyNavigation(request));
    return;
  }
  if (url.search === "" && url.pathname.startsWith("/assets/")) {
    event.respondWith(cacheFirst(request));
    return;
  }
  if (isStaticImage(url.pathname)) {
    event.respondWith(staleWhileRevalidate(request, event));
  }
  // Anything else goes to the network as if there were no service worker.
});
