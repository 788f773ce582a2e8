// What an admin page shows instead of itself when its loader refused or failed: the
// owner-only notice (403) for a staff member, otherwise a plain "could not load" note.
import { WORDS } from "~/lib/vocab/words";
import { ShieldAlert } from "lucide-react";
import { Link, isRouteErrorResponse, useRouteError } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { OWNER_ONLY_MESSAGE } from "~/lib/roles";
import { adminTitle } from "./meta";

export function AdminRouteError({ title }: { title: string }) {
  const error = useRouteError();
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  const message =
    forbidden && typeof (error.data as { message?: unknown })?.message === "string"
      ? (error.data as { message: string }).message
      : forbidden
        ? OWNER_ONLY_MESSAGE
        : "Gagal memuat halaman ini. Silakan coba lagi.";
  return (
    <div className="rounded-xl border border-stone-200 bg-white p-6 text-center" data-testid="admin-route-error">
      <title>{adminTitle(forbidden ? "Khusus Pemilik" : title)}</title>
      {forbidden ? <ShieldAlert className="mx-auto h-10 w-10 text-amber-600" aria-hidden="true" /> : null}
      <h1 className="mt-2 text-xl font-bold text-stone-900">{forbidden ? "Khusus Pemilik" : title}</h1>
      <p role="alert" className="mx-auto mt-2 max-w-md text-stone-700">
        {message}
      </p>
      <Link to="/admin/dashboard" className={buttonClass({ className: "mt-4" })}>
        Kembali ke {WORDS.dashboard}
      </Link>
    </div>
  );
}

/** The forbidden case alone, for pages that keep their own error view for the rest. */
export function isForbiddenError(error: unknown): boolean {
  return isRouteErrorResponse(error) && error.status === 403;
}
