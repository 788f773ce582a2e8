// Previous / next links that keep the other query parameters, with "Halaman x dari y".
import { Link, useLocation } from "react-router";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { buttonClass } from "~/components/ui/button";

export function Pagination({ page, pageCount, label }: { page: number; pageCount: number; label?: string }) {
  const location = useLocation();
  if (pageCount <= 1) return null;
  const hrefFor = (p: number) => {
    const params = new URLSearchParams(location.search);
    if (p <= 1) params.delete("page");
    else params.set("page", String(p));
    const qs = params.toString();
    return `${location.pathname}${qs ? `?${qs}` : ""}`;
  };
  return (
    <nav aria-label={label ?? "Halaman"} className="mt-4 flex items-center justify-between gap-2">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={buttonClass({ variant: "outline", size: "sm" })} rel="prev">
          <ChevronLeft className="h-4 w-4" aria-hidden="true" /> Sebelumnya
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-stone-700">
        Halaman {page} dari {pageCount}
      </span>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className={buttonClass({ variant: "outline", size: "sm" })} rel="next">
          Berikutnya <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
