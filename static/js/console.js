// The organizer's console (templates/tournaments/manage.html): its live part (the news
// and the tables of the round) is fetched again when the event's socket says the event
// changed, and every few seconds (a turn moves on without the event changing). A new
// round reloads the page, unless a form field is being filled in. Without JavaScript
// the page refreshes itself (<noscript> meta refresh).
(function () {
  "use strict";
  var POLL_MS = 10000;
  var pending = null;

  function live() { return document.getElementById("console-live"); }

  function busy() {
    var active = document.activeElement;
    return active && /^(INPUT|SELECT|TEXTAREA)$/.test(active.tagName);
  }

  function refresh() {
    var root = live();
    if (!root || document.hidden) return;
    fetch(root.dataset.part, { credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.text() : ""; })
      .then(function (html) {
        if (!html) return;
        var holder = document.createElement("div");
        holder.innerHTML = html;
        var fresh = holder.querySelector("#console-live");
        var current = live();
        if (!fresh || !current) return;
        if (fresh.dataset.round !== current.dataset.round && !busy()) {
          window.location.reload();
          return;
        }
        // A button pressed a moment ago keeps its place: not swapped from under a finger.
        if (current.contains(document.activeElement)) return;
        current.replaceWith(fresh);
        var news = holder.querySelector("#event-news");
        var shown = document.getElementById("event-news");
        if (news && shown) shown.replaceWith(news);
      })
      .catch(function () {});
  }

  function soon() {
    clearTimeout(pending);
    pending = setTimeout(refresh, 300);
  }

  function connect() {
    var root = live();
    if (!root || !window.WebSocket) return;
    var scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    var socket = new WebSocket(scheme + window.location.host + root.dataset.socket);
    socket.onopen = function () {
      socket.send(JSON.stringify({ shown: Number(root.dataset.version) }));
    };
    socket.onmessage = soon;
    socket.onclose = function () { setTimeout(connect, 5000); };
  }

  document.addEventListener("DOMContentLoaded", function () {
    connect();
    setInterval(refresh, POLL_MS);
  });
})();
