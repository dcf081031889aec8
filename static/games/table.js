/* The table, live: htmx settings, the WebSocket, a slow poll, pickers, clocks.
 *
 * The server's WebSocket message carries only {"version": N}; the browser then
 * GETs its own view of the table (htmx swaps #table). A poll of the cheap
 * version endpoint keeps running beside the socket: bot moves made by a worker
 * may not reach this web process's channel layer.
 */
(function () {
  "use strict";

  if (window.htmx) {
    // Refused moves come back as the fresh table with the reason in #prompt:
    // swap 400, 403 and 409 like a success.
    htmx.config.responseHandling = [
      { code: "204", swap: false },
      { code: "[23]..", swap: true },
      { code: "40[039]", swap: true, error: false },
      { code: "[45]..", swap: false, error: true },
      { code: "...", swap: false },
    ];
  }

  const page = () => document.querySelector(".mdeal-game[data-version-url]");
  // Socket up: catch what the socket cannot carry. The page says how often:
  // 8 s with Redis, 2 s with the in-memory channel layer (bot moves from the
  // worker arrive only by this poll).
  const SLOW_POLL = Number((page() || { dataset: {} }).dataset.poll) || 8000;
  const FAST_POLL = Math.min(3000, SLOW_POLL); // socket down
  const HIDDEN_POLL = 30000;

  const table = () => document.getElementById("table");
  const shownVersion = () => {
    const t = table();
    return t ? Number(t.dataset.version) : -1;
  };

  let socketUp = false;
  let lastCheck = 0;
  let fetching = false;

  function refresh() {
    const t = table();
    if (!t || fetching || !window.htmx) return;
    fetching = true;
    htmx
      .ajax("GET", t.dataset.url, { target: "#table", swap: "outerHTML" })
      .finally(() => { fetching = false; });
  }

  function seen(version) {
    if (Number.isFinite(version) && version !== shownVersion()) refresh();
  }

  function check() {
    const p = page();
    if (!p) return;
    lastCheck = Date.now();
    const url = p.dataset.versionUrl + "?since=" + shownVersion();
    fetch(url, { headers: { Accept: "application/json" }, credentials: "same-origin" })
      .then((r) => (r.status === 200 ? r.json() : null))
      .then((data) => { if (data) seen(Number(data.version)); })
      .catch(() => {});
  }

  function connect(delay) {
    const p = page();
    if (!p || !p.dataset.ws || !("WebSocket" in window)) return;
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    const socket = new WebSocket(scheme + location.host + p.dataset.ws);
    socket.addEventListener("open", () => { socketUp = true; delay = 1000; });
    socket.addEventListener("message", (e) => {
      try { seen(Number(JSON.parse(e.data).version)); } catch (_) { /* ignore */ }
    });
    socket.addEventListener("close", (e) => {
      socketUp = false;
      if (e.code === 4403) return; // not a player here: the poll goes on
      const next = Math.min((delay || 1000) * 2, 30000);
      setTimeout(() => connect(next), delay || 1000);
    });
  }

  setInterval(() => {
    const every = document.hidden ? HIDDEN_POLL : socketUp ? SLOW_POLL : FAST_POLL;
    if (Date.now() - lastCheck >= every) check();
  }, 1000);

  // Keep what the player was doing across a swap: ticked cards, the open card.
  document.addEventListener("htmx:beforeSwap", (e) => {
    if (e.detail.target && e.detail.target.id === "table") {
      const ticked = [...document.querySelectorAll(".picker input[name=cards]:checked")]
        .map((i) => i.value);
      const open = document.querySelector("#table details.pick[open] .card");
      window.__mdealKeep = { ticked, open: open ? open.dataset.card : null,
        version: shownVersion() };
    }
  });
  document.addEventListener("htmx:afterSettle", () => {
    const keep = window.__mdealKeep;
    window.__mdealKeep = null;
    if (keep && keep.ticked.length) {
      for (const input of document.querySelectorAll(".picker input[name=cards]")) {
        if (keep.ticked.includes(input.value)) input.checked = true;
      }
    }
    if (keep && keep.open) {
      const card = document.querySelector(`#table details.pick .card[data-card="${keep.open}"]`);
      const details = card && card.closest("details");
      if (details) details.open = true;
    }
    updatePickers();
    tick();
  });

  // One open card menu at a time; Escape or a tap outside closes it.
  document.addEventListener("toggle", (e) => {
    const d = e.target;
    if (!(d instanceof HTMLDetailsElement) || !d.open || !d.matches(".pick, .resign")) return;
    for (const other of document.querySelectorAll("details.pick[open], details.resign[open]")) {
      if (other !== d) other.open = false;
    }
  }, true);
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape") {
      for (const d of document.querySelectorAll("details.pick[open], details.resign[open]")) d.open = false;
    }
  });
  document.addEventListener("click", (e) => {
    if (e.target.closest("details.pick, details.resign")) return;
    for (const d of document.querySelectorAll("details.pick[open], details.resign[open]")) d.open = false;
  });

  // Pay and discard pickers: a running total and the rule when it is not met.
  function updatePickers() {
    for (const form of document.querySelectorAll("form.picker--pay")) {
      const boxes = [...form.querySelectorAll("input[name=cards]")];
      const ticked = boxes.filter((b) => b.checked);
      const sum = ticked.reduce((s, b) => s + Number(b.dataset.value || 0), 0);
      const owed = Number(form.dataset.amount);
      const everything = ticked.length === boxes.length;
      form.querySelector(".picker__sum").textContent = sum;
      const enough = sum >= owed || (everything && boxes.length > 0);
      form.classList.toggle("is-short", ticked.length > 0 && !enough);
      form.classList.toggle("is-enough", enough);
      const button = form.querySelector("button[type=submit]");
      if (button) {
        button.disabled = !enough;
        button.textContent = enough ? `Pay ${sum}M` : "Pay with these cards";
      }
    }
    for (const form of document.querySelectorAll("form.picker--discard")) {
      const ticked = form.querySelectorAll("input[name=cards]:checked").length;
      const need = Number(form.dataset.count);
      form.querySelector(".picker__sum").textContent = ticked;
      const button = form.querySelector("button[type=submit]");
      if (button) button.disabled = ticked !== need;
    }
  }
  document.addEventListener("change", (e) => {
    if (e.target.closest("form.picker")) updatePickers();
  });

  // Clocks: "3 h 20 min", "4 min 12 s".
  function left(ms) {
    if (ms <= 0) return "no time";
    const s = Math.floor(ms / 1000);
    const d = Math.floor(s / 86400), h = Math.floor((s % 86400) / 3600);
    const m = Math.floor((s % 3600) / 60), sec = s % 60;
    if (d) return `${d} d ${h} h`;
    if (h) return `${h} h ${m} min`;
    if (m >= 10) return `${m} min`;
    return `${m} min ${sec} s`;
  }
  function tick() {
    for (const t of document.querySelectorAll("time[data-deadline]")) {
      t.textContent = left(new Date(t.dataset.deadline) - Date.now());
    }
  }
  setInterval(tick, 1000);

  // Copy the invitation link.
  document.addEventListener("click", (e) => {
    const button = e.target.closest("[data-copy]");
    if (!button) return;
    const input = document.querySelector(button.dataset.copy);
    if (!input) return;
    input.select();
    const done = () => { button.textContent = "Copied"; setTimeout(() => { button.textContent = "Copy"; }, 1500); };
    if (navigator.clipboard) navigator.clipboard.writeText(input.value).then(done, () => {});
    else { document.execCommand("copy"); done(); }
  });

  function start() {
    updatePickers();
    tick();
    connect(1000);
    lastCheck = Date.now();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
