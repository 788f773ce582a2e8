// The small-screen menu sheet (Radix Dialog, with its focus trap and scroll lock). Loaded on
// first use by PhoneMenu in site-header.tsx, so no shop page's first script carries it.
import { Dialog as D } from "radix-ui";
import { NavLink } from "react-router";
import { Menu } from "lucide-react";
import { cn } from "~/lib/utils";
import { MAIN_NAV, PHONE_MENU_BUTTON_CLASS } from "./site-header";
import { SheetContent } from "./ui/dialog";

// The small-screen menu lists them in the header's order.
const MOBILE_NAV = [MAIN_NAV[0], MAIN_NAV[1], MAIN_NAV[3], MAIN_NAV[2]];

/** Mounted when the menu button is first pressed, so it opens at once. */
export default function PhoneMenuSheet() {
  return (
    <D.Root defaultOpen>
      <D.Trigger className={PHONE_MENU_BUTTON_CLASS} aria-label="Buka menu">
        <Menu className="h-6 w-6" aria-hidden="true" />
      </D.Trigger>
      <SheetContent title="Menu" side="right">
        <nav aria-label="Menu utama" className="flex flex-col p-2">
          {MOBILE_NAV.map((item) => (
            <D.Close asChild key={item.to}>
              <NavLink
                to={item.to}
                end={item.to === "/"}
                className={({ isActive }) =>
                  cn("rounded-lg px-3 py-3 font-medium", isActive ? "bg-brand-50 text-brand-800" : "text-stone-800")
                }
              >
                {item.label}
              </NavLink>
            </D.Close>
          ))}
        </nav>
      </SheetContent>
    </D.Root>
  );
}
