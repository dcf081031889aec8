/* The table, live: htmx settings, the WebSocket, a slow poll, pickers, clocks.
 *
 * The server's WebSocket message carries {"version": N} and, mostly, this
 * player's own table ("html", swapped in by showPushed below); with the
 * version alone the browser GETs its view of the table (htmx swaps #table).
 * A hidden page tells its socket so and is sent the version alone; it GETs
 * its table once, when it is shown again. A poll of the cheap
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

  // A hidden page (a background tab) fetches nothing: it notes that it is
  // behind and asks once, when shown. Its socket says so (below), and the
  // server sends it the version alone, sparing a render no one would see.
  let behind = false;

  function seen(version) {
    if (!Number.isFinite(version) || version === shownVersion()) return;
    if (document.hidden) behind = true;
    else if (fetching) missed = version;
    else refresh();
  }

  // ---- The table pushed over the socket (speed, issue 31) ----------------
  // The server renders each player's own table for a new version and sends
  // it with the version: swap it in as htmx swaps a fetched one (the same
  // htmx:beforeSwap / afterSettle work keeps ticks, folds and focus), with no
  // request. A table already shown, or older than the one shown, is ignored;
  // while a GET is under way the version is noted, as seen() does.
  function showPushed(version, html) {
    const t = table();
    if (!t || !window.htmx || !Number.isFinite(version)) return false;
    if (version === shownVersion()) return true;
    if (version >= 0 && shownVersion() > version) return true;
    if (fetching) { missed = version; return true; }
    // The swap's afterSwap / afterSettle carry this as their detail, as a
    // fetched table's do: chat.js puts the chat back by its target.
    const info = { target: t, requestConfig: null };
    htmx.trigger(t, "htmx:beforeSwap", info);
    htmx.swap(t, html, { swapStyle: "outerHTML" }, { eventInfo: info });
    return true;
  }
  // ---- end of the pushed table ---------------------------------------------

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
    const sayHidden = () => {
      if (socket.readyState === WebSocket.OPEN) {
        socket.send(JSON.stringify({ hidden: document.hidden }));
      }
    };
    socket.addEventListener("open", () => {
      socketUp = true;
      delay = 1000;
      if (document.hidden) sayHidden();
      tell("mdeal:socket-up");
    });
    document.addEventListener("visibilitychange", sayHidden);
    socket.addEventListener("message", (e) => {
      let data = null;
      try { data = JSON.parse(e.data); } catch (_) { return; }
      if (data.chat) tell("mdeal:chat"); // chat.js fetches what is new
      else if (data.clocks) { // a vacation moved the clocks, not the version
        if (document.hidden) behind = true;
        else refresh();
      } else if (!(data.html && showPushed(Number(data.version), data.html))) {
        seen(Number(data.version));
      }
    });
    socket.addEventListener("close", (e) => {
      socketUp = false;
      document.removeEventListener("visibilitychange", sayHidden);
      tell("mdeal:socket-down");
      if (e.code === 4403) return; // not a player here: the poll goes on
      const next = Math.min((delay || 1000) * 2, 30000);
      setTimeout(() => connect(next), delay || 1000);
    });
  }

  document.addEventListener("visibilitychange", () => {
    if (document.hidden || !behind) return;
    behind = false;
    refresh();
  });

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

  // Fields the player filled in or ticked and has not sent (a trade being
  // put together, a bid typed, mortgages ticked), by form and field: a form
  // is known by its hidden fields but the token and the version (and its
  // place among forms alike), a field by its name and value (a box) or its
  // id. The Deal's ticked cards are kept apart, by card, wherever they are.
  function formKeys() {
    const keys = new Map();
    const seen = new Map();
    for (const form of document.querySelectorAll("#table form")) {
      if (form.closest("#chat-slot")) continue;
      const key = [...form.querySelectorAll("input[type=hidden]")]
        .filter((i) => i.name !== "csrfmiddlewaretoken" && i.name !== "version")
        .map((i) => `${i.name}=${i.value}`).join("&");
      const n = seen.get(key) || 0;
      seen.set(key, n + 1);
      keys.set(form, `${key}#${n}`);
    }
    return keys;
  }
  const isBox = (el) => el.type === "checkbox" || el.type === "radio";
  const fieldKey = (el) => (isBox(el) ? `${el.name}=${el.value}` : el.id || el.name);
  const isField = (el) => el.name && el.type !== "hidden" && el.name !== "cards"
    && el.tagName !== "BUTTON";
  function filledIn(sent) {
    const kept = [];
    for (const [form, key] of formKeys()) {
      if (sent && (form === sent || form.contains(sent))) continue; // gone with the move
      for (const el of form.elements) {
        if (!isField(el)) continue;
        if (isBox(el)) {
          if (el.checked !== el.defaultChecked) kept.push([key, fieldKey(el), el.checked]);
        } else if (el.tagName === "SELECT") {
          if ([...el.options].some((o) => o.selected !== o.defaultSelected)) {
            kept.push([key, fieldKey(el), el.value]);
          }
        } else if (el.value !== el.defaultValue) {
          kept.push([key, fieldKey(el), el.value]);
        }
      }
    }
    return kept;
  }
  function fillIn(kept) {
    if (!kept || !kept.length) return;
    const forms = new Map([...formKeys()].map(([form, key]) => [key, form]));
    for (const [key, field, value] of kept) {
      const form = forms.get(key);
      if (!form) continue;
      for (const el of form.elements) {
        if (!isField(el) || fieldKey(el) !== field) continue;
        if (isBox(el)) el.checked = value;
        else el.value = value;
      }
    }
  }
  function fieldOf(el) {
    const form = el.form && isField(el) ? formKeys().get(el.form) : undefined;
    return form === undefined ? null : { form, field: fieldKey(el) };
  }
  function findField(key) {
    const form = [...formKeys()].find(([, k]) => k === key.form);
    return form ? [...form[0].elements].find((el) => isField(el) && fieldKey(el) === key.field) : null;
  }

  // What identifies a control across a redraw: its move, its card, its value,
  // its form and field.
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
      field: fieldOf(el),
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
    if (key.field) return findField(key.field);
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

  const isOwn = (config) => {
    const source = config && config.elt;
    return !!(source && source.closest && source.closest("#table")
      && !source.closest("#chat-slot") && config.verb !== "get");
  };
  let ownAt = 0; // when the player's last move was sent
  document.addEventListener("htmx:beforeRequest", (e) => {
    if (isOwn(e.detail.requestConfig)) ownAt = Date.now();
  });
  document.addEventListener("htmx:afterRequest", (e) => {
    if (isOwn(e.detail.requestConfig)) setTimeout(() => { ownAt = 0; }, 0);
  });

  document.addEventListener("htmx:beforeSwap", (e) => {
    if (e.detail.target && e.detail.target.id === "table") {
      stopAim();
      const ticked = [...document.querySelectorAll("#table input[name=cards]:checked")]
        .map((i) => i.value);
      const openCard = document.querySelector("#table details.pick[open] .card");
      const menu = openCard && openCard.closest("details");
      const source = e.detail.requestConfig && e.detail.requestConfig.elt;
      // A move made from the menu closes it: the card has moved on.
      const keepOpen = openCard && !(source && menu.contains(source));
      const region = menu && menu.parentElement.closest("[id]");
      // The player's own move: a form of the table (not the chat) sent it,
      // or was sent a moment ago (the push of the move's new version may
      // bring the table before the move's own answer does).
      const own = isOwn(e.detail.requestConfig) || Date.now() - ownAt < 5000;
      window.__mdealKeep = {
        ticked,
        filled: filledIn(source),
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
    if (keep) {
      fillIn(keep.filled);
      // A message of the page's ("You have a seat at the table.") told of the
      // table it came with: it goes with the first table drawn after it.
      for (const m of document.querySelectorAll(".messages")) m.remove();
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

  // Direct manipulation. A card whose moves name things on the table (the
  // property to take, the set, the player who pays: their forms'
  // data-steps) is played by tapping those things: they light up, the rest
  // dims, and each tap narrows the moves until one is left, which is made.
  // Arrows move among the lit things, Enter or Space taps, Escape cancels.
  // The menu keeps the moves that name nothing (bank it, lay it as a new
  // set) and, on request, the whole list of sentences (the page without
  // JavaScript shows only that list).
  let aim = null; // {details, forms, picked, tapped}
  let byKeyboard = false;
  document.addEventListener("keydown", () => { byKeyboard = true; }, true);
  document.addEventListener("pointerdown", () => { byKeyboard = false; }, true);

  const stepsOf = (form) => (form.dataset.steps || "").split(" ").filter(Boolean);
  const hintsOf = (form) => (form.dataset.hints || "").split("|");
  function thingsFor(key) {
    const t = table();
    if (!t) return [];
    let found = [];
    if (key[0] === "c") {
      found = [...t.querySelectorAll(`.seat [data-card="${key.slice(1)}"]`)]
        .map((card) => card.closest("details.pick") || card);
    } else if (key[0] === "s") {
      found = [...t.querySelectorAll(`.pset[data-set="${key.slice(1)}"]`)];
    } else if (key[0] === "p") {
      found = [...t.querySelectorAll(`.seat[data-seat="${key.slice(1)}"]`)];
    }
    return found;
  }
  function describe(el) {
    if (el.matches(".pset")) {
      const seat = el.closest(".seat");
      const label = el.querySelector(".pset__label");
      return `${seat ? seat.getAttribute("aria-label") : ""}: ${el.dataset.colour.replace("_", " ")} set${label ? ", " + label.textContent.trim() : ""}`;
    }
    if (el.matches(".seat")) return el.getAttribute("aria-label");
    const card = el.matches("[data-card]") ? el : el.querySelector("[data-card]");
    const seat = el.closest(".seat");
    return `${card ? card.title : ""}${seat ? ", " + seat.getAttribute("aria-label") : ""}`;
  }
  function unlight() {
    const t = table();
    if (t) t.classList.remove("is-targeting");
    for (const el of document.querySelectorAll(".is-target, .is-picked")) {
      el.classList.remove("is-target", "is-picked");
      if (el.dataset.aimTab !== undefined) {
        if (el.dataset.aimTab) el.setAttribute("tabindex", el.dataset.aimTab);
        else el.removeAttribute("tabindex");
        delete el.dataset.aimTab;
        el.removeAttribute("role");
        el.removeAttribute("aria-label");
      }
      delete el.dataset.aim;
    }
  }
  function stopAim() {
    if (!aim) return;
    unlight();
    const menu = aim.details.querySelector(".pick__menu");
    aim.details.classList.remove("is-aiming", "is-listing");
    for (const el of menu.querySelectorAll(".pick__aim, .pick__aimbar")) el.remove();
    for (const f of menu.querySelectorAll("form.move")) f.classList.remove("is-out");
    aim = null;
  }
  function remaining() {
    const n = aim.picked.length;
    return aim.forms.filter((f) => {
      const steps = stepsOf(f);
      if (n === 0) return true;
      return steps.length >= n && aim.picked.every((key, i) => steps[i] === key);
    });
  }
  function showAim() {
    unlight();
    const t = table();
    const rest = remaining();
    const n = aim.picked.length;
    const next = new Map();
    for (const f of rest) {
      const key = stepsOf(f)[n];
      if (key) next.set(key, f);
    }
    const menu = aim.details.querySelector(".pick__menu");
    // One thing to tap: it is lit, and the moves' buttons stay too (a rent
    // on your only set of its colours: "Charge 6M", "doubled").
    for (const f of menu.querySelectorAll("form.move")) {
      f.classList.toggle("is-out", !rest.includes(f) || (!!stepsOf(f)[n] && next.size > 1));
    }
    if (!next.size) {
      if (rest.length === 1 && aim.tapped) {
        const form = rest[0];
        const button = form.querySelector("button");
        stopAim();
        form.requestSubmit(button);
        return;
      }
      say(aim.tapped ? "Choose:" : "");
      if (byKeyboard) {
        const first = menu.querySelector("form.move:not(.is-out) button");
        if (first) first.focus();
      }
      return;
    }
    const hint = hintsOf([...next.values()][0])[n] || "Tap one of the lit things";
    say(byKeyboard ? `${hint} (arrows, Enter; Escape cancels).` : `${hint}.`);
    t.classList.add("is-targeting");
    for (const key of aim.picked) for (const el of thingsFor(key)) el.classList.add("is-picked");
    let first = null;
    for (const key of next.keys()) {
      for (const el of thingsFor(key)) {
        el.classList.add("is-target");
        el.dataset.aim = key;
        el.dataset.aimTab = el.getAttribute("tabindex") || "";
        el.setAttribute("tabindex", "0");
        el.setAttribute("role", "button");
        el.setAttribute("aria-label", describe(el));
        first = first || el;
      }
    }
    if (byKeyboard && first) first.focus();
    else if (first && aim.picked.length === 0) {
      // Out of sight (on a phone, under the hand): bring it up, above the
      // menu's bar at the bottom.
      const box = first.getBoundingClientRect();
      if (box.top < 0 || box.bottom > innerHeight * 0.55) {
        first.scrollIntoView({ block: "center" });
      }
    }
  }
  function say(text) {
    const menu = aim.details.querySelector(".pick__menu");
    let line = menu.querySelector(".pick__aim");
    if (!line) {
      line = document.createElement("p");
      line.className = "pick__aim";
      line.setAttribute("role", "status");
      const title = menu.querySelector(".pick__title");
      title.after(line);
      const bar = document.createElement("p");
      bar.className = "pick__aimbar";
      bar.innerHTML = '<button type="button" class="btn btn--quiet" data-aim-list>List every choice</button> '
        + '<button type="button" class="btn btn--quiet" data-aim-cancel>Cancel</button>';
      menu.append(bar);
    }
    line.textContent = text;
    line.hidden = !text;
  }
  function startAim(details) {
    const forms = [...details.querySelectorAll(".pick__menu form.move")];
    if (!forms.some((f) => f.dataset.steps)) return;
    stopAim();
    aim = { details, forms, picked: [], tapped: false };
    details.classList.add("is-aiming");
    showAim();
  }
  function tapThing(el) {
    if (!aim || !el.dataset.aim) return;
    aim.picked.push(el.dataset.aim);
    aim.tapped = true;
    showAim();
  }
  document.addEventListener("toggle", (e) => {
    const d = e.target;
    if (!(d instanceof HTMLDetailsElement) || !d.matches(".pick")) return;
    if (d.open) startAim(d);
    else if (aim && aim.details === d) stopAim();
  }, true);
  // Taps on lit things, before anything else sees them (a lit wild's
  // summary must not open its own menu; a tap outside the menu must not
  // close it).
  document.addEventListener("click", (e) => {
    if (!aim) return;
    const target = e.target.closest && e.target.closest(".is-target");
    if (target) {
      e.preventDefault();
      e.stopPropagation();
      tapThing(target);
      return;
    }
    if (e.target.closest("[data-aim-cancel]")) {
      e.preventDefault();
      const summary = aim.details.querySelector("summary");
      aim.details.open = false;
      if (summary) summary.focus();
    } else if (e.target.closest("[data-aim-list]")) {
      e.preventDefault();
      aim.details.classList.toggle("is-listing");
    }
  }, true);
  document.addEventListener("keydown", (e) => {
    if (!aim) return;
    const lit = [...document.querySelectorAll(".is-target")];
    const at = lit.indexOf(document.activeElement);
    if (e.key === "Escape") {
      const summary = aim.details.querySelector("summary");
      aim.details.open = false;
      if (summary) summary.focus();
      e.preventDefault();
    } else if (at >= 0 && (e.key === "Enter" || e.key === " ")) {
      e.preventDefault();
      e.stopPropagation();
      tapThing(lit[at]);
    } else if (at >= 0 && e.key.startsWith("Arrow")) {
      e.preventDefault();
      const step = e.key === "ArrowRight" || e.key === "ArrowDown" ? 1 : -1;
      lit[(at + step + lit.length) % lit.length].focus();
    }
  }, true);

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
      const button = [...form.elements].find((el) => el.type === "submit");
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

  // The create form sends the browser's time zone (the server checks it).
  for (const input of document.querySelectorAll('.create-form input[name="time_zone"]')) {
    try { input.value = Intl.DateTimeFormat().resolvedOptions().timeZone || ""; } catch (_) {}
  }

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

  // Whether the player moves about with the keyboard (table.css shows the
  // prompt heading's focus ring to them alone).
  const KEYS = new Set(["Tab", "Enter", " ", "ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"]);
  document.addEventListener("keydown", (e) => {
    if (KEYS.has(e.key)) document.documentElement.classList.add("uses-keyboard");
  }, true);
  document.addEventListener("pointerdown", () => {
    document.documentElement.classList.remove("uses-keyboard");
  }, true);

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
