// Conditions on htmx's requests that the pages once wrote as trigger filters
// ("every 5s [!window.thirtyoneLive]"): htmx evaluates a filter as code, which the
// Content-Security-Policy forbids (no eval: docs/security.md#content-security-policy), so
// the markup says them in data attributes and this cancels the request that should not go:
// - data-poll-unless-live: a poll that goes only while the page's socket is closed
//   (static/js/live.js sets window.thirtyoneLive while it is open);
// - data-load-if="#id[attribute]": a `load` request that goes only while the element of
//   that id has that attribute.
(function () {
  "use strict";

  document.addEventListener("htmx:beforeRequest", function (event) {
    var element = event.detail && event.detail.elt;
    if (!(element instanceof Element)) return;
    if (element.hasAttribute("data-poll-unless-live") && window.thirtyoneLive) {
      event.preventDefault();
      return;
    }
    var condition = element.getAttribute("data-load-if");
    if (condition && !document.querySelector(condition)) {
      event.preventDefault();
    }
  });
})();
