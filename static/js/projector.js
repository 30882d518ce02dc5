// The projector view (templates/tournaments/projector.html): the few lines htmx has
// no attribute for. Without this file the page still shows everything but the
// countdown, with the standings' top rows, and reloads itself.
// - Mark the page as scripted (html.js): the screen is then exactly the viewport.
// - When the screen's socket opens (again), tell it which version of the screen this
//   page shows: it sends the screen if the event changed since (tournaments.consumers).
// - Count a break down to the second, from its <time data-countdown datetime>.
// - Turn the pages of a list longer than its box ([data-pager], its [data-item]s)
//   every PAGE_SECONDS, saying which rows are shown in the section's [data-page-label].
// The words it writes are the page's, in its language: the countdown's data-countdown-in
// ("in {time}") and data-countdown-now, the label's data-page-of ("{first}–{last} of
// {count}"); English where the page lacks them.
(function () {
  "use strict";

  var PAGE_SECONDS = 10;
  document.documentElement.classList.add("js");

  function two(n) { return (n < 10 ? "0" : "") + n; }

  function countdown() {
    document.querySelectorAll("time[data-countdown]").forEach(function (element) {
      var left = Math.round((new Date(element.getAttribute("datetime")) - Date.now()) / 1000);
      if (isNaN(left)) return;
      left = Math.max(0, left);
      var hours = Math.floor(left / 3600), minutes = Math.floor(left / 60) % 60;
      var time = (hours ? hours + ":" + two(minutes) : minutes) + ":" + two(left % 60);
      element.textContent = left === 0 ? element.dataset.countdownNow || "any moment now"
        : (element.dataset.countdownIn || "in {time}").replace("{time}", time);
      element.hidden = false;
    });
  }

  function items(box) { return Array.prototype.slice.call(box.querySelectorAll("[data-item]")); }

  // Show the items of `box` from `start` on, as many as fit inside it.
  function layout(box, start) {
    var all = items(box);
    if (!(start < all.length)) start = 0;
    all.forEach(function (item, k) { item.hidden = k < start; });
    var bottom = box.getBoundingClientRect().bottom + 1, end = all.length;
    for (var k = start; k < all.length; k++) {
      if (all[k].getBoundingClientRect().bottom > bottom) { end = Math.max(k, start + 1); break; }
    }
    all.forEach(function (item, k) { if (k >= end) item.hidden = true; });
    box.dataset.start = start;
    box.dataset.end = end;
    var section = box.closest("section"), label = section && section.querySelector("[data-page-label]");
    if (label) {
      var noun = label.getAttribute("data-page-label");
      var shown = (label.getAttribute("data-page-of") || "{first}–{last} of {count}")
        .replace("{first}", start + 1).replace("{last}", end).replace("{count}", all.length);
      label.textContent = end - start < all.length
        ? " · " + (noun ? noun + " " : "") + shown : "";
    }
  }

  // turn: on to the next page; else the first page again (a new screen, a new size).
  function layoutAll(turn) {
    document.querySelectorAll("[data-pager]").forEach(function (box) {
      layout(box, turn ? Number(box.dataset.end) || 0 : 0);
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    countdown();
    layoutAll(false);
    setInterval(countdown, 1000);
    setInterval(function () { layoutAll(true); }, PAGE_SECONDS * 1000);
  });
  window.addEventListener("resize", function () { layoutAll(false); });
  document.addEventListener("htmx:wsOpen", function (event) {
    var live = document.getElementById("projector-live");
    if (!live || !event.target.contains(live)) return;
    var shown = Number(live.dataset.version);
    if (Number.isInteger(shown) && shown >= 0) {
      event.detail.socketWrapper.send(JSON.stringify({ shown: shown }));
    }
  });
  // A push (or, while the socket is down, a poll: static/js/sockets.js) replaced the
  // screen: its lists start again at the first page.
  function redrawn() {
    countdown();
    layoutAll(false);
  }
  document.addEventListener("htmx:oobAfterSwap", redrawn);
  document.addEventListener("thirtyone:polled", redrawn);
})();
