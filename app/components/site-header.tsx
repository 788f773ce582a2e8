import { lazy, Suspense, useState } from "react";
import { WORDS } from "~/lib/vocab/words";
import { Link, NavLink, useLocation } from "react-router";
import { accountHref } from "~/lib/safe-redirect";
import { ChevronDown, Leaf, Menu, ShoppingCart, UserCircle } from "lucide-react";
import { shopIcons } from "~/lib/shop-logo";
import { useRootData } from "~/components/root-data";
import { cn } from "~/lib/utils";
import { AccountMenu } from "./account-menu-lazy";
import { useCart } from "./cart-provider";
import { buttonClass } from "./ui/button";

export const MAIN_NAV = [
  { to: "/", label: WORDS.home },
  { to: "/products", label: "Produk" },
  { to: "/supply-with-us", label: WORDS.supplyWithUs },
  { to: "/about", label: "Tentang Kami" },
];

export const PHONE_MENU_BUTTON_CLASS = "-ml-2 rounded-lg p-2 text-stone-800 md:hidden";

const loadPhoneMenu = () => import("./phone-menu");
const PhoneMenuSheet = lazy(loadPhoneMenu);

/**
 * The small-screen menu button. The sheet it opens (Radix Dialog) is fetched when a finger or
 * pointer comes near the button and mounted, open, on the first press: no page's first script
 * carries it, and until then this plain button looks and reads the same.
 */
function PhoneMenu() {
  const [used, setUsed] = useState(false);
  const placeholder = (
    <button
      type="button"
      className={PHONE_MENU_BUTTON_CLASS}
      aria-label="Buka menu"
      aria-haspopup="dialog"
      aria-expanded={false}
      onPointerEnter={() => void loadPhoneMenu()}
      onTouchStart={() => void loadPhoneMenu()}
      onFocus={() => void loadPhoneMenu()}
      onClick={() => setUsed(true)}
    >
      <Menu className="h-6 w-6" aria-hidden="true" />
    </button>
  );
  if (!used) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <PhoneMenuSheet />
    </Suspense>
  );
}

export function CartBadge({ count, className }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span
      data-testid="cart-badge"
      className={cn(
        "absolute -top-1 -right-1 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] leading-5 font-bold text-white",
        className,
      )}
    >
      {count > 99 ? "99+" : count}
    </span>
  );
}

export function SiteHeader() {
  const { user, shop } = useRootData();
  const icons = shopIcons(shop.logo);
  const { lineCount } = useCart();
  const location = useLocation();
  // Masuk / Daftar bring the shopper back here afterwards.
  const here = location.pathname + location.search;
  return (
    <header className="sticky top-0 z-40 border-b border-stone-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-3 px-4 md:h-16">
        <PhoneMenu />
        <Link to="/" className="flex items-center gap-2 font-extrabold text-brand-800">
          {icons.header ? (
            <img src={icons.header} alt="" width={32} height={32} className="h-8 w-8 object-contain" />
          ) : (
            <Leaf className="h-6 w-6" aria-hidden="true" />
          )}
          <span className="text-base whitespace-nowrap sm:text-lg">{shop.name}</span>
        </Link>
        <nav aria-label="Navigasi utama" className="ml-6 hidden items-center gap-1 md:flex">
          {MAIN_NAV.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              end={item.to === "/"}
              className={({ isActive }) =>
                cn(
                  "rounded-lg px-3 py-2 text-sm font-semibold",
                  isActive ? "text-brand-800" : "text-stone-700 hover:text-brand-800",
                )
              }
            >
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <Link
            to="/cart"
            className="relative hidden rounded-lg p-2 text-stone-800 hover:bg-stone-100 md:inline-flex"
            aria-label={`Keranjang, ${lineCount} produk`}
          >
            <ShoppingCart className="h-6 w-6" aria-hidden="true" />
            <CartBadge count={lineCount} />
          </Link>
          {user ? (
            <AccountMenu
              email={user.email}
              trigger={
                <button
                  type="button"
                  className="hidden items-center gap-1 rounded-lg px-2 py-2 text-sm font-semibold text-stone-800 hover:bg-stone-100 md:inline-flex"
                >
                  <UserCircle className="h-6 w-6" aria-hidden="true" />
                  Akun Saya
                  <ChevronDown className="h-4 w-4" aria-hidden="true" />
                </button>
              }
            />
          ) : (
            <div className="flex items-center gap-2">
              <Link to={accountHref("/login", here)} className={buttonClass({ variant: "outline", size: "sm" })}>
                Masuk
              </Link>
              <Link
                to={accountHref("/register", here)}
                className={buttonClass({ size: "sm", className: "hidden sm:inline-flex" })}
              >
                Daftar
              </Link>
            </div>
          )}
        </div>
      </div>
    </header>
  );
}
