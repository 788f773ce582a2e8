// The installable app's shared bits: the theme colour (manifest and <meta name="theme-color">)
// and the service worker's registration.

export const THEME_COLOR = "#15803d";

/** Registers /sw.js once the page has loaded, so it never competes with the first render. */
export function registerServiceWorker() {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  const register = () => {
    navigator.serviceWorker
      .register("/sw.js", { scope: "/" })
      .catch((error: unknown) => console.warn("service worker not registered", error));
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
