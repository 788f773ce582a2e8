// The admin panel's frame: its own header and navigation (no shop header, footer or cart),
// and the one-time message of the last action. Its middleware guards every admin loader and
// action below it; the server modules check the staff member again where they read data.
import { loadShopIdentity } from "~/server/shop/identity.server";
import { SAMPLE_WHATSAPP } from "~/lib/shop-identity";
import {
  data,
  Form,
  Link,
  NavLink,
  Outlet,
  useLoaderData,
  useLocation,
  type ShouldRevalidateFunction,
} from "react-router";
import { CheckCircle2, ExternalLink, LogOut, MailWarning, TriangleAlert } from "lucide-react";
import { accessFor, type Access } from "~/lib/access";
import { isOwnerRole, ROLE_LABELS } from "~/lib/roles";
import { useEffect, useState } from "react";
import { countNewInbox } from "~/server/inbox/inbox.server";
import { takeFlash } from "~/server/admin-flash.server";
import { mailConfigured } from "~/server/notifications/mail-transport.server";
import { dbOf } from "~/server/request-context.server";
import { useRootData } from "~/components/root-data";
import { cn } from "~/lib/utils";
import { WORDS } from "~/lib/vocab/words";
import type { Route } from "./+types/admin.layout";
import { routePolicy } from "~/server/route-policy.server";
import { actorOf } from "~/server/accounts/access.server";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "staff" })];

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = actorOf(context, "staff");
  const db = await dbOf(context);
  const [{ flash, headers }, inbox, shop] = await Promise.all([
    takeFlash(request),
    countNewInbox(db, admin),
    loadShopIdentity(db),
  ]);
  const owner = isOwnerRole(admin.role);
  return data(
    {
      admin: { name: admin.name, email: admin.email, role: admin.role },
      // The links this person may follow, by what each page declares (routePolicy), not by a list here.
      navigable: NAV_GROUPS.flatMap((g) => g.items.map((i) => i.to)).filter(
        (to) => owner || accessFor(declaredAccess(to), "loader") !== "owner",
      ),
      flash,
      newInbox: inbox.mitra + inbox.pesan,
      mailReady: mailConfigured(),
      sampleWhatsapp: shop.whatsapp === SAMPLE_WHATSAPP,
    },
    { headers },
  );
}

// The message belongs to one page view, and the inbox badge should be current.
export const shouldRevalidate: ShouldRevalidateFunction = () => true;

type NavItem = {
  /** An admin page of app/routes.ts: who may open it is what its own module declares. */
  to: string;
  label: string;
  match: string[];
};

// The admin pages' declarations (`routePolicy` in each module's middleware), read on the server only.
const adminPages = import.meta.glob<{ access?: Access }[]>(["./admin.*.{ts,tsx}", "!./admin.layout.tsx"], {
  eager: true,
  import: "middleware",
});

/** The access the page at this admin path declared; a nav link to a page without one is a mistake. */
function declaredAccess(to: string): Access {
  const file = `.${to.replaceAll("/", ".").replace(/^\./, "/")}`;
  const access = [".tsx", ".ts"].flatMap((ext) => adminPages[file + ext] ?? []).find((m) => m.access)?.access;
  if (!access) throw new Error(`admin navigation: ${to} has no route module declaring its access`);
  return access;
}

// Grouped by what staff come to do: the day's orders, the catalog, the shop itself. Every link
// stays on screen (wrapping, never cut off) at 390 and 1280 px.
const NAV_GROUPS: { label: string; items: NavItem[] }[] = [
  {
    label: "Pesanan",
    items: [
      { to: "/admin/dashboard", label: WORDS.dashboard, match: ["/admin/dashboard", "/admin/orders"] },
      { to: "/admin/picking-list", label: WORDS.pickingList, match: ["/admin/picking-list"] },
      { to: "/admin/delivery-sheet", label: "Pengiriman", match: ["/admin/delivery-sheet"] },
      { to: "/admin/payments", label: "Pembayaran", match: ["/admin/payments"] },
      { to: "/admin/setoran", label: "Setoran Kurir", match: ["/admin/setoran"] },
      { to: "/admin/inbox", label: WORDS.inbox, match: ["/admin/inbox"] },
      { to: "/admin/customers", label: "Pelanggan", match: ["/admin/customers"] },
      { to: "/admin/promos", label: "Promo", match: ["/admin/promos"] },
    ],
  },
  {
    label: "Katalog",
    items: [
      { to: "/admin/prices", label: "Harga Hari Ini", match: ["/admin/prices"] },
      { to: "/admin/products", label: "Produk", match: ["/admin/products"] },
      { to: "/admin/categories", label: "Kategori", match: ["/admin/categories"] },
      { to: "/admin/search-synonyms", label: "Sinonim Pencarian", match: ["/admin/search-synonyms"] },
      { to: "/admin/suppliers", label: "Petani Mitra", match: ["/admin/suppliers"] },
    ],
  },
  {
    label: "Toko",
    items: [
      { to: "/admin/reports", label: "Laporan", match: ["/admin/reports"] },
      { to: "/admin/team", label: "Tim", match: ["/admin/team"] },
      { to: "/admin/settings", label: "Pengaturan", match: ["/admin/settings"] },
    ],
  },
];

function FlashMessage({ flash }: { flash: { tone: "success" | "error"; message: string } | null }) {
  const [shown, setShown] = useState(flash);
  // Success fades after a while; an error stays until it is closed.
  useEffect(() => {
    if (shown?.tone !== "success") return;
    const timer = setTimeout(() => setShown(null), 8000);
    return () => clearTimeout(timer);
  }, [shown]);
  if (!shown) return null;
  const Icon = shown.tone === "error" ? TriangleAlert : CheckCircle2;
  return (
    <div
      role={shown.tone === "error" ? "alert" : undefined}
      data-testid="flash"
      className={cn(
        // Fixed, so it is seen wherever the page was scrolled to (the list keeps its place).
        "no-print fixed inset-x-3 bottom-4 z-50 flex items-start gap-3 rounded-xl border px-4 py-3 text-sm font-medium shadow-lg md:right-6 md:bottom-6 md:left-auto md:w-[26rem]",
        shown.tone === "error"
          ? "border-red-300 bg-red-50 text-red-900"
          : "border-green-300 bg-green-50 text-green-900",
      )}
    >
      <Icon className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
      <p className="flex-1">{shown.message}</p>
      <button
        type="button"
        onClick={() => setShown(null)}
        className="-my-1 rounded px-2 py-1 text-xs font-semibold underline-offset-2 hover:underline"
      >
        Tutup
      </button>
    </div>
  );
}

/** Shown on every admin page while mail only waits in the outbox, so nobody trusts a mail that never left. */
function MailOffBanner() {
  return (
    <div
      role="status"
      data-testid="mail-off-banner"
      className="no-print mb-4 flex items-start gap-2 rounded-xl border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 sm:gap-3 sm:px-4 sm:py-3"
    >
      <MailWarning className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
      <p>
        <strong>E-mail belum aktif.</strong> Undangan dan tagihan tidak keluar lewat e-mail: kirim lewat WhatsApp.{" "}
        <span className="hidden sm:inline">
          Untuk mengaktifkan e-mail, isi <code className="rounded bg-amber-100 px-1">SMTP_URL</code> di konfigurasi
          server (lihat README).
        </span>
      </p>
    </div>
  );
}

export default function AdminLayout() {
  const { admin, navigable, flash, newInbox, mailReady, sampleWhatsapp } = useLoaderData<typeof loader>();
  const { shop } = useRootData();
  const location = useLocation();
  return (
    <div className="min-h-dvh bg-stone-100">
      <a
        href="#konten-admin"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Langsung ke konten
      </a>
      <header className="no-print z-40 bg-brand-900 text-white shadow lg:sticky lg:top-0">
        <div className="mx-auto flex h-14 max-w-6xl items-center gap-3 px-4">
          <Link to="/admin/dashboard" className="flex min-w-0 items-center gap-2 font-extrabold">
            <span className="truncate">{shop.name}</span>
            <span className="rounded bg-white/15 px-1.5 py-0.5 text-xs font-bold tracking-wide uppercase">Admin</span>
          </Link>
          <div className="ml-auto flex items-center gap-1">
            <span className="mr-2 hidden max-w-48 truncate text-sm text-brand-100 lg:inline" title={admin.email}>
              {admin.name} · {ROLE_LABELS[admin.role]}
            </span>
            <a
              href="/"
              className="inline-flex h-10 items-center gap-1.5 rounded-lg px-2.5 text-sm font-semibold hover:bg-white/10"
              target="_blank"
              rel="noopener"
            >
              <ExternalLink className="h-4 w-4" aria-hidden="true" />
              <span className="hidden sm:inline">Lihat Toko</span>
              <span className="sr-only sm:hidden">Lihat Toko</span>
            </a>
            <Form method="post" action="/logout">
              <button
                type="submit"
                className="inline-flex h-10 items-center gap-1.5 rounded-lg px-2.5 text-sm font-semibold hover:bg-white/10"
              >
                <LogOut className="h-4 w-4" aria-hidden="true" />
                {WORDS.signOut}
              </button>
            </Form>
          </div>
        </div>
        <nav aria-label="Menu admin" className="border-t border-white/10">
          <div className="mx-auto flex max-w-6xl flex-wrap gap-x-3 px-2">
            {NAV_GROUPS.map((group) => {
              const items = group.items.filter((item) => navigable.includes(item.to));
              if (items.length === 0) return null;
              return (
                <div key={group.label} className="flex w-full items-start gap-1 lg:w-auto">
                  <p className="w-16 shrink-0 pt-3.5 text-[11px] font-bold tracking-wide text-brand-200 uppercase lg:w-auto lg:pr-1">
                    {group.label}
                  </p>
                  <ul className="flex min-w-0 flex-wrap lg:flex-nowrap">
                    {items.map((item) => {
                      const active = item.match.some((m) => location.pathname.startsWith(m));
                      return (
                        <li key={item.to}>
                          <NavLink
                            to={item.to}
                            aria-current={active ? "page" : undefined}
                            className={cn(
                              "relative flex h-11 items-center gap-1.5 border-b-2 px-2 text-sm font-semibold whitespace-nowrap",
                              active ? "border-white text-white" : "border-transparent text-brand-100 hover:text-white",
                            )}
                          >
                            {item.label}
                            {item.to === "/admin/inbox" && newInbox > 0 ? (
                              <span className="ml-0.5 min-w-5 rounded-full bg-amber-400 px-1.5 text-center text-xs leading-5 font-bold text-stone-900">
                                {newInbox > 99 ? "99+" : newInbox}
                                <span className="sr-only"> baru</span>
                              </span>
                            ) : null}
                          </NavLink>
                        </li>
                      );
                    })}
                  </ul>
                </div>
              );
            })}
          </div>
        </nav>
      </header>
      {sampleWhatsapp ? (
        <p role="alert" className="bg-red-700 px-4 py-2 text-center text-sm font-semibold text-white">
          Nomor WhatsApp toko masih nomor contoh: pembeli yang menekan tombol chat tidak sampai ke Anda.{" "}
          {admin.role === "admin" ? (
            <a href="/admin/settings#identitas-toko" className="underline">
              Ganti di Identitas Toko
            </a>
          ) : (
            "Minta pemilik toko menggantinya."
          )}
        </p>
      ) : null}
      <main id="konten-admin" className="mx-auto max-w-6xl px-3 py-4 sm:px-4 md:py-6">
        <div aria-live="polite" aria-atomic="true">
          <FlashMessage key={`${location.key}-${flash?.message ?? ""}`} flash={flash} />
        </div>
        {mailReady ? null : <MailOffBanner />}
        <Outlet />
      </main>
    </div>
  );
}
