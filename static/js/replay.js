// Replays: the arrow keys follow the page's own Previous and Next links (which work
// without JavaScript), unless the focus is in a field of a form.
(function () {
  "use strict";
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    var target = event.target;
    if (target && /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName)) return;
    var link = document.querySelector('a[data-key="' + event.key + '"]');
    if (link) {
      event.preventDefault();
      window.location.href = link.href;
    }
  });
})();
