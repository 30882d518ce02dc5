// Event pages: the few lines htmx has no attribute for.
// - When the event's socket opens (again, after it was down), tell it which version
//   of the live part this page shows (the event page's #event-live, a card table's
//   result page's #event-news: the socket's first element with a data-version): it
//   sends the part if the event changed since (tournaments.consumers).
// - The create form's help under the format's select describes the chosen format only
//   (without JavaScript it lists every format).
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

  function showChosenFormat(select, help) {
    help.querySelectorAll("[data-format]").forEach(function (line) {
      line.hidden = line.dataset.format !== (select.value || "swiss");
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    var help = document.querySelector("[data-format-help]");
    var select = document.getElementById("id_format");
    if (!help || !select) return;
    showChosenFormat(select, help);
    select.addEventListener("change", function () { showChosenFormat(select, help); });
  });
})();
