// Keep the screen on (seat and board pages): the Screen Wake Lock API where the browser has
// it (secure contexts only: https or localhost), else the vendored NoSleep.js, which plays a
// tiny silent video and so needs a tap before it may start. The switch is remembered on the
// device and the lock is taken again whenever the page becomes visible.
(function () {
  "use strict";
  var KEY = "ursuppe.keepScreenOn";

  function stored() {
    try { return window.localStorage.getItem(KEY) === "on"; } catch (e) { return false; }
  }

  function store(on) {
    try { window.localStorage.setItem(KEY, on ? "on" : "off"); } catch (e) { /* private mode */ }
  }

  function setup(box) {
    var input = box.querySelector("input[type=checkbox]");
    var status = box.querySelector("[data-wake-status]");
    var native = "wakeLock" in navigator && window.isSecureContext;
    var lock = null;
    var video = null;
    var armed = false;

    function show(state, detail) {
      box.dataset.wake = state;
      var text = box.dataset["msg" + state.charAt(0).toUpperCase() + state.slice(1)] || "";
      status.textContent = detail ? text + " (" + detail + ")" : text;
    }

    function arm() {
      // The fallback may only start from a user gesture: the next tap anywhere starts it.
      if (armed) { return; }
      armed = true;
      show("tap");
      document.addEventListener("click", onGesture, true);
      document.addEventListener("keydown", onGesture, true);
    }

    function disarm() {
      armed = false;
      document.removeEventListener("click", onGesture, true);
      document.removeEventListener("keydown", onGesture, true);
    }

    function onGesture() {
      disarm();
      if (input.checked) { acquire(); }
    }

    function acquire() {
      if (native) {
        if (lock) { show("on"); return; }
        navigator.wakeLock.request("screen").then(function (sentinel) {
          if (!input.checked) { sentinel.release(); return; }
          lock = sentinel;
          show("on");
          sentinel.addEventListener("release", function () {
            lock = null;
            if (input.checked) { show("paused"); }
          });
        }).catch(function (err) {
          show("refused", err && err.message);
        });
        return;
      }
      if (typeof window.NoSleep !== "function") { show("unsupported"); return; }
      video = video || new window.NoSleep();
      video.enable().then(function () {
        if (input.checked) { show("on"); } else { video.disable(); }
      }).catch(function () {
        arm();
      });
    }

    function release() {
      disarm();
      if (lock) { lock.release(); lock = null; }
      if (video) { video.disable(); }
      show("off");
    }

    input.addEventListener("change", function () {
      store(input.checked);
      if (input.checked) { acquire(); } else { release(); }
    });
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible" && input.checked) { acquire(); }
    });

    input.checked = stored();
    if (input.checked) { acquire(); } else { show("off"); }
  }

  document.querySelectorAll("[data-wake]").forEach(setup);
})();
