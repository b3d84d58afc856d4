// The service worker's kill switch: the server sends it as /sw.js when started with SERVICE_WORKER=off.
// A browser that runs an older (faulty) worker installs this one on its next visit; it takes over at once,
// deletes every cache of the app and unregisters itself. Pages then load from the server as a plain site.
// It does not reload open pages: the app registers /sw.js on each load, and a reload here would loop.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.map((name) => caches.delete(name))))
      .then(() => self.registration.unregister()),
  );
});
