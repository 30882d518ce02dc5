// This browser's time zone, on every page (base.html):
// - Each <time datetime="…" data-local> the server wrote in the club's zone
//   (clubs/templatetags/club_time.py) is rewritten into the viewer's own zone, and
//   again after htmx swaps part of the page; the server's text stays when this
//   does not run, and becomes the element's tooltip when it does.
// - A time-zone select still on UTC preselects this browser's zone, and a hidden
//   input marked data-browser-zone (the new-club form) is given it.
(function () {
  "use strict";

  var THIS_YEAR = new Date().getFullYear();

  function format(moment) {
    var options = {
      weekday: "short", day: "numeric", month: "short",
      hour: "2-digit", minute: "2-digit", timeZoneName: "short"
    };
    if (moment.getFullYear() !== THIS_YEAR) options.year = "numeric";
    // In the page's language (<html lang>), as the rest of the page is written.
    return new Intl.DateTimeFormat(document.documentElement.lang || undefined, options)
      .format(moment);
  }

  function localize(root) {
    if (!root || !root.querySelectorAll) return;
    root.querySelectorAll("time[data-local]").forEach(function (element) {
      var moment = new Date(element.getAttribute("datetime"));
      if (isNaN(moment)) return;
      if (!element.title) element.title = element.textContent.trim();
      element.textContent = format(moment);
    });
  }

  function browserZone() {
    try {
      return Intl.DateTimeFormat().resolvedOptions().timeZone || "";
    } catch (error) {
      return "";
    }
  }

  function fillZones(zone) {
    if (!zone) return;
    document.querySelectorAll("input[data-browser-zone]").forEach(function (input) {
      if (!input.value) input.value = zone;
    });
    document.querySelectorAll("select[data-browser-zone]").forEach(function (select) {
      var known = Array.prototype.some.call(select.options, function (o) { return o.value === zone; });
      if (select.value === "UTC" && known) select.value = zone;
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    localize(document);
    fillZones(browserZone());
  });
  document.addEventListener("htmx:afterSwap", function (event) { localize(event.target); });
  document.addEventListener("htmx:oobAfterSwap", function (event) {
    localize(event.detail.target || document);
  });
})();
