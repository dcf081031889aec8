/* "Notify me on this device": Web Push, opted into from the profile or a table.
 *
 * #push carries the site's VAPID public key and the URLs (data- attributes).
 * Turning it on registers the service worker (/sw.js), asks the browser for
 * permission, subscribes with the key and posts the subscription; turning it
 * off forgets it on the server and in the browser. The box says which state
 * this device is in: on, off, blocked (permission denied) or unsupported.
 */
(function () {
  "use strict";

  const box = document.getElementById("push");
  if (!box) return;
  const stateLine = box.querySelector("[data-push-state]");
  const SAYS = {
    checking: "Checking this browser…",
    working: "One moment…",
    on: "This device is notified when it is your move.",
    off: "This device is not notified. Emails follow your profile's choice.",
    blocked:
      "Notifications from this site are blocked in this browser's settings. " +
      "Allow them there, then reload this page.",
    unsupported: "This browser cannot show notifications from this site.",
  };

  function show(state, note) {
    box.dataset.pushStatus = state;
    stateLine.textContent = note || SAYS[state];
    for (const part of box.querySelectorAll("[data-push-when]")) {
      part.hidden = part.dataset.pushWhen !== state;
    }
  }

  const supported =
    window.isSecureContext &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window;

  function csrfToken() {
    try {
      return JSON.parse(document.body.getAttribute("hx-headers"))["x-csrftoken"];
    } catch (error) {
      return "";
    }
  }

  async function post(url, body) {
    const response = await fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken() },
      body: JSON.stringify(body),
    });
    if (!response.ok) {
      const answer = await response.json().catch(() => ({}));
      throw new Error(answer.error || `The site answered ${response.status}.`);
    }
    return response;
  }

  function keyBytes(base64url) {
    const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
    const raw = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
    return Uint8Array.from(raw, (c) => c.charCodeAt(0));
  }

  async function currentSubscription() {
    const registration = await navigator.serviceWorker.getRegistration("/");
    return registration ? registration.pushManager.getSubscription() : null;
  }

  async function turnOn() {
    show("working");
    const permission = await Notification.requestPermission();
    if (permission !== "granted") return refresh();
    await navigator.serviceWorker.register(box.dataset.workerUrl);
    const registration = await navigator.serviceWorker.ready;
    const subscription =
      (await registration.pushManager.getSubscription()) ||
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(box.dataset.pushKey),
      }));
    await post(box.dataset.subscribeUrl, subscription.toJSON());
    sessionStorage.setItem("mdeal-push", subscription.endpoint);
    show("on");
  }

  async function turnOff() {
    show("working");
    const subscription = await currentSubscription();
    if (subscription) {
      await post(box.dataset.unsubscribeUrl, { endpoint: subscription.endpoint });
      await subscription.unsubscribe();
    }
    sessionStorage.removeItem("mdeal-push");
    show("off");
  }

  async function refresh() {
    if (!supported) return show("unsupported");
    if (Notification.permission === "denied") return show("blocked");
    const subscription =
      Notification.permission === "granted" ? await currentSubscription() : null;
    if (!subscription) return show("off");
    // Once a visit, tell the site again: it forgets a device the push
    // service dropped, and the device may have changed hands.
    if (sessionStorage.getItem("mdeal-push") !== subscription.endpoint) {
      await post(box.dataset.subscribeUrl, subscription.toJSON());
      sessionStorage.setItem("mdeal-push", subscription.endpoint);
    }
    show("on");
  }

  function failed(error) {
    show("error", `That did not work: ${error.message || error}`);
  }

  box.querySelector("[data-push-on]").addEventListener("click", () => {
    turnOn().catch(failed);
  });
  box.querySelector("[data-push-off]").addEventListener("click", () => {
    turnOff().catch(failed);
  });
  box.querySelector("[data-push-retry]").addEventListener("click", () => {
    refresh().catch(failed);
  });
  box.hidden = false;
  show("checking");
  refresh().catch(failed);
})();
