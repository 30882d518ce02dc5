// "Notify this device" (templates/notifications/_push_devices.html,
// docs/notifications.md#web-push): shown only where the browser has a service worker and
// the Push API; the permission is asked only once the button is pressed. The browser's
// PushSubscription (endpoint and keys) is POSTed to the site, which lists the device.
(function () {
  "use strict";
  var box = document.querySelector("[data-push]");
  if (!box || !("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
    return;
  }
  var state = box.querySelector("[data-push-state]");
  var button = box.querySelector("[data-push-on]");

  function keyBytes(base64url) {
    var text = (base64url + "===".slice((base64url.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    var raw = window.atob(text);
    var bytes = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i += 1) {
      bytes[i] = raw.charCodeAt(i);
    }
    return bytes;
  }

  function csrfToken() {
    var field = document.querySelector("input[name=csrfmiddlewaretoken]");
    return field ? field.value : "";
  }

  function say(text) {
    state.textContent = text;
  }

  function subscribe() {
    return navigator.serviceWorker.register("/sw.js", { scope: "/" })
      .then(function () { return navigator.serviceWorker.ready; })
      .then(function (registration) {
        return registration.pushManager.getSubscription().then(function (found) {
          return found || registration.pushManager.subscribe({
            userVisibleOnly: true,
            applicationServerKey: keyBytes(box.dataset.pushKey),
          });
        });
      })
      .then(function (subscription) {
        return fetch(box.dataset.pushUrl, {
          method: "POST",
          credentials: "same-origin",
          headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken() },
          body: JSON.stringify(subscription.toJSON()),
        });
      })
      .then(function (answer) {
        return answer.json().then(function (said) {
          if (!answer.ok) {
            throw new Error(said.error || box.dataset.pushFailed);
          }
          // The list of devices is the page's: drawn again with this one in it.
          window.location.reload();
        });
      });
  }

  button.addEventListener("click", function () {
    button.disabled = true;
    Notification.requestPermission().then(function (permission) {
      if (permission !== "granted") {
        say(box.dataset.pushBlocked);
        button.disabled = false;
        return null;
      }
      return subscribe();
    }).catch(function (error) {
      say(error && error.message ? error.message : box.dataset.pushFailed);
      button.disabled = false;
    });
  });
  box.hidden = false;
})();
