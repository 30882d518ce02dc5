// The printed pages (docs/club-night.md#print): show the Print button, which opens the
// browser's print dialog, in place of the line that says how to print without it.
document.querySelectorAll("[data-print]").forEach((button) => {
  button.hidden = false;
  button.addEventListener("click", () => window.print());
  const hint = button.parentElement.querySelector("[data-print-hint]");
  if (hint) hint.hidden = true;
});
