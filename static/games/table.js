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
    // swap 400, 403 and 409 like a success; a refused chat message (429
    // too) as the note under the chat.
    htmx.config.responseHandling = [
      { code: "204", swap: false },
      { code: "[23]..", swap: true },
      { code: "40[039]|429", swap: true, error: false },
      { code: "[45]..", swap: false, error: true },
      { code: "...", swap: false },
    ];
  }

  const page = () => document.querySelector(".mdeal-game[data-version-url]");
  // Socket up: catch what the socket cannot carry. The page says how often:
  // 30 s with Redis, 2 s with the in-memory channel layer (bot moves from the
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
  let missed = null; // a version told while a refresh was under way

  function refresh() {
    const t = table();
    if (!t || fetching || !window.htmx) return;
    fetching = true;
    htmx
      .ajax("GET", t.dataset.url, { target: "#table", swap: "outerHTML" })
      .finally(() => {
        fetching = false;
        // The table it brought may be older than a change told meanwhile:
        // look once more (or the page waits for the slow poll).
        const told = missed;
        missed = null;
        if (told !== null) seen(told);
      });
  }

  function seen(version) {
    if (!Number.isFinite(version) || version === shownVersion()) return;
    if (fetching) missed = version;
    else refresh();
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
    const tell = (name) => document.dispatchEvent(new CustomEvent(name));
    socket.addEventListener("open", () => { socketUp = true; delay = 1000; tell("mdeal:socket-up"); });
    socket.addEventListener("message", (e) => {
      let data = null;
      try { data = JSON.parse(e.data); } catch (_) { return; }
      if (data.chat) tell("mdeal:chat"); // chat.js fetches what is new
      else seen(Number(data.version));
    });
    socket.addEventListener("close", (e) => {
      socketUp = false;
      tell("mdeal:socket-down");
      if (e.code === 4403) return; // not a player here: the poll goes on
      const next = Math.min((delay || 1000) * 2, 30000);
      setTimeout(() => connect(next), delay || 1000);
    });
  }

  setInterval(() => {
    const every = document.hidden ? HIDDEN_POLL : socketUp ? SLOW_POLL : FAST_POLL;
    if (Date.now() - lastCheck >= every) check();
  }, 1000);

  // Keep what the player was doing across a swap: ticked cards, the open card
  // (unless its menu made the move), the folds, and the focus.
  // The folds the player opened or closed, by data-fold. Only their own
  // clicks count: a fold the page drew open (to raise cash, say) fires a
  // toggle as well, later, and so does putting a fold back after a swap.
  const folds = new Map(); // data-fold -> open, as the player left it
  let clicked = null; // the fold whose summary the player just used
  document.addEventListener("click", (e) => {
    const summary = e.target.closest && e.target.closest("summary");
    const d = summary && summary.parentElement;
    if (d instanceof HTMLDetailsElement && d.dataset.fold) clicked = d;
  }, true);
  document.addEventListener("toggle", (e) => {
    if (e.target !== clicked) return;
    clicked = null;
    folds.set(e.target.dataset.fold, e.target.open);
  }, true);

  // What identifies a control across a redraw: its move, its card, its value.
  function focusKey(el) {
    if (!el || !el.closest || !el.closest("#table")) return null;
    if (el.closest("#chat-slot")) return null; // kept by the swap (chat.js)
    const region = el.closest("[id]");
    const form = el.closest("form");
    const move = form && form.querySelector("input[name=move]");
    const card = el.closest("summary") && el.closest("details").querySelector("[data-card]");
    return {
      region: region ? region.id : null,
      move: el.tagName === "BUTTON" && move ? move.value : null,
      card: card ? card.dataset.card : null,
      value: el.tagName === "INPUT" ? el.value : null,
      text: (el.textContent || "").trim(),
      tag: el.tagName,
      fold: el.closest("details[data-fold]") && el.tagName === "SUMMARY"
        ? el.closest("details[data-fold]").dataset.fold : null,
    };
  }
  function findKey(key) {
    if (!key) return null;
    const t = table();
    if (!t) return null;
    if (key.fold) {
      const d = t.querySelector(`details[data-fold="${key.fold}"]`);
      return d && d.querySelector("summary");
    }
    if (key.card) {
      const card = t.querySelector(`${key.region ? "#" + key.region : ""} details.pick summary [data-card="${key.card}"]`);
      if (card) return card.closest("summary");
    }
    if (key.value !== null) {
      return t.querySelector(`input[name=cards][value="${key.value}"]`);
    }
    if (key.move) {
      for (const input of t.querySelectorAll("form input[name=move]")) {
        if (input.value === key.move) return input.form.querySelector("button");
      }
    }
    if (key.tag === "BUTTON" && key.region) {
      for (const b of t.querySelectorAll(`#${key.region} button`)) {
        if ((b.textContent || "").trim() === key.text) return b;
      }
    }
    return null;
  }

  const decision = () => {
    const p = document.getElementById("prompt");
    return p ? p.dataset.decision || "" : "";
  };
  // The live region says what changed that the player did not do: the new
  // lines of the history (others' moves), then a new decision of theirs.
  let announced = null;
  function announce(news) {
    const region = document.getElementById("announce");
    const p = document.getElementById("prompt");
    if (!region || !p) return;
    const now = decision();
    const parts = [...(news || [])];
    if (announced !== null && now && now !== announced) {
      const title = p.querySelector(".prompt__title");
      const detail = p.querySelector(".prompt__detail");
      parts.push(...[title && title.textContent, detail && detail.textContent]
        .filter(Boolean).map((t) => t.trim()));
    }
    announced = now;
    if (parts.length) region.textContent = parts.join(" ").replace(/([^.!?])$/, "$1.");
  }
  const lastSeq = () => {
    const seqs = [...document.querySelectorAll("#history li[data-seq]")]
      .map((li) => Number(li.dataset.seq));
    return seqs.length ? Math.max(...seqs) : -1;
  };
  // The history lines after `seq`, oldest first, at most the last three.
  const linesSince = (seq) => [...document.querySelectorAll("#history li[data-seq]")]
    .filter((li) => Number(li.dataset.seq) > seq)
    .map((li) => li.textContent.trim())
    .reverse()
    .slice(-3);

  document.addEventListener("htmx:beforeSwap", (e) => {
    if (e.detail.target && e.detail.target.id === "table") {
      const ticked = [...document.querySelectorAll("#table input[name=cards]:checked")]
        .map((i) => i.value);
      const openCard = document.querySelector("#table details.pick[open] .card");
      const menu = openCard && openCard.closest("details");
      const source = e.detail.requestConfig && e.detail.requestConfig.elt;
      // A move made from the menu closes it: the card has moved on.
      const keepOpen = openCard && !(source && menu.contains(source));
      const region = menu && menu.parentElement.closest("[id]");
      // The player's own move: a form of the table (not the chat) sent it.
      const own = !!(source && source.closest && source.closest("#table")
        && !source.closest("#chat-slot") && e.detail.requestConfig.verb !== "get");
      window.__mdealKeep = {
        ticked,
        open: keepOpen ? openCard.dataset.card : null,
        openRegion: region ? region.id : null,
        version: shownVersion(),
        focus: focusKey(document.activeElement),
        idle: document.activeElement === document.body || !document.activeElement,
        decision: decision(),
        own,
        seq: lastSeq(),
      };
    }
  });
  document.addEventListener("htmx:afterSettle", () => {
    const keep = window.__mdealKeep;
    window.__mdealKeep = null;
    if (keep && keep.ticked.length) {
      for (const input of document.querySelectorAll("#table input[name=cards]")) {
        if (keep.ticked.includes(input.value)) input.checked = true;
      }
    }
    if (keep && keep.open) {
      // Only in the same place: a wild laid from the hand is not re-opened on the table.
      const scope = keep.openRegion ? `#${keep.openRegion} ` : "#table ";
      const card = document.querySelector(`${scope}details.pick .card[data-card="${keep.open}"]`);
      const details = card && card.closest("details");
      if (details) details.open = true;
    }
    for (const d of document.querySelectorAll("#table details[data-fold]")) {
      if (folds.has(d.dataset.fold)) d.open = folds.get(d.dataset.fold);
    }
    updatePickers();
    tick();
    // Focus: after the player's own move, on the prompt's heading (where the
    // next decision, or the wait, is said); after others' moves, where it
    // was, or on the heading of a new decision of theirs. Never taken from
    // outside the table (the chat being typed in).
    const title = document.getElementById("prompt-title");
    if (keep && keep.own) {
      if (title) title.focus();
    } else if (keep && (keep.focus || keep.idle)) {
      const changed = decision() && decision() !== keep.decision;
      const again = changed || !keep.focus ? null : findKey(keep.focus);
      const target = again || ((keep.focus || changed) ? title : null);
      if (target) target.focus({ preventScroll: true });
    }
    announce(keep && !keep.own && keep.seq >= 0 ? linesSince(keep.seq) : []);
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
  // A picker's boxes may sit outside it (the discard's, on the hand's cards).
  const boxesOf = (form) => [...form.elements].filter((el) => el.name === "cards");
  function updatePickers() {
    for (const form of document.querySelectorAll("form.picker--pay")) {
      const boxes = boxesOf(form);
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
      const ticked = boxesOf(form).filter((b) => b.checked).length;
      const need = Number(form.dataset.count);
      form.querySelector(".picker__sum").textContent = ticked;
      const button = [...form.elements].find((el) => el.type === "submit");
      if (button) button.disabled = ticked !== need;
    }
  }
  document.addEventListener("change", (e) => {
    if (e.target.form && e.target.form.matches("form.picker")) updatePickers();
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
    announce();
    updatePickers();
    tick();
    connect(1000);
    lastCheck = Date.now();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
