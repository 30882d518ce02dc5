// The calls bar (docs/club-night.md#calls-led-to-your-seat): the server draws it into
// every page and pushes it again over the person's socket (htmx's ws extension swaps it
// in). Here, with JavaScript: the tab's title names an urgent call, a new one may chime
// (the person's setting, off by default), and a call's time counts down. The socket also
// carries the notifications' unread count and pop-ups (below). The words it writes are
// the page's, in its language: attributes of the bar (templates/calls/bar.html) and of
// the Notify me box (templates/notifications/_notify_me.html); English if a page lacks
// them.
(function () {
  "use strict";

  // A word the page gives in `element`'s data-`name` attribute, or `english`.
  function word(element, name, english) {
    return (element && element.dataset[name]) || english;
  }

  // "(in 4:05)" / "(now)": the bar's countdown, in the page's words.
  function countdownText(left) {
    var bar = document.getElementById("calls");
    if (left <= 0) return " " + word(bar, "countdownNow", "(now)");
    var time = Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0");
    return " " + word(bar, "countdownIn", "(in {time})").replace("{time}", time);
  }
  var PREFIX = "\u25b6 ";
  var SEEN = "thirtyone-calls-seen";
  var baseTitle = document.title.indexOf(PREFIX) === 0
    ? document.title.slice(document.title.indexOf(" \u2014 ") + 3)
    : document.title;

  function seenKeys() {
    try { return JSON.parse(sessionStorage.getItem(SEEN) || "[]"); } catch (e) { return []; }
  }

  function chime() {
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    try {
      var audio = new Context();
      [880, 1175].forEach(function (pitch, i) {
        var tone = audio.createOscillator();
        var gain = audio.createGain();
        tone.frequency.value = pitch;
        gain.gain.setValueAtTime(0.15, audio.currentTime + i * 0.18);
        gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + i * 0.18 + 0.16);
        tone.connect(gain).connect(audio.destination);
        tone.start(audio.currentTime + i * 0.18);
        tone.stop(audio.currentTime + i * 0.18 + 0.17);
      });
    } catch (e) { /* a browser that refuses sound before a click: the bar still shows */ }
  }

  function tick() {
    var now = Date.now();
    document.querySelectorAll("#calls time[data-countdown]").forEach(function (el) {
      var left = Math.round((Date.parse(el.getAttribute("datetime")) - now) / 1000);
      var out = el.nextElementSibling && el.nextElementSibling.matches("[data-left]")
        ? el.nextElementSibling : null;
      if (!out) {
        out = document.createElement("span");
        out.setAttribute("data-left", "");
        out.className = "call__left";
        el.after(out);
      }
      out.textContent = countdownText(left);
    });
  }

  function update() {
    var bar = document.getElementById("calls");
    if (!bar) return;
    var urgent = bar.querySelectorAll("[data-call-urgent]");
    document.title = urgent.length
      ? PREFIX + urgent[0].getAttribute("data-call-urgent") + " \u2014 " + baseTitle
      : baseTitle;
    var seen = seenKeys();
    var fresh = Array.prototype.filter.call(urgent, function (el) {
      return seen.indexOf(el.getAttribute("data-call-key")) === -1;
    });
    if (fresh.length && document.body.getAttribute("data-call-sound") === "on") chime();
    fresh.forEach(function (el) { seen.push(el.getAttribute("data-call-key")); });
    try { sessionStorage.setItem(SEEN, JSON.stringify(seen.slice(-50))); } catch (e) { /* private mode */ }
    tick();
  }

  // Notifications (docs/notifications.md#the-browser-while-a-tab-is-open): the same
  // socket brings the header's unread count and new notifications, which become the
  // browser's own pop-ups only once the person pressed "Notify me" in this browser and
  // it allowed them. Every open tab gets them; one tag per notification makes the
  // browser show it once.
  var NOTIFY = "thirtyone-notify";

  function notifyChosen() {
    try { return localStorage.getItem(NOTIFY) === "on"; } catch (e) { return false; }
  }

  function popupsOn() {
    return "Notification" in window && Notification.permission === "granted" && notifyChosen();
  }

  function showPopups() {
    var box = document.getElementById("notify-popups");
    if (!box) return;
    if (popupsOn()) {
      box.querySelectorAll("[data-notify-tag]").forEach(function (el) {
        var url = el.getAttribute("data-notify-url");
        try {
          var note = new Notification(el.textContent, { tag: el.getAttribute("data-notify-tag") });
          note.onclick = function () {
            window.focus();
            if (url) window.location.href = url;
            note.close();
          };
        } catch (e) { /* a browser that only notifies from a service worker */ }
      });
    }
    box.textContent = "";
  }

  function notifyButtons() {
    if (!("Notification" in window)) return; // the box stays hidden: nothing to offer
    document.querySelectorAll("[data-notify-me]").forEach(function (box) {
      var on = box.querySelector("[data-notify-on]");
      var off = box.querySelector("[data-notify-off]");
      var state = box.querySelector("[data-notify-state]");
      var first = state.textContent;
      function draw() {
        var active = popupsOn();
        on.hidden = active;
        off.hidden = !active;
        if (Notification.permission === "denied") {
          state.textContent = word(box, "notifyBlocked", "This browser blocks pop-ups from " +
            "this site: allow them in its settings for this site, then press Notify me.");
        } else {
          state.textContent = active
            ? word(box, "notifyActive",
              "Pop-ups are on in this browser, while a tab of this site is open.")
            : first;
        }
      }
      on.addEventListener("click", function () {
        Notification.requestPermission().then(function (answer) {
          try {
            if (answer === "granted") localStorage.setItem(NOTIFY, "on");
          } catch (e) { /* private mode: asked again next time */ }
          draw();
        });
      });
      off.addEventListener("click", function () {
        try { localStorage.removeItem(NOTIFY); } catch (e) { /* private mode */ }
        draw();
      });
      box.hidden = false;
      draw();
    });
  }

  document.addEventListener("htmx:oobAfterSwap", function (event) {
    var target = event.detail && event.detail.target;
    if (target && target.id === "calls") update();
    if (target && target.id === "notify-popups") showPopups();
  });
  document.addEventListener("DOMContentLoaded", update);
  document.addEventListener("DOMContentLoaded", notifyButtons);
  setInterval(tick, 1000);
})();
