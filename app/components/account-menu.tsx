// 'Akun Saya' menu: the user's e-mail and Profil, Pesanan Saya, Langganan Saya, Favorit Saya, Alamat Pengiriman, Logout.
import { WORDS } from "~/lib/vocab/words";
import { DropdownMenu as M } from "radix-ui";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { Heart, LogOut, MapPin, Package, User, Repeat } from "lucide-react";

export function AccountMenu({
  email,
  trigger,
  align = "end",
  side = "bottom",
}: {
  email: string;
  trigger: ReactNode;
  align?: "start" | "end" | "center";
  side?: "top" | "bottom";
}) {
  const item =
    "flex min-h-11 w-full cursor-pointer items-center gap-3 rounded-md px-3 text-sm text-stone-800 outline-none data-[highlighted]:bg-brand-50";
  return (
    <M.Root modal={false}>
      <M.Trigger asChild>{trigger}</M.Trigger>
      <M.Portal>
        <M.Content
          align={align}
          side={side}
          sideOffset={8}
          className="z-50 w-64 rounded-xl border border-stone-200 bg-white p-1.5 shadow-lg"
        >
          <M.Label className="px-3 pt-2 text-xs font-semibold tracking-wide text-stone-600 uppercase">
            Akun Saya
          </M.Label>
          <p className="truncate px-3 pb-2 text-sm text-stone-800">{email}</p>
          <M.Separator className="my-1 h-px bg-stone-200" />
          <M.Item asChild className={item}>
            <Link to="/profile">
              <User className="h-4 w-4" aria-hidden="true" /> Profil
            </Link>
          </M.Item>
          <M.Item asChild className={item}>
            <Link to="/orders">
              <Package className="h-4 w-4" aria-hidden="true" /> Pesanan Saya
            </Link>
          </M.Item>
          <M.Item asChild className={item}>
            <Link to="/langganan">
              <Repeat className="h-4 w-4" aria-hidden="true" /> Langganan Saya
            </Link>
          </M.Item>
          <M.Item asChild className={item}>
            <Link to="/favorites">
              <Heart className="h-4 w-4" aria-hidden="true" /> Favorit Saya
            </Link>
          </M.Item>
          <M.Item asChild className={item}>
            <Link to="/addresses">
              <MapPin className="h-4 w-4" aria-hidden="true" /> Alamat Pengiriman
            </Link>
          </M.Item>
          <M.Separator className="my-1 h-px bg-stone-200" />
          <Form method="post" action="/logout">
            <M.Item asChild className={item} onSelect={(e) => e.preventDefault()}>
              <button type="submit" className="text-red-800">
                <LogOut className="h-4 w-4" aria-hidden="true" /> {WORDS.signOut}
              </button>
            </M.Item>
          </Form>
        </M.Content>
      </M.Portal>
    </M.Root>
  );
}
