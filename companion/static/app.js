// Ursuppe Companion: live-view glue (no inline scripts: the CSP allows only this file).
(function () {
  "use strict";

  // New choices arm ARM_MS after they appear, and never sooner than REPEAT_MS after the last
  // tap that was sent: the page gives both (the app's TAP_ARM_MS and TAP_REPEAT_MS).
  var ARM_MS = 500;
  var REPEAT_MS = 1000;
  // A tap's choices dim only if its answer has not come by then: a quick answer's new choices
  // arrive unarmed (dimmed) anyway, and a dimming frame of its own before them would only
  // delay them (at 4x CPU about 20 ms of every tap; issue 29). 100 ms: RAIL's "instant".
  var DIM_AFTER_MS = 100;
  var TIMEOUT_MS = 6000; // no answer by then: the console says so and checks later
  var SETTLE_EVERY_MS = 2000;
  // The console's taps, and a phone's own choices (the same guards: issue 31).
  var CONSOLE_POST = /\/(games\/[^/]+\/(act|roll|undo|correct|entering)|s\/[^/]+\/(act|roll))$/;
  var LIVE_ROOT = "#seat, #board-view, #console";

  htmx.config.timeout = TIMEOUT_MS;

  function now() { return performance.now(); }

  function text(name) {
    var holder = document.getElementById("js-text");
    return (holder && holder.dataset[name]) || "";
  }

  // --- The sync badge: "In sync" only while the view shows the server's current revision ---

  var live = { latest: null, link: "wait", revoked: false, held: false, waiting: false };
  var WAITING_MS = 1500; // a request unanswered this long: the badge says it waits

  function liveRoot() { return document.querySelector(LIVE_ROOT); }

  function shownRevision() {
    var root = liveRoot();
    return root && root.dataset.revision ? Number(root.dataset.revision) : null;
  }

  function learn(revision) {
    if (revision !== null && !isNaN(revision) && (live.latest === null || revision > live.latest)) {
      live.latest = revision;
    }
  }

  function setSync(state, words) {
    document.querySelectorAll("[data-sync]").forEach(function (el) {
      if (el.dataset.sync !== state || el.textContent !== words) {
        el.dataset.sync = state;
        el.textContent = words;
      }
    });
  }

  function showBadge() {
    var shown = shownRevision();
    if (live.revoked) {
      setSync("revoked", text("revoked"));
    } else if (live.link === "down") {
      setSync("lost", text("offline"));
    } else if (live.waiting) {
      setSync("waiting", text("waiting"));
    } else if (live.link === "wait") {
      setSync("wait", text("connecting"));
    } else if (live.latest !== null && shown !== null && live.latest > shown) {
      setSync("stale", live.held ? text("held") : text("updating"));
    } else {
      setSync("ok", text("inSync"));
    }
  }

  function linkUp() { live.link = "up"; showBadge(); }
  function linkDown() { live.link = "down"; showBadge(); }

  function resync() {
    document.body.dispatchEvent(new CustomEvent("resync"));
  }

  function isLiveGet(detail) {
    var elt = detail.elt;
    return detail.requestConfig && detail.requestConfig.verb === "get" && elt && elt.matches &&
      elt.matches(LIVE_ROOT);
  }

  document.addEventListener("htmx:sseOpen", function () {
    linkUp();
    resync(); // re-sync on every (re)connection
  });
  document.addEventListener("htmx:sseError", linkDown);
  document.addEventListener("htmx:sseClose", function (event) {
    if (event.detail && event.detail.type === "message") { return; } // closed on purpose
    linkDown();
  });
  document.addEventListener("htmx:sseMessage", function (event) {
    var message = event.detail || {};
    if (message.type === "revision") { learn(Number(message.data)); }
    linkUp();
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    var detail = event.detail;
    var xhr = detail.xhr;
    if (!xhr || xhr.status === 0) { return; } // no answer: sendError / timeout say so
    linkUp();
    if (isLiveGet(detail) && xhr.status === 204) {
      var since = /[?&]since=(\d+)/.exec(detail.requestConfig.path || "");
      if (since) { learn(Number(since[1])); }
    }
    if (xhr.status === 403 || xhr.status === 410) {
      var elt = detail.elt;
      if (elt && elt.closest && elt.closest("#seat")) { revoked(); }
    }
  });
  document.addEventListener("htmx:sendError", linkDown);
  document.addEventListener("htmx:timeout", linkDown);

  // A server that takes a request but does not answer (frozen, swamped): after WAITING_MS the
  // badge says it waits for the laptop, and "In sync" only comes back with an answer.
  var pending = { count: 0, timer: null };
  document.addEventListener("htmx:beforeSend", function (event) {
    var xhr = event.detail && event.detail.xhr;
    if (!xhr || xhr.__waited) { return; }
    xhr.__waited = true;
    pending.count += 1;
    if (!pending.timer) {
      pending.timer = window.setTimeout(function () {
        pending.timer = null;
        if (pending.count > 0) { live.waiting = true; showBadge(); }
      }, WAITING_MS);
    }
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail && event.detail.xhr;
    if (!xhr || !xhr.__waited || xhr.__done) { return; }
    xhr.__done = true;
    pending.count = Math.max(0, pending.count - 1);
    if (xhr.status !== 0) { live.waiting = false; } // an answer: the laptop is there
    if (pending.count === 0 && pending.timer) {
      window.clearTimeout(pending.timer);
      pending.timer = null;
    }
    showBadge();
  });
  document.addEventListener("htmx:afterSettle", function () {
    var root = liveRoot();
    if (root && root.dataset.revision) { learn(Number(root.dataset.revision)); }
    if (root && root.hasAttribute("data-revoked")) { revoked(); }
    showBadge();
  });
  // The time of the last update, as toLocaleTimeString() writes it; the formatter is made once
  // (toLocaleTimeString makes one per call: 3 ms of every phone's update at 4x CPU; issue 29).
  var clock = new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "numeric", second: "numeric" });
  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.target && event.target.closest && event.target.closest("[data-live]")) {
      var stamp = document.querySelector("[data-updated]");
      if (stamp) { stamp.textContent = clock.format(new Date()); }
    }
  });
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") { resync(); }
  });
  window.addEventListener("online", resync);
  window.addEventListener("offline", linkDown);

  // A revoked seat link: say so, stop polling and close the stream (403 today, 410 + the
  // server's own #seat[data-revoked] once it sends one).
  function revoked() {
    if (live.revoked) { return; }
    live.revoked = true;
    var seat = document.querySelector("#seat");
    var wrapper = document.querySelector("[sse-connect]");
    if (seat && !seat.hasAttribute("data-revoked")) {
      var note = document.createElement("div");
      note.id = "seat";
      note.className = "seat revoked";
      note.setAttribute("data-revoked", "");
      var p = document.createElement("p");
      p.className = "alarm-line";
      p.textContent = text("revoked");
      note.appendChild(p);
      seat.replaceWith(note);
      seat = note;
    }
    if (wrapper) {
      // A plain wrapper without sse-connect: the old stream closes at its next event.
      var plain = document.createElement("div");
      plain.className = wrapper.className;
      while (wrapper.firstChild) { plain.appendChild(wrapper.firstChild); }
      wrapper.replaceWith(plain);
    }
    showBadge();
  }

  // --- The referee console (and a phone's choices): one tap, one action ---------------------

  var tap = { busy: false, lastSent: -Infinity, down: null, releaseTimer: null, dimTimer: null, note: null, answered: 0 };

  // The page's tappable root: the console, or a seat page (a phone choosing on its turn).
  function consoleRoot() {
    return document.getElementById("console") || document.getElementById("seat");
  }

  // What a tap can take: buttons and tappable drawings (a form is not one: its button is).
  var CONTROLS = "button, [hx-post]:not(form)";

  function controlsOf(root) { return root.querySelectorAll(CONTROLS); }

  // Only the controls whose state changes are touched: each change restyles its control.
  function unarmControls(scope) {
    controlsOf(scope).forEach(function (el) {
      if (el.getAttribute("aria-disabled") !== "true") { el.setAttribute("aria-disabled", "true"); }
    });
  }

  function disarm(root) {
    if (root.dataset.armed !== "no") { root.dataset.armed = "no"; }
    unarmControls(root);
  }

  function arm(root) {
    if (!root.isConnected || tap.busy || typeof root.__armAt !== "number") { return; }
    var wait = root.__armAt - now();
    if (wait > 0) {
      window.setTimeout(function () { arm(root); }, wait + 5);
      return;
    }
    root.dataset.armed = "yes";
    controlsOf(root).forEach(function (el) {
      if (el.hasAttribute("aria-disabled")) { el.removeAttribute("aria-disabled"); }
    });
  }

  function timing(name, fallback) {
    var ms = Number(text(name));
    return ms > 0 ? ms : fallback;
  }

  function scheduleArm(root) {
    var armAt = now() + timing("armMs", ARM_MS);
    root.__armAt = Math.max(armAt, tap.lastSent + timing("repeatMs", REPEAT_MS));
    disarm(root);
    window.setTimeout(function () { arm(root); }, root.__armAt - now() + 5);
  }

  function isArmed(root) { return root.dataset.armed === "yes"; }

  // Every new console (an answer, a refusal, a live swap) arrives unarmed.
  function noticeConsole() {
    var root = consoleRoot();
    if (!root || root.__seen) { return; }
    root.__seen = true;
    scheduleArm(root);
    watchForms(root);
    showNote(root);
    if (tap.reopen) {
      var details = root.querySelector("details.correction");
      if (details) { details.open = true; }
      tap.reopen = false;
    }
  }

  document.addEventListener("pointerdown", function (event) {
    var root = consoleRoot();
    if (!root || !root.contains(event.target)) { tap.down = null; return; }
    tap.down = { root: root, armed: isArmed(root) && !tap.busy };
  }, true);

  function refuseTap(event) {
    event.preventDefault();
    event.stopImmediatePropagation();
  }

  function release() {
    tap.busy = false;
    window.clearTimeout(tap.dimTimer);
    noticeConsole();
    var root = consoleRoot();
    if (root) {
      delete root.dataset.busy;
      arm(root);
    }
  }

  // Whether a click on the console must be dropped: a second tap, a tap while another is in
  // flight, or a tap that began on choices now gone. Consumes the pointerdown it started with.
  function staleTap(event, root) {
    var down = tap.down;
    tap.down = null;
    var byPointer = event.detail > 0 && down !== null;
    return tap.busy || !isArmed(root) || (byPointer && (down.root !== root || !down.armed));
  }

  document.addEventListener("click", function (event) {
    // A link in the console (a citation, the standings) is no action, but a second tap that
    // lands on one after the choices changed must not take the referee off the console.
    var link = event.target.closest && event.target.closest("#console a[href], #seat a[href]");
    if (link) {
      if (staleTap(event, link.closest("#console, #seat"))) { refuseTap(event); }
      return;
    }
    // A tap is on a button or a tappable drawing; a click inside a form (a checkbox, a radio
    // die, a number) only fills it in, and its submit button is the tap.
    var control = event.target.closest &&
      event.target.closest("button, [hx-post]:not(form), [data-confirm]");
    var root = control && control.closest("#console, #seat");
    if (!root) {
      if (control && control.dataset.confirm && !window.confirm(control.dataset.confirm)) {
        refuseTap(event);
      }
      return;
    }
    if (control.matches("button[type=button]")) { return; }
    if (staleTap(event, root)) {
      refuseTap(event);
      return;
    }
    if (control.dataset.confirm && !window.confirm(control.dataset.confirm)) {
      refuseTap(event);
      return;
    }
    tap.busy = true; // from here on no tap is taken (staleTap) until the answer is in
    tap.lastSent = now();
    root.dataset.busy = "yes";
    window.clearTimeout(tap.dimTimer);
    tap.dimTimer = window.setTimeout(function () { if (tap.busy) { disarm(root); } }, DIM_AFTER_MS);
    // If no request starts (a form the browser found incomplete), the console arms again.
    tap.releaseTimer = window.setTimeout(release, 400);
  }, true);

  function isConsolePost(detail) {
    var config = detail.requestConfig || detail;
    return config.verb === "post" && CONSOLE_POST.test((config.path || "").split("?")[0]);
  }

  function randomTap() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) {
      return (b < 16 ? "0" : "") + b.toString(16);
    }).join("");
  }

  // The drawings (the soup, the ladder) and the regions this page shows: an answer leaves
  // out the ones that did not change, and they stay on screen as they are (see below).
  function shownDrawings(root) {
    return Array.prototype.map.call(root.querySelectorAll("svg[data-drawing]"), function (el) {
      return el.getAttribute("data-drawing");
    }).join(" ");
  }

  // A region with an open panel or a half-filled form is asked for again (a tap's answer
  // closes it; a live swap reopens it and fetches its form afresh).
  function shownRegions(root) {
    return Array.prototype.filter.call(root.querySelectorAll("[data-region]"), function (el) {
      return !el.querySelector("details[open], form[data-dirty]");
    }).map(function (el) { return el.dataset.region + ":" + el.dataset.shown; }).join(" ");
  }

  document.addEventListener("htmx:configRequest", function (event) {
    var detail = event.detail;
    var live = liveRoot();
    var whole = /[?&]since=-1/.test(detail.path);
    // Only an answer that replaces the live root may leave out what it shows (see below).
    if (live && detail.target === live && !whole) {
      var shown = shownDrawings(live);
      if (shown) { detail.headers["X-Drawings"] = shown; }
      var regions = shownRegions(live);
      if (regions) { detail.headers["X-Regions"] = regions; }
      if (detail.elt === live && live.dataset.revision) {
        // The live root stays on the page from answer to answer: its address was read once.
        detail.path = detail.path.replace(/([?&]since=)\d+/, "$1" + live.dataset.revision);
      }
    }
    if (detail.verb === "post" && CONSOLE_POST.test(detail.path)) {
      var id = randomTap();
      detail.parameters.tap = id;
      // Every part of the console shows its root's revision (kept log entries included).
      var root = consoleRoot();
      if (root && root.dataset.revision && detail.elt && root.contains(detail.elt)) {
        detail.parameters.revision = root.dataset.revision;
      }
      tap.sent = { id: id, path: detail.path, revision: Number(detail.parameters.revision) };
      tap.lastId = id;
    }
  });

  // A live fetch that would bring nothing new is dropped before htmx prepares it: a pushed
  // revision the page shows already, or the one a tap in flight brings with its answer.
  document.addEventListener("htmx:confirm", function (event) {
    var detail = event.detail;
    if (detail.verb !== "get" || !detail.elt || !detail.elt.matches || !detail.elt.matches(LIVE_ROOT)) {
      return;
    }
    var trigger = detail.triggeringEvent;
    var pushed = trigger && trigger.detail && trigger.detail.data;
    var tapping = detail.elt === consoleRoot();
    var brought = tapping ? Math.max(shownRevision() || 0, tap.answered || 0) : shownRevision();
    if ((tapping && tap.busy) || (pushed && Number(pushed) <= brought)) { event.preventDefault(); }
  });

  document.addEventListener("htmx:beforeRequest", function (event) {
    var detail = event.detail;
    if (isConsolePost(detail)) {
      window.clearTimeout(tap.releaseTimer);
      tap.busy = true;
      tap.reopen = false; // a tap's answer closes the correction form; only a live swap keeps it
      tap.note = null;
      clearNote();
      return;
    }
    // (A fetch bringing nothing new was dropped at htmx:confirm, above.)
    if (isLiveGet(detail) && detail.elt === consoleRoot()) {
      if (formInUse(detail.elt)) {
        event.preventDefault(); // never wipe a half-filled form: say a newer state waits
        live.held = true;
        showBadge();
        return;
      }
      live.held = false;
      var details = detail.elt.querySelector("details.correction");
      tap.reopen = Boolean(details && details.open);
    }
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    var detail = event.detail;
    if (!isConsolePost(detail)) { return; }
    var failed = !detail.xhr || detail.xhr.status === 0;
    var sent = tap.sent;
    tap.sent = null;
    // The revision this answer brings: the phones (and this page's stream) hear of it once
    // the answer is written, maybe before it is swapped in; that news is not fetched again.
    var brings = failed ? null : /data-revision="(\d+)"/.exec(detail.xhr.responseText || "");
    if (brings) { tap.answered = Number(brings[1]); }
    if (failed && sent) {
      // htmx says "timeout" just after this event: decide once it has.
      window.setTimeout(function () { startSettling(sent); }, 0);
    }
    release();
  });

  // --- An answer swapped in region by region ------------------------------------------------
  // A live root's answer (the console, a seat, the board) changes only what changed, in
  // place: a region the page shows comes as <template data-same> and stays as it is, a kept
  // drawing as <svg data-keep>, a soup as a patch of its changed spaces, the log as its
  // newest entries only; elsewhere, what is equal stays and only what differs is replaced.
  // Nothing unchanged is parsed, styled or laid out again (issue 29).

  var MISSING = { missing: true }; // the answer leaves out something the page does not show

  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    if (target && target.matches && target.matches(LIVE_ROOT) && event.detail.shouldSwap) {
      event.detail.swapOverride = "regions";
    }
  });

  htmx.defineExtension("regions", {
    handleSwap: function (style, target, fragment) {
      if (style !== "regions") { return false; }
      var fresh = fragment.firstElementChild;
      var added = [];
      if (!fresh || fresh.id !== target.id || fresh.nextElementSibling) {
        added = Array.prototype.slice.call(fragment.children); // another page: swapped whole
        target.replaceWith(fragment);
        return added;
      }
      // The tapped control leaves the focus before the merge, which would take it out and pay
      // a style and layout pass mid-merge for it (issue 29); a field being filled keeps it.
      var focused = document.activeElement;
      if (tap.busy && focused && focused !== target && target.contains(focused) &&
          focused.matches(CONTROLS)) { focused.blur(); }
      try {
        sameAttributes(target, fresh, true);
        mergeChildren(target, fresh, added);
      } catch (e) {
        if (e !== MISSING) { throw e; }
        tap.redraw = true; // the page did not show what the answer kept: fetch it whole
      }
      target.__seen = false; // a new revision's choices arm afresh
      return added.filter(wired);
    },
  });

  // What htmx must process after a merge (at its settle, before the screen shows it): only the
  // new parts that hold an htmx control. Each part it is handed, it searches whole (a query and
  // an XPath walk), and a patched soup hands it dozens of spaces (issue 29).
  var WIRED = "[hx-get], [hx-post], [hx-trigger], [sse-connect]";

  function wired(node) {
    return node.nodeType === 1 && (node.matches(WIRED) || node.querySelector(WIRED) !== null);
  }

  // The root keeps what htmx and this page set on it (its address, its arming).
  function ownAttribute(name) {
    return name.indexOf("hx-") === 0 || name === "data-armed" || name === "data-busy";
  }

  function sameAttributes(old, fresh, root) {
    Array.prototype.slice.call(old.attributes).forEach(function (a) {
      if (!fresh.hasAttribute(a.name) && !(root && ownAttribute(a.name))) {
        old.removeAttribute(a.name);
      }
    });
    Array.prototype.forEach.call(fresh.attributes, function (a) {
      if (!(root && ownAttribute(a.name)) && old.getAttribute(a.name) !== a.value) {
        old.setAttribute(a.name, a.value);
      }
    });
  }

  // The children alike at the start and at the end are merged one by one; those between are
  // replaced (an amoeba born on a space: its cubes and number stay, the amoeba comes in).
  function mergeChildren(old, fresh, added) {
    var olds = Array.prototype.slice.call(old.childNodes);
    var news = Array.prototype.slice.call(fresh.childNodes);
    var head = 0;
    var tail = 0;
    while (head < olds.length && head < news.length && alike(olds[head], news[head])) { head++; }
    while (tail < olds.length - head && tail < news.length - head &&
      alike(olds[olds.length - 1 - tail], news[news.length - 1 - tail])) { tail++; }
    var after = tail ? olds[olds.length - tail] : null;
    olds.slice(head, olds.length - tail).forEach(function (o) { o.remove(); });
    news.slice(head, news.length - tail).map(filled).forEach(function (node) {
      old.insertBefore(node, after);
      if (node.nodeType === 1) { added.push(node); }
    });
    for (var i = 0; i < head; i++) { mergeNode(olds[i], news[i], added); }
    for (var j = 1; j <= tail; j++) { mergeNode(olds[olds.length - j], news[news.length - j], added); }
  }

  function alike(o, f) {
    return o.nodeType === f.nodeType &&
      (o.nodeName === f.nodeName || Boolean(f.dataset && f.dataset.same));
  }

  // Whether an element must be replaced, not merged, when it differs: htmx reads its
  // attributes once, and a form's fields keep what was typed.
  function replaceable(el) {
    if (/^(FORM|INPUT|SELECT|TEXTAREA|BUTTON|DETAILS)$/.test(el.tagName)) { return true; }
    return Array.prototype.some.call(el.attributes, function (a) { return a.name.indexOf("hx-") === 0; });
  }

  function mergeNode(o, f, added) {
    if (o.nodeType !== 1) {
      if (o.nodeValue !== f.nodeValue) { o.nodeValue = f.nodeValue; }
      return;
    }
    if (f.hasAttribute("data-same")) {
      if (o.dataset.region !== f.dataset.same || o.dataset.shown !== f.dataset.shown) { throw MISSING; }
      return;
    }
    if (f.hasAttribute("data-keep") || f.hasAttribute("data-patch")) { drawing(o, f, added); return; }
    if (f.hasAttribute("data-log-from")) { mergeLog(o, f, added); return; }
    if (o.isEqualNode(f)) { return; }
    if (replaceable(o) || replaceable(f)) {
      f = filled(f);
      o.replaceWith(f);
      added.push(f);
      return;
    }
    sameAttributes(o, f, false);
    mergeChildren(o, f, added);
  }

  // A fresh subtree that replaces an old one, with what it leaves out taken from the page.
  var LEFT_OUT = "template[data-same], svg[data-keep], svg[data-patch]";

  function filled(node) {
    if (node.nodeType !== 1) { return node; }
    var root = liveRoot();
    var parts = Array.prototype.slice.call(node.querySelectorAll(LEFT_OUT));
    if (node.matches(LEFT_OUT)) { parts.push(node); }
    var result = node;
    parts.forEach(function (f) {
      var key = f.getAttribute("data-keep") || f.getAttribute("data-patch");
      var old = key ? root.querySelector('svg[data-drawing="' + key + '"]')
        : root.querySelector('[data-region="' + f.dataset.same + '"][data-shown="' + f.dataset.shown + '"]');
      if (!old) { throw MISSING; }
      if (f.hasAttribute("data-patch")) { drawing(old, f, []); }
      if (f === node) { result = old; } else { f.replaceWith(old); }
    });
    return result;
  }

  // A drawing on screen kept as it is, or patched in place: the changed spaces (and the
  // island) are merged into theirs, the drawing takes the patch's attributes.
  function drawing(old, fresh, added) {
    var key = fresh.getAttribute("data-keep");
    if (key !== null) {
      if (old.getAttribute("data-drawing") !== key) { throw MISSING; }
      return;
    }
    if (old.getAttribute("data-drawing") !== fresh.getAttribute("data-patch")) { throw MISSING; }
    Array.prototype.slice.call(fresh.children).forEach(function (part) {
      var space = part.getAttribute("data-space");
      var was = space ? old.querySelector(':scope > g[data-space="' + space + '"]')
        : old.querySelector(":scope > g.island");
      if (was) { mergeNode(was, part, added); } // a cube count changed: that number only
    });
    fresh.removeAttribute("data-patch");
    sameAttributes(old, fresh, false);
  }

  // A tap's answer carries only the newest log entries (ol[data-log-from]): they replace the
  // entries from that one on, the older ones stay, the log keeps its length.
  function mergeLog(old, fresh, added) {
    if (old.tagName !== "OL") { throw MISSING; }
    var from = Number(fresh.dataset.logFrom);
    var limit = Number(fresh.dataset.logLimit) || 30;
    var entries = Array.prototype.slice.call(old.children);
    var kept = entries.filter(function (li) { return Number(li.value) < from; });
    var newestKept = kept.length ? Number(kept[0].value) : 0;
    if (from > 1 && newestKept !== from - 1) { throw MISSING; } // the page did not show those before
    entries.forEach(function (li) { if (Number(li.value) >= from) { li.remove(); } });
    var first = old.firstElementChild;
    Array.prototype.slice.call(fresh.children).forEach(function (li) {
      old.insertBefore(li, first);
      added.push(li);
    });
    while (old.children.length > limit) { old.lastElementChild.remove(); }
    fresh.removeAttribute("data-log-from");
    fresh.removeAttribute("data-log-limit");
    sameAttributes(old, fresh, false);
  }

  function fetchWhole() {
    var root = liveRoot();
    htmx.ajax("GET", root.getAttribute("hx-get").replace(/since=\d+/, "since=-1"),
      { source: root, target: "#" + root.id, swap: "outerHTML" });
  }

  document.addEventListener("htmx:afterSwap", function () {
    if (tap.redraw) {
      tap.redraw = false; // a region or drawing left out was not on screen after all
      fetchWhole();
      return;
    }
    noticeConsole();
  });
  document.addEventListener("htmx:afterSettle", noticeConsole);
  document.addEventListener("htmx:load", function (event) {
    noticeConsole();
    // Controls arriving later in an unarmed console (the correction form, fetched when the
    // referee opens it) show as not ready too, like the rest, until the console arms.
    var root = consoleRoot();
    var part = event.target;
    if (root && part !== root && root.contains(part) && !isArmed(root)) {
      unarmControls(part);
    }
  });
  // The correction form arrives later than its console, when the referee opens it (or a
  // live swap reopens it): its slot asks for it once.
  document.addEventListener("toggle", function (event) {
    var details = event.target;
    if (!details.matches || !details.matches("#console details.correction") || !details.open) {
      return;
    }
    var slot = details.querySelector(".correction-slot");
    // A console reopened as it is swapped in may not be processed by htmx yet: process first.
    if (slot) { htmx.process(slot); htmx.trigger(slot, "open-form"); }
  }, true);

  // --- Half-filled forms survive live swaps ------------------------------------------------

  // A form of the console being filled in (the correction form arrives later, when opened).
  function markDirty(event) {
    var form = event.target.closest && event.target.closest("#console form, #seat form");
    if (form) { form.dataset.dirty = "yes"; }
  }
  document.addEventListener("input", markDirty, true);
  document.addEventListener("change", markDirty, true);

  function watchForms(root) {
    var details = root.querySelector("details.correction");
    if (details && !details.__watched) {
      details.__watched = true; // a kept correction region is watched once
      details.addEventListener("toggle", function () {
        if (!details.open && live.held) {
          details.querySelectorAll("form").forEach(function (f) { f.reset(); delete f.dataset.dirty; });
          resync();
        }
      });
    }
  }

  function formInUse(root) {
    return root.querySelector("form[data-dirty]") !== null;
  }

  // --- Nothing lost in silence: a tap that got no answer is reported, then settled ---------

  function clearNote() {
    document.querySelectorAll("#console .tap-note, #seat .tap-note").forEach(function (el) {
      el.remove();
    });
  }

  function showNote(root) {
    clearNote();
    if (!tap.note || !root) { return; }
    var box = root.querySelector(".prompt-box, [data-phone-choices]") || root;
    var p = document.createElement("p");
    p.className = "refusal tap-note " + tap.note.kind;
    p.setAttribute("role", "alert");
    p.textContent = tap.note.words;
    box.insertBefore(p, box.firstChild);
  }

  function note(kind, words) {
    tap.note = { kind: kind, words: words };
    showNote(consoleRoot());
  }

  function csrfHeader() {
    try {
      return JSON.parse(document.body.getAttribute("hx-headers") || "{}");
    } catch (e) {
      return {};
    }
  }

  function startSettling(sent) {
    note("lost", tap.timedOut === sent.id ? text("timedOut") : text("notRecorded"));
    settle(sent);
  }

  document.addEventListener("htmx:timeout", function (event) {
    if (isConsolePost(event.detail) && tap.lastId) { tap.timedOut = tap.lastId; }
  });

  function settle(sent) {
    var url = sent.path.replace(/\/(act|roll|undo|correct|entering)$/, "") + "/taps/" + sent.id +
      "/settle";
    var retry = function () { window.setTimeout(function () { settle(sent); }, SETTLE_EVERY_MS); };
    window.fetch(url, {
      method: "POST", headers: csrfHeader(), credentials: "same-origin", cache: "no-store",
    }).then(function (response) {
      linkUp();
      if (response.ok) {
        return response.json().then(function (answer) {
          if (answer.recorded) {
            note("ok", text("wasRecorded").replace("{n}", answer.seq));
          } else {
            note("ok", text("wasNotRecorded"));
          }
          resync();
        });
      }
      if (response.status >= 500) { return retry(); } // answering, but not able yet
      // No settle answer from this server: the revision tells whether anything was recorded.
      return fetchRevision(sent);
    }).catch(function () {
      linkDown();
      retry();
    });
  }

  function fetchRevision(sent) {
    var root = consoleRoot();
    var url = root && root.getAttribute("hx-get");
    if (!url) { return null; }
    return window.fetch(url.replace(/since=\d+/, "since=-1"), {
      headers: { "HX-Request": "true" }, credentials: "same-origin", cache: "no-store",
    }).then(function (response) {
      return response.text().then(function (html) {
        var found = /data-revision="(\d+)"/.exec(html);
        var current = found ? Number(found[1]) : null;
        if (current !== null && current === sent.revision) {
          note("ok", text("wasNotRecorded"));
        } else {
          note("lost", text("unknown"));
        }
        resync();
      });
    });
  }

  noticeConsole();
  showBadge();
})();

// --- Keep the screen on (seat and board pages) ---------------------------------------------
// The Screen Wake Lock API where the browser has it (secure contexts only: https or
// localhost), else the vendored NoSleep.js, which plays a tiny silent video and so needs a
// tap before it may start; it is fetched only then (data-nosleep names it), so a phone that
// never asks for it never downloads it. The switch is remembered on the device and the lock
// is taken again whenever the page becomes visible.
(function () {
  "use strict";
  var KEY = "ursuppe.keepScreenOn";

  function stored() {
    try { return window.localStorage.getItem(KEY) === "on"; } catch (e) { return false; }
  }

  function store(on) {
    try { window.localStorage.setItem(KEY, on ? "on" : "off"); } catch (e) { /* private mode */ }
  }

  var noSleepLoading = null;

  // NoSleep.js, fetched once on demand; `then` runs when it is there, `fail` if it is not.
  function loadNoSleep(src, then, fail) {
    if (!src) { fail(); return; }
    if (!noSleepLoading) {
      noSleepLoading = [];
      var script = document.createElement("script");
      script.src = src;
      script.onload = function () {
        var waiting = noSleepLoading;
        noSleepLoading = null;
        waiting.forEach(function (w) {
          if (typeof window.NoSleep === "function") { w[0](); } else { w[1](); }
        });
      };
      script.onerror = function () {
        var waiting = noSleepLoading;
        noSleepLoading = null;
        waiting.forEach(function (w) { w[1](); });
      };
      document.head.appendChild(script);
    }
    noSleepLoading.push([then, fail]);
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
      if (typeof window.NoSleep !== "function") {
        loadNoSleep(box.dataset.nosleep, acquire, function () { show("unsupported"); });
        return;
      }
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
