// Live tables: the few lines htmx has no attribute for.
// - When the game socket opens (or reopens), say which seq this page shows, so the
//   server sends the current view if we are behind; while it is open, polling stops.
// - Tick the turn timer's countdown down between pushes.
(function () {
  "use strict";

  function shownSeq() {
    var area = document.getElementById("game-area");
    return area ? Number(area.dataset.seq) : -1;
  }

  document.addEventListener("htmx:wsOpen", function (event) {
    window.thirtyoneLive = true;
    event.detail.socketWrapper.send(JSON.stringify({ seq: shownSeq() }));
  });
  document.addEventListener("htmx:wsClose", function () {
    window.thirtyoneLive = false;
  });

  setInterval(function () {
    document.querySelectorAll("[data-deadline]").forEach(function (element) {
      var left = Math.max(0, Math.round((Number(element.dataset.deadline) - Date.now()) / 1000));
      element.textContent = String(left);
    });
  }, 1000);
})();
