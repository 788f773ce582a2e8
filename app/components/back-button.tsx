// 'Kembali': back through the browser's history when the shopper came from within the shop,
// else (a shared link, no JavaScript yet) to a sensible page.
import type { MouseEvent } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { ArrowLeft } from "lucide-react";
import { cn } from "~/lib/utils";

export function BackButton({
  fallback,
  label = "Kembali",
  className,
}: {
  fallback: string;
  label?: string;
  className?: string;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // "default" is the key of the first page of this visit: there is nothing to go back to.
    if (location.key === "default") return;
    event.preventDefault();
    navigate(-1);
  };
  return (
    <Link
      to={fallback}
      onClick={onClick}
      className={cn(
        "-ml-2 inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 text-sm font-semibold text-stone-800 hover:bg-stone-100",
        className,
      )}
    >
      <ArrowLeft className="h-5 w-5" aria-hidden="true" />
      {label}
    </Link>
  );
}
