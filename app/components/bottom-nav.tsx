import { NavLink, useLocation } from "react-router";
import { accountHref } from "~/lib/safe-redirect";
import { WORDS } from "~/lib/vocab/words";
import { Home, Search, ShoppingCart, Store, User } from "lucide-react";
import { useRootData } from "~/components/root-data";
import { cn } from "~/lib/utils";
import { AccountMenu } from "./account-menu-lazy";
import { useCart } from "./cart-provider";
import { CartBadge } from "./site-header";

// `.bottom-nav-slot` (app.css): five slots on every page, one short class each.
const slot = "bottom-nav-slot";

export function BottomNav() {
  const { user } = useRootData();
  const { lineCount } = useCart();
  const location = useLocation();
  // Masuk / Daftar bring the shopper back here afterwards.
  const here = location.pathname + location.search;
  const linkClass = ({ isActive }: { isActive: boolean }) => cn(slot, isActive ? "text-brand-800" : "text-stone-700");
  return (
    <nav
      aria-label="Navigasi bawah"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-stone-200 bg-white pb-[env(safe-area-inset-bottom)] md:hidden"
    >
      <div className="flex">
        <NavLink to="/" end className={linkClass}>
          <Home className="h-5 w-5" aria-hidden="true" /> {WORDS.home}
        </NavLink>
        <NavLink to="/products" className={linkClass}>
          <Store className="h-5 w-5" aria-hidden="true" /> Produk
        </NavLink>
        <NavLink to="/search" className={linkClass}>
          <Search className="h-5 w-5" aria-hidden="true" /> Cari
        </NavLink>
        <NavLink to="/cart" className={linkClass}>
          <span className="relative">
            <ShoppingCart className="h-5 w-5" aria-hidden="true" />
            <CartBadge count={lineCount} className="-top-2 -right-3" />
          </span>
          Keranjang
        </NavLink>
        {user ? (
          <AccountMenu
            email={user.email}
            side="top"
            trigger={
              <button type="button" className={cn(slot, "text-stone-700")}>
                <User className="h-5 w-5" aria-hidden="true" /> Akun
              </button>
            }
          />
        ) : (
          <NavLink to={accountHref("/login", here)} className={linkClass}>
            <User className="h-5 w-5" aria-hidden="true" /> Masuk
          </NavLink>
        )}
      </div>
    </nav>
  );
}
