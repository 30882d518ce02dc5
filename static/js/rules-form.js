// House rules forms: show only the options of the way of scoring chosen. Without
// JavaScript every option is shown, each that belongs to one way of scoring saying so
// ("Only when scoring by lives."); the engine ignores the others either way.
(function () {
  "use strict";

  function update() {
    var select = document.querySelector("select[name=scoring]");
    if (!select) return;
    document.querySelectorAll("[data-scoring]").forEach(function (element) {
      element.hidden = element.dataset.scoring !== select.value;
    });
  }

  document.addEventListener("change", function (event) {
    if (event.target.name === "scoring") update();
  });
  document.addEventListener("DOMContentLoaded", update);
  document.addEventListener("htmx:afterSettle", update);  // the house rules were swapped in
})();
