// Small passing notices ('Produk Ditambahkan', 'URL Disalin'), read out by screen readers
// through a polite live region that is in the page from the start. The notices' own drawing
// (toast-list.tsx) is not needed to show a page: it loads once the page has started, and at the
// latest with the first notice, which then shows as soon as it has arrived.
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";

export type ToastInput = {
  title: string;
  description?: string;
  /** A way on from the notice, e.g. 'Lihat Keranjang'. */
  link?: { to: string; label: string };
};
export type Toast = ToastInput & { id: number };

const TOAST_MS = 3500;
const MAX_VISIBLE = 3;

const loadToastList = () => import("./toast-list");
const ToastList = lazy(loadToastList);

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

  // Fetched while the shopper reads, so a first notice does not wait for the network.
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1));
    idle(() => void loadToastList().catch(() => undefined));
  }, []);

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
        {toasts.length > 0 ? (
          <Suspense fallback={null}>
            <ToastList toasts={toasts} dismiss={dismiss} />
          </Suspense>
        ) : null}
      </div>
    </ToastContext.Provider>
  );
}

/** Shows a notice for a few seconds. Outside a provider it does nothing rather than crash. */
export function useToast(): (toast: ToastInput) => void {
  return useContext(ToastContext) ?? noop;
}

function noop() {}
