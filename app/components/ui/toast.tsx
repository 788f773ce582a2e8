// Small passing notices ('Produk Ditambahkan', 'URL Disalin'), read out by screen readers
// through a polite live region that is in the page from the start.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { CheckCircle2, X } from "lucide-react";
import { Link } from "react-router";

export type ToastInput = {
  title: string;
  description?: string;
  /** A way on from the notice, e.g. 'Lihat Keranjang'. */
  link?: { to: string; label: string };
};
type Toast = ToastInput & { id: number };

const TOAST_MS = 3500;
const MAX_VISIBLE = 3;

const ToastContext = createContext<((toast: ToastInput) => void) | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    setToasts((list) => list.filter((t) => t.id !== id));
    const timer = timers.current.get(id);
    if (timer) clearTimeout(timer);
    timers.current.delete(id);
  }, []);

  const show = useCallback(
    (toast: ToastInput) => {
      const id = nextId.current++;
      setToasts((list) => [...list, { ...toast, id }].slice(-MAX_VISIBLE));
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), TOAST_MS),
      );
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div
        role="status"
        aria-live="polite"
        aria-atomic="false"
        className="pointer-events-none fixed inset-x-0 bottom-20 z-[60] flex flex-col items-center gap-2 px-4 md:inset-x-auto md:right-6 md:bottom-6 md:items-end"
      >
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
      </div>
    </ToastContext.Provider>
  );
}

/** Shows a notice for a few seconds. Outside a provider it does nothing rather than crash. */
export function useToast(): (toast: ToastInput) => void {
  return useContext(ToastContext) ?? noop;
}

function noop() {}
