// Event pages: the few lines htmx has no attribute for.
// - When the event's socket opens (again, after it was down), tell it which version
//   of the live part this page shows: it sends the part if the event changed since
//   (tournaments.consumers).
// Times and time-zone selects are static/js/local-time.js's (every page).
(function () {
  "use strict";

  document.addEventListener("htmx:wsOpen", function (event) {
    var live = document.getElementById("event-live");
    if (!live || !event.target.contains(live)) return;
    var shown = Number(live.dataset.version);
    if (Number.isInteger(shown) && shown >= 0) {
      event.detail.socketWrapper.send(JSON.stringify({ shown: shown }));
    }
  });
})();
