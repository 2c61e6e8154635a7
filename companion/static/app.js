// Ursuppe Companion: live-view glue (no inline scripts: the CSP allows only this file).
(function () {
  "use strict";

  function setSync(state, text) {
    document.querySelectorAll("[data-sync]").forEach(function (el) {
      el.dataset.sync = state;
      el.textContent = text;
    });
  }

  function resync() {
    document.body.dispatchEvent(new CustomEvent("resync"));
  }

  document.addEventListener("htmx:sseOpen", function () {
    setSync("ok", "In sync");
    resync(); // re-sync on every (re)connection
  });
  document.addEventListener("htmx:sseError", function () {
    setSync("lost", "Reconnecting…");
  });
  document.addEventListener("htmx:sseClose", function () {
    setSync("lost", "Reconnecting…");
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.target && event.target.closest && event.target.closest("[data-live]")) {
      var stamp = document.querySelector("[data-updated]");
      if (stamp) { stamp.textContent = new Date().toLocaleTimeString(); }
    }
  });
  document.addEventListener("htmx:sendError", function () {
    setSync("lost", "Offline: retrying…");
  });
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") { resync(); }
  });
  window.addEventListener("online", resync);

  // Space picker on the console: a tap on a highlighted space submits it.
  document.addEventListener("click", function (event) {
    var target = event.target.closest && event.target.closest("[data-confirm]");
    if (target && !window.confirm(target.dataset.confirm)) {
      event.preventDefault();
      event.stopPropagation();
    }
  }, true);
})();
