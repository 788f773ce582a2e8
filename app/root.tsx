import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { CartProvider } from "~/components/cart-provider";
import { ErrorState } from "~/components/error-state-later";
import { PageTitle } from "~/components/page-title";
import { ToastProvider } from "~/components/ui/toast";
import type { RootData } from "~/components/root-data";
import { VisitorProvider } from "~/components/visitor-provider";
import { useNonce } from "~/lib/nonce";
import { registerServiceWorker, THEME_COLOR } from "~/lib/pwa";
import { shopIcons } from "~/lib/shop-logo";
import { restoreTypedBeforeHydration } from "~/lib/typed-before-hydration";
import { httpCacheMiddleware } from "~/server/http-cache.server";
import { checkHealth } from "~/server/lifecycle.server";
import { mailConfigured } from "~/server/notifications/mail-transport.server";
import { pageCacheMiddleware } from "~/server/page-cache.server";
import {
  crossSiteRefusal,
  isCrossSiteMutation,
  serviceUnavailable,
  unreadableFormRefusal,
} from "~/server/request-guard.server";
import { dbOf, requestContextMiddleware } from "~/server/request-context.server";
import { loadShopIdentity, readSavedIdentity } from "~/server/shop/identity.server";
import { log } from "~/server/logger.server";

export const middleware: Route.MiddlewareFunction[] = [
  async ({ request }, next) => {
    if (isCrossSiteMutation(request)) throw crossSiteRefusal();
    const unreadable = await unreadableFormRefusal(request);
    if (unreadable) throw unreadable;
    const response = await next();
    // A failure while the database is away is an outage, not a bug: say so with a 503
    // that a shopper understands, and recover by itself when the database is back.
    // A route that answers 503 itself (the health check, a form's own outage message) has said so already.
    if (response.status >= 500 && response.status !== 503 && !(await checkHealth()).ok)
      return serviceUnavailable(request);
    return response;
  },
  requestContextMiddleware,
  // An action may compose a mail or a chat link with the shop's name: it reads the identity
  // another process may have just changed first (pages read it in the loader below).
  async ({ request, context }, next) => {
    if (request.method !== "GET" && request.method !== "HEAD")
      await readSavedIdentity(await dbOf(context)).catch((error: unknown) =>
        log.warn("shop identity not read before the action", { error }),
      );
    return next();
  },
  ({ request, context }, next) => pageCacheMiddleware(request, context, next),
  ({ request, context }, next) => httpCacheMiddleware(request, context, next),
];

// Nothing about the visitor here: the root's data is part of every catalog page, which is the
// same for everyone. Who is signed in comes to the client from /api/visitor (VisitorProvider).
export async function loader({ context }: Route.LoaderArgs): Promise<RootData> {
  // Whether mail leaves the shop is the same for every visitor, so it may sit here too.
  return { shop: await loadShopIdentity(await dbOf(context)), mailReady: mailConfigured() };
}

export const links: Route.LinksFunction = () => [{ rel: "manifest", href: "/manifest.webmanifest" }];

/** The favicon and the Apple touch icon: the owner's logo once uploaded, the sample's drawings before. */
function ShopIconLinks() {
  const data = useRouteLoaderData("root") as RootData | undefined;
  const icons = shopIcons(data?.shop.logo ?? null);
  return (
    <>
      {icons.favicon.map((icon) => (
        <link key={icon.href} rel="icon" href={icon.href} type={icon.type} sizes={icon.sizes} />
      ))}
      <link rel="apple-touch-icon" href={icons.appleTouch} />
    </>
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="id">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content={THEME_COLOR} />
        <Meta />
        <ShopIconLinks />
        <Links />
      </head>
      <body className="min-h-dvh">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useEffect(registerServiceWorker, []);
  // Scripts start after the first paint: this mark says the page now answers clicks and keys
  // (browser tests wait for it before using widgets that need JavaScript).
  useEffect(() => {
    // Before the mark: what was typed while the scripts were on their way becomes the page's state.
    restoreTypedBeforeHydration();
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <VisitorProvider>
      <CartProvider>
        <ToastProvider>
          <Outlet />
        </ToastProvider>
      </CartProvider>
    </VisitorProvider>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main className="mx-auto max-w-xl px-4 py-16">
      <PageTitle title={status === 404 ? "Halaman Tidak Ditemukan" : "Terjadi Kesalahan"} />
      <ErrorState status={status} />
    </main>
  );
}
