// Count down to each <time data-countdown datetime="..."> on the page, once a second:
// a break's end ("clock": the time stays, "(in 4:12)" follows it) or a turn's deadline
// ("seconds": "42 s left"). Without JavaScript the page states the time itself.
// Loaded once by any page showing the event's news (templates/tournaments/_news.html).
(function () {
  "use strict";
  if (window.thirtyOneCountdown) return;
  window.thirtyOneCountdown = true;

  function tick() {
    var now = Date.now();
    document.querySelectorAll("time[data-countdown]").forEach(function (element) {
      var end = Date.parse(element.getAttribute("datetime"));
      if (isNaN(end)) return;
      var left = Math.max(0, Math.round((end - now) / 1000));
      if (element.dataset.countdown === "seconds") {
        element.textContent = left + " s left";
        return;
      }
      var out = element.nextElementSibling;
      if (!out || !out.classList.contains("countdown")) {
        out = document.createElement("span");
        out.className = "countdown";
        out.setAttribute("aria-hidden", "true");  // the time itself is what is read out
        element.after(out);
      }
      var minutes = Math.floor(left / 60), seconds = left % 60;
      out.textContent = left ? " (in " + minutes + ":" + (seconds < 10 ? "0" : "") + seconds + ")" : " (now)";
    });
  }

  document.addEventListener("DOMContentLoaded", tick);
  setInterval(tick, 1000);
})();
