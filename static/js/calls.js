// The calls bar (docs/design.md §20): the server draws it into every page and pushes
// it again over the person's socket (htmx's ws extension swaps it in). Here, with
// JavaScript: the tab's title names an urgent call, a new one may chime (the person's
// setting, off by default), and a call's time counts down.
(function () {
  "use strict";
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
      out.textContent = left > 0
        ? " (in " + Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0") + ")"
        : " (now)";
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

  document.addEventListener("htmx:oobAfterSwap", function (event) {
    if (event.detail && event.detail.target && event.detail.target.id === "calls") update();
  });
  document.addEventListener("DOMContentLoaded", update);
  setInterval(tick, 1000);
})();
