/* The table's chat: new messages live, a poll without the socket, tabs on phones.
 *
 * The socket (table.js) says only that the chat has something new; this
 * script then asks for the messages after the last one shown, and htmx
 * appends them to #chat-log, a polite live region. A poll asks the same:
 * every 3 s while the socket is down, every 30 s beside it. The chat sits in
 * #chat-slot; the table's partial brings only an empty slot, and a redraw of
 * the table keeps the one the page has (moved aside while htmx swaps, then
 * into the new slot): the text being typed, the focus and the scroll survive
 * a move. (Not hx-preserve: a late response swapped into a table already
 * replaced would take the live chat with it.)
 */
(function () {
  "use strict";

  const FAST_POLL = 3000; // no socket
  const SLOW_POLL = 30000; // socket up: a backstop
  const HIDDEN_POLL = 60000;
  const NARROW = window.matchMedia("(max-width: 40rem)");

  let socketUp = false;
  let lastCheck = Date.now();
  let fetching = false;
  let again = false;
  let tab = "history";
  let unread = 0;

  const slot = () => document.getElementById("chat-slot");
  const chat = () => document.getElementById("chat");
  const log = () => document.getElementById("chat-log");

  function lastId() {
    const items = log() ? log().querySelectorAll("li[data-id]") : [];
    return items.length ? Number(items[items.length - 1].dataset.id) : 0;
  }

  function fetchNew() {
    const c = chat();
    if (!c || !window.htmx) return;
    if (fetching) { again = true; return; }
    fetching = true;
    lastCheck = Date.now();
    htmx
      .ajax("GET", c.dataset.url + "?after=" + lastId(), { target: "#chat-log", swap: "beforeend" })
      .finally(() => {
        fetching = false;
        if (again) { again = false; fetchNew(); }
      });
  }

  // The whole region: the table arrived without it (the game just started),
  // or the game ended and both rooms open.
  function fetchAll() {
    const s = slot();
    if (!s || !window.htmx) return;
    htmx.ajax("GET", s.dataset.url, { target: "#chat-slot", swap: "innerHTML" });
  }

  document.addEventListener("mdeal:chat", fetchNew);
  document.addEventListener("mdeal:socket-up", () => { socketUp = true; });
  document.addEventListener("mdeal:socket-down", () => { socketUp = false; });
  setInterval(() => {
    const every = document.hidden ? HIDDEN_POLL : socketUp ? SLOW_POLL : FAST_POLL;
    if (Date.now() - lastCheck >= every) fetchNew();
  }, 1000);

  // The message form and the poll send the last message shown: the answer
  // holds only what is newer.
  document.addEventListener("htmx:configRequest", (e) => {
    if (e.detail.elt && e.detail.elt.id === "chat-form") e.detail.parameters.after = lastId();
  });
  document.addEventListener("htmx:afterRequest", (e) => {
    const form = e.detail.elt;
    if (form && form.id === "chat-form" && e.detail.xhr && e.detail.xhr.status < 300) {
      form.querySelector("textarea").value = "";
    }
  });

  // Enter sends, Shift+Enter starts a new line.
  document.addEventListener("keydown", (e) => {
    if (e.target.id !== "chat-text" || e.key !== "Enter" || e.shiftKey || e.isComposing) return;
    e.preventDefault();
    if (e.target.value.trim()) e.target.form.requestSubmit();
  });

  // Appending: one copy of each message, in order, scrolled to the newest
  // when the reader was there.
  let atBottom = true;
  let before = 0;
  document.addEventListener("htmx:beforeSwap", (e) => {
    const target = e.detail.target;
    if (target && target.id === "chat-log") {
      atBottom = target.scrollHeight - target.scrollTop - target.clientHeight < 32;
      before = lastId();
    }
    if (target && target.id === "table") { keepFocus(); park(); }
  });
  document.addEventListener("htmx:afterSwap", (e) => {
    if (e.detail.target && e.detail.target.id === "table") unpark();
  });
  document.addEventListener("htmx:afterSettle", (e) => {
    const target = e.detail.target;
    if (!target) return;
    if (target.id === "chat-log") {
      tidy();
      countUnread(before);
      if (atBottom) target.scrollTop = target.scrollHeight;
    } else if (target.id === "table") {
      restoreFocus();
      const s = slot();
      const t = document.getElementById("table");
      const over = t && t.classList.contains("is-over") ? "1" : "0";
      if (s && (!chat() || chat().dataset.over !== over)) fetchAll();
      showTab();
    } else if (target.id === "chat-slot" || target.id === "chat") {
      toBottom();
    }
  });

  function tidy() {
    const l = log();
    if (!l) return;
    const ids = new Set();
    let previous = -1;
    let ordered = true;
    for (const li of [...l.querySelectorAll(":scope > li[data-id]")]) {
      const id = Number(li.dataset.id);
      if (ids.has(id)) { li.remove(); continue; }
      ids.add(id);
      if (id < previous) ordered = false;
      previous = id;
    }
    if (!ordered) {
      [...l.children]
        .sort((a, b) => Number(a.dataset.id) - Number(b.dataset.id))
        .forEach((li) => l.appendChild(li));
    }
  }

  function toBottom() {
    const l = log();
    if (l) l.scrollTop = l.scrollHeight;
  }

  // The chat the page has, kept across a table redraw.
  let parked = null;
  function move(parent, el, before) {
    if (parent.moveBefore) parent.moveBefore(el, before); // keeps focus and state
    else parent.insertBefore(el, before);
  }
  function park() {
    const s = slot();
    if (!s || !chat()) return;
    let hold = document.getElementById("chat-park");
    if (!hold) {
      hold = document.createElement("div");
      hold.id = "chat-park";
      hold.className = "chat-park";
      document.body.appendChild(hold);
    }
    move(hold, s, null);
    parked = s;
  }
  function unpark() {
    if (!parked) return;
    const fresh = document.querySelector("#table #chat-slot");
    if (fresh) {
      move(fresh.parentNode, parked, fresh);
      fresh.remove();
    } else {
      parked.remove();
    }
    parked = null;
  }

  // A table redraw keeps the chat; where the browser cannot move a focused
  // element without losing focus, put it back, caret included.
  let focused = null;
  function keepFocus() {
    const el = document.activeElement;
    const s = slot();
    focused = s && el && s.contains(el)
      ? { el, start: el.selectionStart, end: el.selectionEnd }
      : null;
  }
  function restoreFocus() {
    if (!focused || !focused.el.isConnected || document.activeElement === focused.el) return;
    focused.el.focus({ preventScroll: true });
    if (focused.start != null && focused.el.setSelectionRange) {
      focused.el.setSelectionRange(focused.start, focused.end);
    }
  }

  // One message menu open at a time; Escape or a click outside closes it.
  function closeMenus(except) {
    for (const d of document.querySelectorAll("details.chat__actions[open]")) {
      if (d !== except) d.open = false;
    }
  }
  document.addEventListener("toggle", (e) => {
    if (e.target instanceof HTMLDetailsElement && e.target.open && e.target.matches(".chat__actions")) {
      closeMenus(e.target);
      const menu = e.target.querySelector(".chat__menu");
      if (menu) menu.scrollIntoView({ block: "nearest" });
    }
  }, true);
  document.addEventListener("keydown", (e) => {
    if (e.key !== "Escape") return;
    const open = document.querySelector("details.chat__actions[open]");
    if (open) { open.open = false; open.querySelector("summary").focus(); }
  });
  document.addEventListener("click", (e) => {
    if (!e.target.closest("details.chat__actions")) closeMenus(null);
  });

  // Phones: History and Chat are two tabs (wider screens show both).
  function countUnread(since) {
    if (!NARROW.matches || tab === "chat") return;
    const l = log();
    if (!l) return;
    for (const li of l.querySelectorAll("li[data-id]")) {
      if (Number(li.dataset.id) > since && !li.classList.contains("is-mine")) unread += 1;
    }
    showTab();
  }
  function showTab() {
    const talk = document.getElementById("talk");
    const tabs = talk && talk.querySelector(".talk__tabs");
    if (!tabs || !slot()) return;
    tabs.hidden = false;
    talk.dataset.tab = tab;
    for (const button of tabs.querySelectorAll("[role=tab]")) {
      const on = button.dataset.tab === tab;
      button.setAttribute("aria-selected", on ? "true" : "false");
      button.tabIndex = on ? 0 : -1;
    }
    const badge = tabs.querySelector(".talk__new");
    if (badge) {
      badge.hidden = unread === 0;
      badge.querySelector(".talk__count").textContent = unread;
    }
  }
  function choose(name, focus) {
    tab = name;
    if (tab === "chat") unread = 0;
    showTab();
    if (tab === "chat") toBottom();
    if (focus) {
      const button = document.querySelector(`.talk__tabs [data-tab="${name}"]`);
      if (button) button.focus();
    }
  }
  document.addEventListener("click", (e) => {
    const button = e.target.closest(".talk__tabs [role=tab]");
    if (button) choose(button.dataset.tab, false);
  });
  document.addEventListener("keydown", (e) => {
    if (!e.target.closest || !e.target.closest(".talk__tabs")) return;
    // Two tabs: an arrow goes to the other one; Home and End to the first and last.
    const to = { Home: "history", End: "chat" }[e.key]
      || ((e.key === "ArrowLeft" || e.key === "ArrowRight") && (tab === "chat" ? "history" : "chat"));
    if (!to) return;
    e.preventDefault();
    choose(to, true);
  });
  // A link to #chat opens its tab.
  function fromHash() { if (location.hash === "#chat") choose("chat", false); }
  window.addEventListener("hashchange", fromHash);

  function start() {
    showTab();
    fromHash();
    toBottom();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
