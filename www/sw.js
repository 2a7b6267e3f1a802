// The service worker: after one visit the whole site (every file of the build) runs with no network.
//
// tools/pwa-build.mjs (a Trunk post_build hook) writes this build's file list and version between
// the two `precache` markers below, so every build is a new worker script with a cache of its own,
// `jungle-<version>`, and the browser notices the new build by comparing this file's bytes.
// - install: fetch every file past the HTTP cache, each whose name carries no content hash checked
//   against its SHA-256 (the first 64 bits of it: a server half-way through a deploy cannot slip
//   an old or new file into this version's cache; a hashed name is itself the content's), into
//   this version's cache; one failure fails the install and the old version carries on.
// - then the new version waits: an open page keeps being served the files it started with, and
//   the page shows a notice (src/web/pwa.rs). It takes over on the next load: a reload of the only
//   open page, or a visit with none open; or when the notice's button asks for it.
// - activate: every other version's cache is deleted.
// - fetch: a file of the build comes from this version's cache (the query string ignored, "/"
//   meaning "/index.html"); anything else goes to the network untouched.
// A debug build (`./run dev`) has no version: the page does not register it, and a worker left
// from a release build on the same origin replaces itself with this one, which unregisters.
'use strict';

const BUILD = /* precache */ { version: null, files: [] } /* precache */;

const CACHE_PREFIX = 'tabula-';
const CACHE = `${CACHE_PREFIX}${BUILD.version}`;
// The caches of the builds from before the site had its own name: dropped as any old build's
// once this one holds every file.
const OLD_CACHE_PREFIX = 'jungle-';
/** Whether the cache `name` is one of the site's (any build's). */
const ours = (name) => name.startsWith(CACHE_PREFIX) || name.startsWith(OLD_CACHE_PREFIX);
const PRECACHED = new Set(BUILD.files.map((file) => file.path));

self.addEventListener('install', (event) => {
  if (BUILD.version === null) {
    self.skipWaiting();
    return;
  }
  event.waitUntil(precache());
});

self.addEventListener('activate', (event) => {
  event.waitUntil(BUILD.version === null ? unregister() : takeOver());
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'activate') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  if (BUILD.version === null || event.request.method !== 'GET') return;
  const path = precachedPath(new URL(event.request.url));
  if (path !== null) event.respondWith(respond(event, path));
});

async function precache() {
  const cache = await caches.open(CACHE);
  try {
    await Promise.all(
      BUILD.files.map(async ({ path, sha256 }) => {
        const url = fileUrl(path);
        const response = await fetch(url, { cache: 'no-cache' });
        if (!response.ok) throw new Error(`precaching ${path}: HTTP ${response.status}`);
        if (sha256 && (await digest(response.clone())) !== sha256) {
          throw new Error(`precaching ${path}: not this version's file`);
        }
        await cache.put(url, response);
      }),
    );
  } catch (error) {
    // Never leave half a version behind: the next visit tries again from scratch.
    await caches.delete(CACHE);
    throw error;
  }
}

/** The first 16 hex digits of the SHA-256 of `response`'s body, as the build lists them. */
async function digest(response) {
  const hash = await crypto.subtle.digest('SHA-256', await response.arrayBuffer());
  return [...new Uint8Array(hash, 0, 8)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

async function takeOver() {
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((name) => ours(name) && name !== CACHE)
      .map((name) => caches.delete(name)),
  );
  await self.clients.claim();
}

async function unregister() {
  const names = await caches.keys();
  await Promise.all(
    names.filter(ours).map((name) => caches.delete(name)),
  );
  await self.registration.unregister();
}

/** The build's name for `url` (as in BUILD.files), or null when the build has no such file. */
function precachedPath(url) {
  const scope = new URL(self.registration.scope);
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return null;
  let path = url.pathname.slice(scope.pathname.length);
  if (path === '' || path.endsWith('/')) path += 'index.html';
  return PRECACHED.has(path) ? path : null;
}

function fileUrl(path) {
  return new URL(path, self.registration.scope).href;
}

/**
 * Whether no page of the site other than the one `navigation` loads is open: none at all, or only
 * the page being reloaded (its old document lives until the new one arrives). A page open in
 * another tab keeps the old version, which must not change under it.
 */
async function nothingElseOpen(navigation) {
  const open = await self.clients.matchAll({ type: 'window' });
  return (
    open.length === 0 ||
    (open.length === 1 && open[0].url === navigation.url && open[0].visibilityState === 'visible')
  );
}

async function respond(event, path) {
  const waiting = self.registration.waiting;
  if (event.request.mode === 'navigate' && waiting && (await nothingElseOpen(event.request))) {
    // A newer version is installed and no other page uses this one: hand over, and have the
    // browser load the page again, now from the new version. A second later, not at once: a
    // reload racing the activation sometimes never finished in headless Chromium (10 in 159 test
    // runs with `refresh: 0`, none in 86 with 1; docs/offline.md).
    waiting.postMessage({ type: 'activate' });
    // (The icon link spares the browser a request for /favicon.ico, which the site does not have;
    // the colour scheme keeps that second dark on a dark system instead of a white flash.)
    const html = '<!doctype html><meta name="color-scheme" content="light dark"><link rel="icon" href="data:,">';
    return new Response(html, {
      headers: { 'content-type': 'text/html; charset=utf-8', refresh: '1' },
    });
  }
  const cached = await caches.match(fileUrl(path), { cacheName: CACHE });
  // Missing only if the browser evicted the cache: the network may still have the file.
  if (!cached) return fetch(event.request);
  // A worker takes its address from the response, and the cached one has lost the query that
  // names the worker's game (worker.js?game=shogi): a copy without an address keeps the request's.
  if (event.request.destination === 'worker') {
    return new Response(cached.body, { status: cached.status, statusText: cached.statusText, headers: cached.headers });
  }
  return cached;
}
