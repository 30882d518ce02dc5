// Thirty-One's service worker (docs/app.md#the-service-worker), served at /sw.js so its
// scope is the whole site. It shows pushed notifications, opens their page when one is
// clicked, and answers a page that cannot load for want of a network with the offline
// page. It caches that page and the files it needs, and nothing else: never a page, a
// fragment or an answer of the site, which are about the person reading them.
"use strict";

var CACHE = "{{ cache_name }}";
var OFFLINE_URL = "/offline/";
var FILES = {{ files|safe }};
var ICON = "{{ icon }}";

function cacheOffline() {
  return caches.open(CACHE).then(function (cache) {
    // The page in the language of the browser's cookie and saved choice; its files.
    return cache.addAll([OFFLINE_URL].concat(FILES));
  });
}

self.addEventListener("install", function (event) {
  event.waitUntil(cacheOffline().then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) {
        return name.indexOf("thirtyone-offline-") === 0 && name !== CACHE;
      }).map(function (name) { return caches.delete(name); }));
    }).then(function () { return self.clients.claim(); })
  );
});

// A page says its language (static/js/app.js): the offline page is fetched again in it
// when the reader changed language since it was cached.
self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.type !== "language" || typeof data.language !== "string") {
    return;
  }
  event.waitUntil(
    caches.open(CACHE).then(function (cache) {
      return cache.match(OFFLINE_URL).then(function (kept) {
        var said = kept ? kept.headers.get("Content-Language") : null;
        return said === data.language ? null : cache.add(OFFLINE_URL);
      });
    })
  );
});

self.addEventListener("fetch", function (event) {
  if (event.request.mode !== "navigate") {
    return; // everything else goes to the network as if there were no worker
  }
  event.respondWith(
    fetch(event.request).catch(function () {
      return caches.match(OFFLINE_URL, { cacheName: CACHE });
    })
  );
});

// A push's payload: {"title", "body", "url", "tag"} (docs/notifications.md#web-push).
self.addEventListener("push", function (event) {
  var said = {};
  try {
    said = event.data ? event.data.json() : {};
  } catch (error) {
    said = {};
  }
  var options = {
    body: said.body || "",
    icon: ICON,
    badge: ICON,
    data: { url: sameSite(said.url) },
  };
  if (said.tag) {
    options.tag = said.tag;
    options.renotify = true; // a newer one of the same subject is shown again
  }
  event.waitUntil(self.registration.showNotification(said.title || "Thirty-One", options));
});

// Only a path on this site: a payload cannot send anyone elsewhere.
function sameSite(url) {
  return typeof url === "string" && url.charAt(0) === "/" && url.charAt(1) !== "/" ? url : "/";
}

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var target = new URL(sameSite((event.notification.data || {}).url), self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (open) {
      for (var i = 0; i < open.length; i += 1) {
        if (open[i].url === target && "focus" in open[i]) {
          return open[i].focus();
        }
      }
      for (var k = 0; k < open.length; k += 1) {
        if ("navigate" in open[k]) {
          return open[k].focus().then(function (client) { return client.navigate(target); });
        }
      }
      return self.clients.openWindow(target);
    })
  );
});
