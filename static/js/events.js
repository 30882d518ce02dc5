// Event pages: the few lines htmx has no attribute for.
// - When the event's socket opens (again, after it was down), tell it which version
//   of the live part this page shows (the event page's #event-live, a card table's
//   result page's #event-news: the socket's first element with a data-version): it
//   sends the part if the event changed since (tournaments.consumers).
// Times and time-zone selects are static/js/local-time.js's (every page).
(function () {
  "use strict";

  document.addEventListener("htmx:wsOpen", function (event) {
    var live = event.target.querySelector("[data-version]");
    if (!live) return;
    var shown = Number(live.dataset.version);
    if (Number.isInteger(shown) && shown >= 0) {
      event.detail.socketWrapper.send(JSON.stringify({ shown: shown }));
    }
  });
})();
