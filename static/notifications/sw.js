/* mdeal's service worker, for Web Push only (served at /sw.js: its scope is
 * the whole site). It caches nothing and handles no fetch.
 *
 * push: show the message the server encrypted for this device,
 *   {"title", "body", "url", "tag"}; one notification per game (its tag), a
 *   newer one replacing the older.
 * notificationclick: focus a window already showing that table, or open it.
 */
"use strict";

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

// Only ever open a page of this site, whatever the message says.
function onThisSite(url) {
  const target = new URL(url || "/", self.location.origin);
  return self.location.origin + target.pathname + target.search + target.hash;
}

self.addEventListener("push", (event) => {
  let message = {};
  if (event.data) {
    try {
      message = event.data.json();
    } catch (error) {
      message = { body: event.data.text() };
    }
  }
  event.waitUntil(
    self.registration.showNotification(message.title || "mdeal", {
      body: message.body || "It is your move.",
      tag: message.tag || "mdeal",
      data: { url: onThisSite(message.url) },
    })
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = onThisSite(event.notification.data && event.notification.data.url);
  event.waitUntil(
    self.clients
      .matchAll({ type: "window", includeUncontrolled: true })
      .then((windows) => {
        const open = windows.find((w) => w.url === url && "focus" in w);
        return open ? open.focus() : self.clients.openWindow(url);
      })
  );
});
