// Every page's sockets when the server's channel layer is down
// (docs/realtime.md#when-the-layer-is-down). The server closes them with 4503 and
// refuses new ones (the browser sees 1006) until the layer is back. Here:
// - htmx's ws extension is given sockets on which a close with 4503 reads as 1013
//   ("try again later"): it reconnects after that as after 1006, 1011 and 1012 (Daphne
//   lets an application close with none of those itself);
// - the wait between tries grows to MAX_WAIT_MS at most, with jitter (htmx's own grows
//   to a minute), so a page is live again within seconds of the layer's return;
// - an event's socket (the event page's live part, a card table's result page's news,
//   the projector's screen: the socket's element with an id and a data-version) that
//   closed like that has its page fetch itself every POLL_MS until the socket opens
//   again, and swap that element in when its version moved on. The table page polls
//   its game view by itself while its socket is closed (templates/games/table.html,
//   static/js/live.js); the calls bar is sent again when its socket reopens.
(function () {
  "use strict";

  var POLL_MS = 5000;
  var MAX_WAIT_MS = 10000;
  var RECONNECTING = [1006, 1011, 1012, 1013];  // the codes htmx's ws extension retries after

  var LAYER_DOWN = 4503;  // games.layer_watch.LAYER_DOWN

  if (window.htmx) {
    htmx.config.wsReconnectDelay = function (retries) {
      var cap = Math.min(MAX_WAIT_MS, 1000 * Math.pow(2, Math.min(retries, 4)));
      return cap / 2 + Math.random() * cap / 2;
    };
    // htmx.createWebSocket is the extension's hook for making its sockets. Its onclose
    // handler is kept here and called with the close as the extension should read it.
    htmx.createWebSocket = function (url) {
      var socket = new WebSocket(url, []);
      socket.binaryType = htmx.config.wsBinaryType;
      var handler = null;
      Object.defineProperty(socket, "onclose", {
        get: function () { return handler; },
        set: function (fn) { handler = fn; }
      });
      socket.addEventListener("close", function (event) {
        if (!handler) return;
        handler(event.code !== LAYER_DOWN ? event : {
          type: "close", code: 1013, reason: event.reason, wasClean: event.wasClean, target: socket
        });
      });
      return socket;
    };
  }

  function eventSocket(element) {
    return element instanceof Element && element.matches('[ws-connect^="/ws/tournaments/"]');
  }

  function poll(wrapper) {
    var shown = wrapper.querySelector("[id][data-version]");
    if (!shown || document.hidden) return;
    fetch(window.location.href, { credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.text() : ""; })
      .then(function (html) {
        if (!html || !wrapper.thirtyonePoll) return;
        var fresh = new DOMParser().parseFromString(html, "text/html").getElementById(shown.id);
        var current = document.getElementById(shown.id);
        if (!fresh || !current || fresh.dataset.version === current.dataset.version) return;
        var adopted = document.importNode(fresh, true);
        current.replaceWith(adopted);
        if (window.htmx) htmx.process(adopted);
        document.dispatchEvent(new CustomEvent("thirtyone:polled", { detail: { element: adopted } }));
      })
      .catch(function () {});
  }

  document.addEventListener("htmx:wsClose", function (event) {
    var wrapper = event.target;
    var closed = event.detail && event.detail.event;
    if (!eventSocket(wrapper) || wrapper.thirtyonePoll) return;
    if (closed && RECONNECTING.indexOf(closed.code) < 0) return;
    wrapper.thirtyonePoll = setInterval(function () { poll(wrapper); }, POLL_MS);
  });
  document.addEventListener("htmx:wsOpen", function (event) {
    var wrapper = event.target;
    if (!wrapper.thirtyonePoll) return;
    clearInterval(wrapper.thirtyonePoll);
    wrapper.thirtyonePoll = null;
  });
})();
