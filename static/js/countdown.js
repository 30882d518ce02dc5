// Count down to each <time data-countdown datetime="..."> on the page, once a second:
// a break's end ("clock": the time stays, "(in 4:12)" follows it) or a turn's deadline
// ("seconds": "42 s left"). Without JavaScript the page states the time itself.
// Loaded once by any page showing the event's news (templates/tournaments/_news.html).
// Its words are the page's, in its language: the element's own data-countdown-in,
// -now and -left attributes, else those of the calls bar every page draws
// (templates/calls/bar.html); English if neither has them.
(function () {
  "use strict";
  if (window.thirtyOneCountdown) return;
  window.thirtyOneCountdown = true;

  var ENGLISH = { countdownIn: "(in {time})", countdownNow: "(now)", countdownLeft: "{seconds} s left" };

  function word(element, name) {
    var bar = document.getElementById("calls");
    return element.dataset[name] || (bar && bar.dataset[name]) || ENGLISH[name];
  }

  function tick() {
    var now = Date.now();
    document.querySelectorAll("time[data-countdown]").forEach(function (element) {
      var end = Date.parse(element.getAttribute("datetime"));
      if (isNaN(end)) return;
      var left = Math.max(0, Math.round((end - now) / 1000));
      if (element.dataset.countdown === "seconds") {
        element.textContent = word(element, "countdownLeft").replace("{seconds}", left);
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
      var time = minutes + ":" + (seconds < 10 ? "0" : "") + seconds;
      out.textContent = " " + (left ? word(element, "countdownIn").replace("{time}", time)
        : word(element, "countdownNow"));
    });
  }

  document.addEventListener("DOMContentLoaded", tick);
  setInterval(tick, 1000);
})();
