// Live tables: the few lines htmx has no attribute for.
// - When the game socket opens (or reopens), say which seq and chat line this page
//   shows, so the server sends the current view if we are behind, and the chat if it
//   changed; while it is open, polling stops.
// - Tick the turn timer's countdowns down between pushes, and show the time your own
//   turn runs out in this computer's time zone (the page says it in the server's).
// - In a background tab, the title says "Your turn" while it is yours.
// - The host's controls (forms marked data-fresh-seq) post the seq of the table shown
//   now, not the one the page was loaded at: pushes have moved it on since.
// - A push sends only the parts of the game area that changed (games/view_parts.py):
//   copy the seq and whose turn it is from #game-meta onto #game-area, keep the log
//   as long as the server shows it and each line once, and drop a push or an answer
//   older than the view shown (the answer to your own move can arrive after the push
//   of the bot's reply to it, and the other way round).
// - After the game area is swapped (your move's answer, a push, a poll): say the other
//   players' new moves and "your turn" in the polite live region #announcer, and put
//   focus on the first control of your turn ([data-first]) if the swap took it away
//   (focus somewhere else on the page, such as a text field, is left alone).
(function () {
  "use strict";

  var baseTitle = document.title;

  // "Your turn", in the page's language: the table page puts its words on #announcer.
  function words(key, english) {
    var region = document.getElementById("announcer");
    return (region && region.dataset[key]) || english;
  }

  function shownSeq() {
    var area = document.getElementById("game-area");
    return area ? Number(area.dataset.seq) : -1;
  }

  var PUSHED_SEQ = /id="game-(?:area|meta)"[^>]*?data-seq="(\d+)"/;

  var EMPTY_FLASH = /id="game-flash"[^>]*>\s*<\/div>/;

  // -1: older than the view shown, 0: the same seq, 1: newer (or says no seq).
  function comparedToShown(html) {
    var found = PUSHED_SEQ.exec(html);
    if (found === null) return 1;
    var seq = Number(found[1]);
    return seq < shownSeq() ? -1 : seq === shownSeq() ? 0 : 1;
  }

  // A push older than the view shown is dropped; so is one of the seq shown that moves
  // the view on (it has #game-meta): the answer to your own move brought it already,
  // and swapping the same parts again would swallow a click on them. (A push of the
  // same seq without #game-meta says who is online: it is taken.)
  // The page's other sockets (the calls bar's, on every page) are not the game's.
  function gameSocket(event) {
    return event.target instanceof Element && event.target.matches('[ws-connect^="/ws/games/"]');
  }

  document.addEventListener("htmx:wsBeforeMessage", function (event) {
    if (!gameSocket(event)) return;
    var html = String(event.detail.message);
    var order = comparedToShown(html);
    var movesOn = html.indexOf('id="game-area"') === -1 && html.indexOf('id="game-meta"') !== -1;
    if (order < 0 || (order === 0 && movesOn)) event.preventDefault();
  });
  // The same for the answer to your move (or a poll): the bot's reply may have been
  // pushed before it came, and an older area swapped in over it would stay there (the
  // socket has sent the newer one already); one of the seq shown is taken only if it
  // says something (a refused move's message).
  document.addEventListener("htmx:beforeSwap", function (event) {
    var xhr = event.detail.xhr;
    if (!event.detail.target || event.detail.target.id !== "game-area" || !xhr) return;
    var html = String(xhr.responseText);
    var order = comparedToShown(html);
    if (order < 0 || (order === 0 && EMPTY_FLASH.test(html))) {
      event.detail.shouldSwap = false;
    }
  });

  function syncMeta(area) {
    var meta = document.getElementById("game-meta");
    if (meta && meta.dataset.seq !== area.dataset.seq) {
      area.dataset.seq = meta.dataset.seq;
    }
    if (meta) area.toggleAttribute("data-my-turn", meta.hasAttribute("data-my-turn"));
    var log = document.getElementById("game-log-lines");
    if (!log) return;
    // New lines are put on top; the answer to your own move may have brought some of
    // them already: keep each seq's first (newest-placed) line once.
    var seen = {};
    Array.prototype.slice.call(log.children).forEach(function (line) {
      var seq = line.getAttribute("data-seq");
      if (seen[seq]) log.removeChild(line);
      seen[seq] = true;
    });
    var keep = Number(log.dataset.keep);
    while (keep > 0 && log.children.length > keep) log.removeChild(log.lastElementChild);
  }

  // The newest chat line shown (#chat-lines' data-last), or null: the socket sends the
  // chat if it has changed since. A line said while no socket of this page was in the
  // table's chat group (before this one opened: the page's first, or the one a swap of
  // the table body opened) would otherwise show nowhere until the next line.
  function shownChat() {
    var lines = document.getElementById("chat-lines");
    return lines && lines.dataset.last ? Number(lines.dataset.last) : null;
  }

  document.addEventListener("htmx:wsOpen", function (event) {
    if (!gameSocket(event)) return;
    window.thirtyoneLive = true;
    var said = { seq: shownSeq() };
    var chat = shownChat();
    if (chat !== null) said.chat = chat;
    event.detail.socketWrapper.send(JSON.stringify(said));
  });
  document.addEventListener("htmx:wsClose", function (event) {
    if (!gameSocket(event)) return;
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
    if (myTurn && !wasMyTurn) {
      lines.push(prompt ? prompt.textContent.trim() : words("yourTurn", "Your turn."));
    }
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
    var wanted = mine && document.hidden ? words("yourTurnTitle", "Your turn") + " · " + baseTitle : baseTitle;
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
