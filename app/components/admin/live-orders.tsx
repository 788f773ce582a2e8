// The dashboard's live part: new orders arrive over Server-Sent Events (/admin/orders/events)
// without a reload, each shown as a highlighted row, with an optional sound ('Suara',
// remembered per browser), a browser notification when allowed, and the number of unseen
// orders in the tab title. A dropped stream reconnects and catches up from the last event.
import { Bell, BellOff, Volume2, VolumeX, Wifi, WifiOff } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { formatDateTime, formatDate } from "~/lib/dates";
import { formatRupiah } from "~/lib/money";
import { orderTotalSummary } from "~/lib/order-text";
import { OrderTotalAmount } from "~/components/order-total";
import { shortOrderId } from "~/lib/orders";
import { isDeliverySlot, slotName } from "~/lib/vocab/delivery-slots";
import { cn } from "~/lib/utils";

export type LiveOrderRow = {
  seq: number;
  id: string;
  recipientName: string;
  totalAmount: number;
  deliveryFee: number | null;
  billFinal: boolean;
  deliveryDate: string;
  deliverySlot: string;
  createdAt: string;
  itemCount: number;
};

const SOUND_KEY = "admin.suara";
const RECONNECT_MS = 5_000;
/** The rows kept on screen; older ones are in the list below anyway. */
const MAX_ROWS = 10;

/** Reads the 'Suara' choice; anything odd in storage counts as off. */
function readSoundChoice(): boolean {
  try {
    return window.localStorage.getItem(SOUND_KEY) === "on";
  } catch {
    return false;
  }
}

function saveSoundChoice(on: boolean) {
  try {
    window.localStorage.setItem(SOUND_KEY, on ? "on" : "off");
  } catch {
    // Private mode or full storage: the choice holds for this page only.
  }
}

/** A live event's data, checked: a malformed message is ignored, never a crash. */
function parseLiveOrder(data: string): LiveOrderRow | null {
  try {
    const value = JSON.parse(data) as Partial<LiveOrderRow>;
    if (
      typeof value.seq !== "number" ||
      typeof value.id !== "string" ||
      typeof value.recipientName !== "string" ||
      typeof value.totalAmount !== "number" ||
      typeof value.deliveryDate !== "string" ||
      typeof value.deliverySlot !== "string" ||
      typeof value.createdAt !== "string"
    )
      return null;
    return {
      ...value,
      deliveryFee: typeof value.deliveryFee === "number" ? value.deliveryFee : null,
      billFinal: value.billFinal === true,
      itemCount: typeof value.itemCount === "number" ? value.itemCount : 0,
    } as LiveOrderRow;
  } catch {
    return null;
  }
}

/** A short two-note chime from the Web Audio API (no sound file to load). */
function playChime(context: AudioContext | null) {
  if (!context) return;
  const start = context.currentTime;
  for (const [i, frequency] of [880, 1175].entries()) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = "sine";
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start + i * 0.18);
    gain.gain.exponentialRampToValueAtTime(0.25, start + i * 0.18 + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + i * 0.18 + 0.3);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start + i * 0.18);
    oscillator.stop(start + i * 0.18 + 0.32);
  }
}

type Connection = "connecting" | "open" | "retrying";

/**
 * A courier's step at a door ('Kabar Kurir') or a payment proof that arrived ('Bukti bayar
 * masuk'), as the dashboard shows it.
 */
type CourierNews = { seq: number; id: string; note: string; recipientName: string };

function parseCourierNews(data: string): CourierNews | null {
  try {
    const value = JSON.parse(data) as Partial<CourierNews>;
    return typeof value.seq === "number" && typeof value.id === "string" && typeof value.note === "string"
      ? {
          seq: value.seq,
          id: value.id,
          note: value.note,
          recipientName: typeof value.recipientName === "string" ? value.recipientName : "",
        }
      : null;
  } catch {
    return null;
  }
}

export function LiveOrders({ since }: { since: number }) {
  const [rows, setRows] = useState<LiveOrderRow[]>([]);
  const [courierNews, setCourierNews] = useState<CourierNews[]>([]);
  const [proofNews, setProofNews] = useState<CourierNews[]>([]);
  const [additionNews, setAdditionNews] = useState<CourierNews[]>([]);
  const [unseen, setUnseen] = useState(0);
  const [connection, setConnection] = useState<Connection>("connecting");
  const [soundOn, setSoundOn] = useState(false);
  const [permission, setPermission] = useState<NotificationPermission | "unsupported">("unsupported");
  const audio = useRef<AudioContext | null>(null);
  const soundRef = useRef(false);
  const seen = useRef(new Set<string>());
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  // Where this page view started; later loader refreshes must not reopen the stream.
  const startedAt = useRef(since);

  useEffect(() => {
    const on = readSoundChoice();
    setSoundOn(on);
    soundRef.current = on;
    setPermission(typeof Notification === "undefined" ? "unsupported" : Notification.permission);
  }, []);

  const announce = useCallback((order: LiveOrderRow) => {
    if (soundRef.current) playChime(audio.current);
    if (typeof Notification !== "undefined" && Notification.permission === "granted") {
      try {
        const notification = new Notification("Pesanan baru", {
          body: `${order.recipientName} · ${formatRupiah(orderTotalSummary(order).amount)}`,
          tag: order.id,
        });
        notification.onclick = () => {
          window.focus();
          window.location.assign(`/admin/orders/${order.id}`);
        };
      } catch {
        // Some phones allow notifications only from a service worker: the row and sound remain.
      }
    }
  }, []);

  useEffect(() => {
    let source: EventSource | null = null;
    let retryTimer: number | undefined;
    let refreshTimer: number | undefined;
    let cursor = startedAt.current;
    let stopped = false;

    const connect = () => {
      if (stopped) return;
      setConnection((c) => (c === "open" ? "retrying" : c));
      source = new EventSource(`/admin/orders/events?since=${cursor}`);
      source.addEventListener("open", () => setConnection("open"));
      source.addEventListener("ready", (event) => {
        const id = Number((event as MessageEvent).lastEventId);
        if (Number.isSafeInteger(id) && id > cursor) cursor = id;
        setConnection("open");
      });
      source.addEventListener("order", (event) => {
        const order = parseLiveOrder((event as MessageEvent<string>).data);
        if (!order) return;
        if (order.seq > cursor) cursor = order.seq;
        if (seen.current.has(order.id)) return;
        seen.current.add(order.id);
        setRows((current) => [order, ...current].slice(0, MAX_ROWS));
        setUnseen((n) => n + 1);
        announce(order);
        // The list and counters below refresh once a burst of orders has arrived.
        window.clearTimeout(refreshTimer);
        refreshTimer = window.setTimeout(() => revalidate.current(), 500);
      });
      source.addEventListener("courier", (event) => {
        const news = parseCourierNews((event as MessageEvent<string>).data);
        if (!news) return;
        if (news.seq > cursor) cursor = news.seq;
        setCourierNews((current) =>
          current.some((n) => n.seq === news.seq) ? current : [news, ...current].slice(0, MAX_ROWS),
        );
        window.clearTimeout(refreshTimer);
        refreshTimer = window.setTimeout(() => revalidate.current(), 500);
      });
      // A payment proof arrived (from the customer, or attached by staff): staff check it.
      source.addEventListener("proof", (event) => {
        const news = parseCourierNews((event as MessageEvent<string>).data);
        if (!news) return;
        if (news.seq > cursor) cursor = news.seq;
        setProofNews((current) =>
          current.some((n) => n.seq === news.seq) ? current : [news, ...current].slice(0, MAX_ROWS),
        );
        window.clearTimeout(refreshTimer);
        refreshTimer = window.setTimeout(() => revalidate.current(), 500);
      });
      // A shopper added products to an open order ('Tambah ke Pesanan'): the packer should know.
      source.addEventListener("addition", (event) => {
        const news = parseCourierNews((event as MessageEvent<string>).data);
        if (!news) return;
        if (news.seq > cursor) cursor = news.seq;
        setAdditionNews((current) =>
          current.some((n) => n.seq === news.seq) ? current : [news, ...current].slice(0, MAX_ROWS),
        );
        window.clearTimeout(refreshTimer);
        refreshTimer = window.setTimeout(() => revalidate.current(), 500);
      });
      source.addEventListener("error", () => {
        setConnection("retrying");
        // The browser retries a dropped connection itself; a refused one (a restart answering
        // 503, a login expired) closes the source for good, so open a new one from our cursor.
        if (source?.readyState === EventSource.CLOSED) {
          source.close();
          window.clearTimeout(retryTimer);
          retryTimer = window.setTimeout(connect, RECONNECT_MS);
        }
      });
    };
    connect();
    return () => {
      stopped = true;
      window.clearTimeout(retryTimer);
      window.clearTimeout(refreshTimer);
      source?.close();
    };
  }, [announce]);

  // '(2) Ringkasan': the unseen count leads the tab title.
  const baseTitle = useRef<string | null>(null);
  useEffect(() => {
    baseTitle.current ??= document.title.replace(/^\(\d+\)\s*/, "");
    document.title = unseen > 0 ? `(${unseen}) ${baseTitle.current}` : baseTitle.current;
  }, [unseen]);
  // Leaving the page takes the count away, but only from our own title: by the time this
  // runs the next page (a client-side navigation) has already set its title.
  useEffect(
    () => () => {
      if (baseTitle.current && /^\(\d+\)\s/.test(document.title)) document.title = baseTitle.current;
    },
    [],
  );

  // Coming back to a tab that was in the background counts as having seen what arrived.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === "visible" && document.hasFocus()) setUnseen(0);
    };
    document.addEventListener("visibilitychange", onVisible);
    window.addEventListener("focus", onVisible);
    return () => {
      document.removeEventListener("visibilitychange", onVisible);
      window.removeEventListener("focus", onVisible);
    };
  }, []);

  const toggleSound = () => {
    const next = !soundOn;
    setSoundOn(next);
    soundRef.current = next;
    saveSoundChoice(next);
    if (next) {
      // Browsers let a page play sound only after a click: this click unlocks it.
      try {
        audio.current ??= new AudioContext();
        void audio.current.resume();
        playChime(audio.current);
      } catch {
        // No Web Audio: the rows and notifications still announce orders.
      }
    }
  };

  const askPermission = async () => {
    if (typeof Notification === "undefined") return;
    setPermission(await Notification.requestPermission());
  };

  return (
    <section
      aria-labelledby="live-orders-title"
      className="rounded-xl border border-brand-200 bg-white p-4"
      data-testid="live-orders"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <h2 id="live-orders-title" className="text-lg font-bold text-stone-900">
            Pesanan Masuk
          </h2>
          <span
            className={cn(
              "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold",
              connection === "open" ? "bg-green-100 text-green-900" : "bg-amber-100 text-amber-900",
            )}
            data-testid="live-status"
            data-state={connection}
          >
            {connection === "open" ? (
              <Wifi className="h-3.5 w-3.5" aria-hidden="true" />
            ) : (
              <WifiOff className="h-3.5 w-3.5" aria-hidden="true" />
            )}
            {connection === "open" ? "Langsung" : connection === "connecting" ? "Menyambung..." : "Menyambung ulang..."}
          </span>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            role="switch"
            aria-checked={soundOn}
            onClick={toggleSound}
            className={cn(
              "inline-flex min-h-10 items-center gap-1.5 rounded-lg border px-3 text-sm font-semibold",
              soundOn ? "border-brand-600 bg-brand-50 text-brand-900" : "border-stone-300 bg-white text-stone-700",
            )}
          >
            {soundOn ? (
              <Volume2 className="h-4 w-4" aria-hidden="true" />
            ) : (
              <VolumeX className="h-4 w-4" aria-hidden="true" />
            )}
            Suara
          </button>
          {permission === "default" ? (
            <button
              type="button"
              onClick={askPermission}
              className="inline-flex min-h-10 items-center gap-1.5 rounded-lg border border-stone-300 bg-white px-3 text-sm font-semibold text-stone-700"
            >
              <Bell className="h-4 w-4" aria-hidden="true" /> Izinkan Notifikasi
            </button>
          ) : permission === "denied" ? (
            <span className="inline-flex items-center gap-1 text-xs text-stone-600">
              <BellOff className="h-3.5 w-3.5" aria-hidden="true" /> Notifikasi diblokir browser
            </span>
          ) : null}
          {unseen > 0 ? (
            <button
              type="button"
              onClick={() => setUnseen(0)}
              className="inline-flex min-h-10 items-center rounded-lg px-3 text-sm font-semibold text-brand-800 underline"
            >
              Tandai sudah dilihat
            </button>
          ) : null}
        </div>
      </div>
      {additionNews.length > 0 ? (
        <div aria-live="polite" aria-relevant="additions" className="mt-3" data-testid="addition-news">
          <h3 className="text-sm font-bold text-stone-800">Tambahan Pesanan</h3>
          <ul className="mt-1 divide-y divide-amber-100 rounded-lg border border-amber-200 bg-amber-50">
            {additionNews.map((news) => (
              <li
                key={news.seq}
                className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-3 py-2 text-sm text-stone-900"
              >
                <span>
                  Pesanan <span className="font-mono font-semibold">#{shortOrderId(news.id)}</span>{" "}
                  <strong>{news.note}</strong>
                  {news.recipientName ? ` · ${news.recipientName}` : ""}
                </span>
                <Link
                  to={`/admin/orders/${news.id}`}
                  className="inline-flex min-h-10 items-center font-semibold text-brand-800 underline"
                  aria-label={`Lihat pesanan #${shortOrderId(news.id)}`}
                >
                  Lihat Pesanan
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {proofNews.length > 0 ? (
        <div aria-live="polite" aria-relevant="additions" className="mt-3" data-testid="proof-news">
          <h3 className="text-sm font-bold text-stone-800">Bukti Bayar</h3>
          <ul className="mt-1 divide-y divide-sky-100 rounded-lg border border-sky-200 bg-sky-50">
            {proofNews.map((news) => (
              <li
                key={news.seq}
                className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-3 py-2 text-sm text-stone-900"
              >
                <span>
                  <strong>{news.note}</strong>: pesanan{" "}
                  <span className="font-mono font-semibold">#{shortOrderId(news.id)}</span>
                  {news.recipientName ? ` · ${news.recipientName}` : ""}
                </span>
                <Link
                  to={`/admin/orders/${news.id}#pembayaran`}
                  className="inline-flex min-h-10 items-center font-semibold text-brand-800 underline"
                  aria-label={`Periksa Bukti pesanan #${shortOrderId(news.id)}`}
                >
                  Periksa Bukti
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {courierNews.length > 0 ? (
        <div aria-live="polite" aria-relevant="additions" className="mt-3" data-testid="courier-news">
          <h3 className="text-sm font-bold text-stone-800">Kabar Kurir</h3>
          <ul className="mt-1 divide-y divide-stone-100 rounded-lg border border-stone-200">
            {courierNews.map((news) => (
              <li key={news.seq} className="px-3 py-2 text-sm text-stone-900">
                <Link
                  to={`/admin/orders/${news.id}`}
                  className="font-mono font-semibold text-brand-800 hover:underline"
                >
                  #{shortOrderId(news.id)}
                </Link>{" "}
                {news.note}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div aria-live="polite" aria-relevant="additions">
        {rows.length === 0 ? (
          <p className="mt-2 text-sm text-stone-600">Pesanan baru muncul di sini tanpa memuat ulang halaman.</p>
        ) : (
          <ul className="mt-3 divide-y divide-amber-100 overflow-hidden rounded-lg border border-amber-200">
            {rows.map((order) => (
              <li
                key={order.id}
                data-live-order-id={order.id}
                className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 bg-amber-50 px-3 py-2 motion-safe:animate-[pulse_1s_ease-in-out_2]"
              >
                <div className="min-w-0">
                  <span className="mr-2 rounded bg-amber-500 px-1.5 py-0.5 text-xs font-bold text-white">Baru</span>
                  <Link
                    to={`/admin/orders/${order.id}`}
                    className="font-mono font-semibold text-brand-800 hover:underline"
                  >
                    #{shortOrderId(order.id)}
                  </Link>{" "}
                  <span className="font-medium text-stone-900">{order.recipientName}</span>
                  <span className="block text-xs text-stone-600">
                    {order.itemCount} barang · dipesan {formatDateTime(order.createdAt)} · kirim{" "}
                    {formatDate(order.deliveryDate)}{" "}
                    {isDeliverySlot(order.deliverySlot) ? slotName(order.deliverySlot).toLowerCase() : ""}
                  </span>
                </div>
                <span className="text-right" data-testid="live-order-total">
                  <OrderTotalAmount order={order} className="font-semibold text-stone-900" />
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
