/* The header's bell, live: the inbox socket says only "changed"; the page
 * then GETs the bell (its own count) and swaps it in. A slow poll keeps it
 * right where the socket cannot carry a change (a worker's write without
 * Redis) or is down.
 */
(function () {
  "use strict";

  const POLL_WITH_SOCKET = 120000;
  const POLL_WITHOUT = 30000;
  let socketUp = false;
  let fetching = false;
  let again = false;

  const bell = () => document.getElementById("bell");

  function refresh() {
    const b = bell();
    if (!b) return;
    if (fetching) { again = true; return; }
    fetching = true;
    const url = b.dataset.url + "?at=" + encodeURIComponent(location.pathname);
    fetch(url, { credentials: "same-origin", headers: { "HX-Request": "true" } })
      .then((r) => (r.ok ? r.text() : null))
      .then((html) => {
        const now = bell();
        if (!html || !now) return;
        const box = document.createElement("div");
        box.innerHTML = html.trim();
        const fresh = box.querySelector("#bell");
        if (fresh && fresh.dataset.unread !== now.dataset.unread) {
          now.replaceWith(fresh);
          document.dispatchEvent(new CustomEvent("inbox:changed", { detail: fresh.dataset.unread }));
        }
      })
      .catch(() => {})
      .finally(() => {
        fetching = false;
        if (again) { again = false; refresh(); }
      });
  }

  function connect(delay) {
    const b = bell();
    if (!b || !("WebSocket" in window)) return;
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    const socket = new WebSocket(scheme + location.host + b.dataset.ws);
    socket.addEventListener("open", () => { socketUp = true; delay = 1000; });
    socket.addEventListener("message", (event) => {
      let data = {};
      try { data = JSON.parse(event.data); } catch (e) { return; }
      if (data.inbox) refresh();
    });
    socket.addEventListener("close", (event) => {
      socketUp = false;
      if (event.code === 4403) return; // signed out
      setTimeout(() => connect(Math.min(delay * 2, 60000)), delay);
    });
  }

  function poll() {
    if (!document.hidden) refresh();
    setTimeout(poll, socketUp ? POLL_WITH_SOCKET : POLL_WITHOUT);
  }

  document.addEventListener("visibilitychange", () => { if (!document.hidden) refresh(); });
  document.addEventListener("DOMContentLoaded", () => {
    connect(1000);
    setTimeout(poll, POLL_WITHOUT);
  });
})();
