// The browser bench's watch, added to every page before its scripts: times on the clock all
// pages of this machine share (ms since the epoch, to the microsecond).
(function () {
  "use strict";
  function at() { return performance.timeOrigin + performance.now(); }
  var w = (window.__bench = {});
  document.addEventListener("click", function () { w.click = at(); }, true);
  ["htmx:beforeSwap", "htmx:afterSwap", "htmx:afterSettle"].forEach(function (name) {
    document.addEventListener(name, function () { if (w.marks && !w.marks[name]) { w.marks[name] = at(); } });
  });
  new MutationObserver(function () { // a seat is armed once its live link says "in sync"
    if (!w.armed && document.querySelector('[data-sync="ok"]')) { w.armed = at(); }
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-sync"] });
  // Resolves once what the page shows now has been painted (two frames): a person taps what
  // they see, never choices armed a moment ago and not yet on the screen.
  w.painted = function () {
    return new Promise(function (resolve) {
      requestAnimationFrame(function () { requestAnimationFrame(resolve); });
    });
  };
  // Resolves once `selector`'s data-revision differs from now and two frames have painted.
  w.watch = function (selector) {
    var root = document.querySelector(selector);
    var before = root ? root.dataset.revision : null;
    w.marks = {}; w.click = null;
    w.done = new Promise(function (resolve) {
      function check() {
        var now = document.querySelector(selector);
        if (!now || now.dataset.revision === before) { return false; }
        observer.disconnect();
        var changed = at();
        requestAnimationFrame(function () { requestAnimationFrame(function () {
          var post = performance.getEntriesByType("resource").filter(function (e) {
            return e.initiatorType === "xmlhttprequest" && performance.timeOrigin + e.startTime >= (w.click || 0) - 1;
          }).pop();
          resolve({ click: w.click, changed: changed, painted: at(), marks: w.marks,
                    answered: post ? performance.timeOrigin + post.responseEnd : null,
                    revision: Number(now.dataset.revision) });
        }); });
        return true;
      }
      var observer = new MutationObserver(check);
      observer.observe(document.documentElement, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-revision"] });
    });
    return before;
  };
})();
