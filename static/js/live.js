// Live tables: the few lines htmx has no attribute for.
// - When the game socket opens (or reopens), say which seq this page shows, so the
//   server sends the current view if we are behind; while it is open, polling stops.
// - Tick the turn timer's countdowns down between pushes, and show the time your own
//   turn runs out in this computer's time zone (the page says it in the server's).
// - In a background tab, the title says "Your turn" while it is yours.
// - The host's controls (forms marked data-fresh-seq) post the seq of the table shown
//   now, not the one the page was loaded at: pushes have moved it on since.
// - A push sends only the parts of the game area that changed (games/view_parts.py):
//   copy the seq and whose turn it is from #game-meta onto #game-area, keep the log
//   as long as the server shows it, and drop a push older than the view shown (the
//   answer to your own move can arrive before the push of the move before it).
// - After the game area is swapped (your move's answer, a push, a poll): say the other
//   players' new moves and "your turn" in the polite live region #announcer, and put
//   focus on the first control of your turn ([data-first]) if the swap took it away
//   (focus somewhere else on the page, such as a text field, is left alone).
(function () {
  "use strict";

  var baseTitle = document.title;
  var YOUR_TURN = "Your turn · ";

  function shownSeq() {
    var area = document.getElementById("game-area");
    return area ? Number(area.dataset.seq) : -1;
  }

  var PUSHED_SEQ = /id="game-(?:area|meta)"[^>]*?data-seq="(\d+)"/;

  document.addEventListener("htmx:wsBeforeMessage", function (event) {
    var found = PUSHED_SEQ.exec(String(event.detail.message));
    if (found && Number(found[1]) < shownSeq()) event.preventDefault();
  });

  function syncMeta(area) {
    var meta = document.getElementById("game-meta");
    if (meta && meta.dataset.seq !== area.dataset.seq) {
      area.dataset.seq = meta.dataset.seq;
    }
    if (meta) area.toggleAttribute("data-my-turn", meta.hasAttribute("data-my-turn"));
    var log = document.getElementById("game-log-lines");
    var keep = log ? Number(log.dataset.keep) : 0;
    while (log && keep > 0 && log.children.length > keep) log.removeChild(log.lastElementChild);
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

  // ---- what changed, for screen readers, and where focus goes -----------------------
  var said = shownSeq();  // the newest seq announced: the page as loaded is not news
  var wasMyTurn = document.querySelector("#game-area[data-my-turn]") !== null;

  function announce(lines) {
    var region = document.getElementById("announcer");
    if (!region || !lines.length) return;
    region.textContent = lines.join(" ");
  }

  function areaChanged() {
    var area = document.getElementById("game-area");
    if (!area) return;
    syncMeta(area);
    var seq = Number(area.dataset.seq);
    var myTurn = area.hasAttribute("data-my-turn");
    var lines = [];
    if (seq > said) {
      // The log is newest first: read the new lines oldest first, without your own moves.
      var items = area.querySelectorAll(".game-log__lines li[data-seq]");
      for (var i = items.length - 1; i >= 0; i--) {
        var item = items[i];
        if (Number(item.dataset.seq) > said && !item.hasAttribute("data-mine")) {
          lines.push(item.textContent.trim());
        }
      }
      said = seq;
    }
    var prompt = area.querySelector(".prompt");
    if (myTurn && !wasMyTurn) lines.push(prompt ? prompt.textContent.trim() : "Your turn.");
    announce(lines);
    if (myTurn) {
      var active = document.activeElement;
      // htmx gives focus back to an element of the same id, so the game area itself
      // (focused when your last move ended your turn) counts as no place too.
      var lost = !active || active === document.body || active === area ||
        !document.body.contains(active);
      var first = area.querySelector("[data-first]");
      if (lost && first) first.focus();
    } else if (!document.body.contains(document.activeElement) || document.activeElement === document.body) {
      // Your move ended your turn: stay in the game area rather than at the page's top.
      if (wasMyTurn) area.focus({ preventScroll: true });
    }
    wasMyTurn = myTurn;
  }
  document.addEventListener("htmx:afterSettle", areaChanged);
  document.addEventListener("htmx:wsAfterMessage", areaChanged);

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
