// The installable app's service worker (docs/app.md), registered only where JavaScript
// runs and the browser has workers: nothing else on the site depends on it. It is told
// the page's language, so its offline page follows the reader's.
(function () {
  "use strict";
  if (!("serviceWorker" in navigator)) {
    return;
  }
  window.addEventListener("load", function () {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      if (registration.active) {
        registration.active.postMessage({ type: "language", language: document.documentElement.lang });
      }
    }).catch(function () {
      // No worker (a private window, a browser setting): the site works as it is.
    });
  });
})();
