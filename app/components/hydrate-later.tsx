// A part of the page whose script is not needed to show it or for the first tap: the server
// draws it in full as always, but the browser does not wait for its code to start the page.
// During hydration React keeps the server's HTML of the part as it is (links in it work as
// plain links) and hydrates it once its file has arrived, which starts at once. After that
// the part renders straight away (client navigations, a remount), with no fallback.
import { lazy, Suspense, useState, type ComponentType } from "react";

export function hydrateLater<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  const Lazy = lazy(() =>
    load().then((component) => {
      loaded = component;
      return { default: component };
    }),
  );
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
