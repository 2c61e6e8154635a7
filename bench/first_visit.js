// A phone's first visit, read by the browser bench once the seat is armed: the first paint,
// the load and the arming, in ms after the navigation began; the KB of the page and every
// resource on the wire.
() => {
  const origin = performance.timeOrigin, nav = performance.getEntriesByType("navigation")[0];
  const paint = performance.getEntriesByName("first-contentful-paint")[0];
  const bytes = [nav, ...performance.getEntriesByType("resource")]
    .reduce((s, e) => s + (e.transferSize || 0), 0);
  return { paint: paint ? paint.startTime : NaN, load: nav.loadEventEnd,
           armed: window.__bench.armed - origin, kb: bytes / 1024 };
}
