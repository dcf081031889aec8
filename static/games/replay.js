/* The replay: the left and right arrow keys step back and forth.
 *
 * The buttons are links and the slider a GET form, so the replay works
 * without this file; htmx (hx-get, hx-push-url) swaps #replay and puts the
 * step in the address bar. This file only adds the keys and keeps the
 * slider's focus across a swap.
 */
(function () {
  "use strict";

  document.documentElement.classList.add("js-replay");

  const KEYS = { ArrowLeft: "previous", ArrowRight: "next" };

  // While a step is on its way, a key waits and is played once the step has
  // landed (a link htmx has not taken over yet would load the whole page).
  // One key waits at most: the latest.
  let busy = false;
  let waiting = null;
  function landed() {
    busy = false;
    const rel = waiting;
    waiting = null;
    if (rel) go(rel);
  }
  document.addEventListener("htmx:beforeRequest", () => { busy = true; });
  document.addEventListener("htmx:afterSettle", landed);
  document.addEventListener("htmx:responseError", () => { busy = false; waiting = null; });
  document.addEventListener("htmx:sendError", () => { busy = false; waiting = null; });

  function go(rel) {
    if (busy) {
      waiting = rel;
      return;
    }
    const link = document.querySelector(`#replay [data-step-rel="${rel}"]`);
    if (!link || link.getAttribute("aria-disabled") === "true") return;
    link.click();
  }

  document.addEventListener("keydown", (e) => {
    const rel = KEYS[e.key];
    if (!rel || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const target = e.target;
    // The slider and text fields use the arrows themselves.
    if (target && target.closest && target.closest("input, select, textarea, [contenteditable]")) return;
    if (!document.getElementById("replay")) return;
    e.preventDefault();
    go(rel);
  });

  // After a swap, give the slider its focus back if it had it.
  let sliderFocused = false;
  document.addEventListener("htmx:beforeSwap", () => {
    sliderFocused = document.activeElement && document.activeElement.id === "replay-step";
  });
  document.addEventListener("htmx:afterSettle", () => {
    if (sliderFocused) {
      const slider = document.getElementById("replay-step");
      if (slider) slider.focus();
    }
    sliderFocused = false;
  });
})();
