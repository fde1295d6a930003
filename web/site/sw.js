// The web build's service worker (docs/web.md): every file of the site is
// kept on the first visit, and answered from there afterwards, so the
// site works offline. VERSION changes with any file's contents (make web
// writes it, and the list), so a new build replaces the old copy.
const VERSION = '@VERSION@';
const FILES = [/* @FILES@ */];

self.addEventListener('install', (e) => {
  e.waitUntil(
    caches
      .open(VERSION)
      .then((cache) => cache.addAll(FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (e) => {
  e.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== VERSION).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (e) => {
  if (e.request.method !== 'GET') return;
  e.respondWith(
    caches.open(VERSION).then((cache) =>
      cache.match(e.request, { ignoreSearch: true }).then((hit) => hit || fetch(e.request)),
    ),
  );
});
