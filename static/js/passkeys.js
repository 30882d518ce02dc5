// Passkeys (docs/security.md#passkeys): making or using one is the browser's WebAuthn
// API, which needs JavaScript. So the controls that start it are in the page hidden
// (data-passkey-control) and no button is offered that could not work: without
// JavaScript a <noscript> sentence beside them says so
// (templates/mfa/webauthn/snippets/needs_js.html). Here they are shown where this
// browser can make and use passkeys (a secure context: https, or localhost); elsewhere
// (a LAN address over plain http) the sentence marked data-passkey-unavailable says why.
// allauth's own scripts (mfa/js/webauthn.js, wired by account/js/onload.js) run the
// ceremony; when it fails or is cancelled, the sentence marked data-passkey-failed says
// so instead of the console.
(function () {
  "use strict";

  function usable() {
    return window.isSecureContext === true && typeof window.PublicKeyCredential === "function";
  }

  function each(selector, apply) {
    Array.prototype.forEach.call(document.querySelectorAll(selector), apply);
  }

  function reveal() {
    var can = usable();
    each("[data-passkey-control]", function (element) { element.hidden = !can; });
    each("[data-passkey-unavailable]", function (element) { element.hidden = can; });
  }

  document.addEventListener("allauth.error", function (event) {
    var failed = document.querySelector("[data-passkey-failed]");
    if (!failed) return;
    event.preventDefault();
    failed.hidden = false;
  });

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", reveal);
  } else {
    reveal();
  }
})();
