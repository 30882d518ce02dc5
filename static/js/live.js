// Live tables: the few lines htmx has no attribute for.
// - When the game socket opens (or reopens), say which seq this page shows, so the
//   server sends the current view if we are behind; while it is open, polling stops.
// - Tick the turn timer's countdowns down between pushes, and show the time your own
//   turn runs out in this computer's time zone (the page says it in the server's).
// - In a background tab, the title says "Your turn" while it is yours.
// - The host's controls (forms marked data-fresh-seq) post the seq of the table shown
//   now, not the one the page was loaded at: pushes have moved it on since.
(function () {
  "use strict";

  var baseTitle = document.title;
  var YOUR_TURN = "Your turn · ";

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

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.hasAttribute || !form.hasAttribute("data-fresh-seq")) return;
    var seq = form.querySelector("input[name=seq]");
    if (seq && shownSeq() >= 0) seq.value = String(shownSeq());
  });

  function updateTitle() {
    var mine = document.querySelector("#game-area[data-my-turn]") !== null;
    var wanted = mine && document.hidden ? YOUR_TURN + baseTitle : baseTitle;
    if (document.title !== wanted) document.title = wanted;
  }
  document.addEventListener("visibilitychange", updateTitle);

  function tick() {
    document.querySelectorAll("[data-deadline]").forEach(function (element) {
      var left = Math.max(0, Math.round((Number(element.dataset.deadline) - Date.now()) / 1000));
      element.textContent = String(left);
    });
    document.querySelectorAll("[data-deadline-clock]").forEach(function (element) {
      var local = new Date(Number(element.dataset.deadlineClock)).toLocaleTimeString();
      if (element.textContent !== local) element.textContent = local;
    });
    updateTitle();
  }
  tick();
  setInterval(tick, 1000);
})();
