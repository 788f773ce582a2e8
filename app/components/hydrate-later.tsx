// A part of the page whose script is not needed to show it or for the first tap: the server
// draws it in full as always, but the browser does not wait for its code to start the page.
// During hydration React keeps the server's HTML of the part as it is (links in it work as
// plain links) and hydrates it once its file has arrived, which starts at once. After that
// the part renders straight away (client navigations, a remount), with no fallback.
//
// The server must never wait for such a part inside a render: a part that suspends there is
// sent after the rest of the page, as a hidden template and an inline script that moves it in
// place (more bytes, a script the CSP has to allow, and the page cache would keep that copy
// for everyone). So every part is listed here when its module loads, and the server entry
// awaits loadLaterParts() before it renders: from then on each part renders synchronously, in
// a fresh process's first render as in every later one.
import { lazy, Suspense, useState, type ComponentType } from "react";

/** Every part's loader, each loading its module once. */
const parts: (() => Promise<unknown>)[] = [];

/** Loads every part's module (at once after the first time); the server awaits it before rendering. */
export function loadLaterParts(): Promise<void> {
  return Promise.all(parts.map((loadPart) => loadPart())).then(() => undefined);
}

export function hydrateLater<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const loadOnce = () => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined; // a failed fetch is tried again next time
        throw error;
      },
    );
    return loading;
  };
  parts.push(loadOnce);
  const Lazy = lazy(() => loadOnce().then((component) => ({ default: component })));
  function Later(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the component itself would
    // remount the part.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  }
  return Later;
}
