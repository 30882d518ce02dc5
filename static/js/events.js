// Event pages: the few lines htmx has no attribute for.
// - Show each <time data-local> in this browser's locale and time zone (the page
//   states it in UTC), again after a push swaps part of the page.
// - Preselect this browser's time zone in a time-zone select still on UTC.
// - When the event's socket opens (again, after it was down), tell it which version
//   of the live part this page shows: it sends the part if the event changed since
//   (tournaments.consumers).
(function () {
  "use strict";

  var FORMAT = {
    weekday: "short", year: "numeric", month: "short", day: "numeric",
    hour: "2-digit", minute: "2-digit", timeZoneName: "short"
  };

  function localize(root) {
    root.querySelectorAll("time[data-local]").forEach(function (element) {
      var moment = new Date(element.getAttribute("datetime"));
      if (!isNaN(moment)) element.textContent = moment.toLocaleString(undefined, FORMAT);
    });
  }

  function preselectZone() {
    var zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone) return;
    document.querySelectorAll("select[data-browser-zone]").forEach(function (select) {
      var known = Array.prototype.some.call(select.options, function (o) { return o.value === zone; });
      if (select.value === "UTC" && known) select.value = zone;
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    localize(document);
    preselectZone();
  });
  document.addEventListener("htmx:wsOpen", function (event) {
    var live = document.getElementById("event-live");
    if (!live || !event.target.contains(live)) return;
    var shown = Number(live.dataset.version);
    if (Number.isInteger(shown) && shown >= 0) {
      event.detail.socketWrapper.send(JSON.stringify({ shown: shown }));
    }
  });
  document.addEventListener("htmx:oobAfterSwap", function (event) {
    localize(event.detail.target || document);
  });
})();
