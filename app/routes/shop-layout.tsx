// The shop's frame: header, page, footer and the phone's bottom bar.
import { Outlet } from "react-router";
import { BottomNav } from "~/components/bottom-nav";
import { FavoritesSync } from "~/components/favorites-sync";
import { SiteHeader } from "~/components/site-header";
import { StrokeIconSymbols } from "~/components/ui/stroke-icons";
import { hydrateLater } from "~/components/hydrate-later";

// Far below the fold and only links: the page starts without waiting for its code.
const SiteFooter = hydrateLater(() => import("~/components/site-footer").then((m) => m.SiteFooter));

export default function ShopLayout() {
  return (
    <>
      <a
        href="#konten"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Langsung ke konten
      </a>
      <SiteHeader />
      <main id="konten" className="min-h-[60vh]">
        <Outlet />
      </main>
      <SiteFooter />
      <BottomNav />
      <StrokeIconSymbols />
      <FavoritesSync />
    </>
  );
}
