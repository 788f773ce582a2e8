// The notices themselves, loaded apart from the provider (toast.tsx) that keeps them.
import { CheckCircle2, X } from "lucide-react";
import { Link } from "react-router";
import type { Toast } from "./toast";

export default function ToastList({ toasts, dismiss }: { toasts: Toast[]; dismiss: (id: number) => void }) {
  return (
    <>
      {toasts.map((t) => (
        <div
          key={t.id}
          data-testid="toast"
          className="pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border border-brand-200 bg-white p-4 shadow-lg transition duration-200 ease-out starting:translate-y-2 starting:opacity-0"
        >
          <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
          <div className="min-w-0 flex-1">
            <p className="font-semibold text-stone-900">{t.title}</p>
            {t.description ? <p className="mt-0.5 text-sm text-stone-700">{t.description}</p> : null}
            {t.link ? (
              <Link
                to={t.link.to}
                onClick={() => dismiss(t.id)}
                className="mt-1 inline-flex min-h-11 items-center text-sm font-bold text-brand-800 underline underline-offset-2"
              >
                {t.link.label}
              </Link>
            ) : null}
          </div>
          <button
            type="button"
            onClick={() => dismiss(t.id)}
            className="-m-2 rounded-full p-2 text-stone-600 hover:bg-stone-100"
            aria-label="Tutup notifikasi"
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </button>
        </div>
      ))}
    </>
  );
}
