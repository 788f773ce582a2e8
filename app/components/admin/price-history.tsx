// 'Riwayat Harga' (old -> new, who, when, scheduled or immediate) and the small chart of a
// product's last 90 days: inline SVG, no chart library (a few dozen points at most).
import { formatDateTime } from "~/lib/dates";
import { formatRupiah } from "~/lib/money";
import { Pill } from "./pill";

export type PriceHistoryItem = {
  id: string;
  productId: string;
  productName: string;
  priceBefore: number;
  priceAfter: number;
  discountBefore: number;
  discountAfter: number;
  activeBefore: boolean;
  activeAfter: boolean;
  source: string;
  scheduledFor: Date | string | null;
  changedByName: string | null;
  createdAt: Date | string;
};

const SOURCE_LABEL: Record<string, string> = {
  board: "Langsung",
  csv: "Unggah CSV",
  form: "Halaman produk",
  scheduled: "Terjadwal",
};

function changeText(h: PriceHistoryItem): string {
  const parts: string[] = [];
  if (h.priceBefore !== h.priceAfter) parts.push(`${formatRupiah(h.priceBefore)} → ${formatRupiah(h.priceAfter)}`);
  if (h.discountBefore !== h.discountAfter) parts.push(`diskon ${h.discountBefore}% → ${h.discountAfter}%`);
  if (h.activeBefore !== h.activeAfter) parts.push(h.activeAfter ? "diaktifkan" : "dinonaktifkan");
  return parts.join(", ") || "tanpa perubahan";
}

export function PriceHistoryList({ items, showProduct }: { items: PriceHistoryItem[]; showProduct: boolean }) {
  if (items.length === 0) return <p className="text-sm text-stone-600">Belum ada perubahan harga.</p>;
  return (
    <ul className="divide-y divide-stone-100" data-testid="riwayat-harga">
      {items.map((h) => (
        <li key={h.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2 text-sm">
          {showProduct ? <span className="font-semibold text-stone-900">{h.productName}</span> : null}
          <span className="text-stone-900 tabular-nums">{changeText(h)}</span>
          <Pill
            className={
              h.source === "scheduled"
                ? "bg-amber-50 text-amber-800 ring-amber-200"
                : "bg-stone-50 text-stone-700 ring-stone-200"
            }
          >
            {SOURCE_LABEL[h.source] ?? h.source}
          </Pill>
          <span className="text-xs text-stone-600">
            {h.changedByName ?? "Staf"} · {formatDateTime(h.createdAt)}
            {h.scheduledFor ? ` (dijadwalkan untuk ${formatDateTime(h.scheduledFor)})` : ""}
          </span>
        </li>
      ))}
    </ul>
  );
}

const W = 320;
const H = 96;
const PAD = 6;

/**
 * The price over the last 90 days as a step line: the price before the first change in the
 * window holds from its start, each change steps to its new price, the last holds until now.
 */
export function PriceChart({
  history,
  currentPrice,
  now,
  days = 90,
}: {
  history: PriceHistoryItem[];
  currentPrice: number;
  now: Date | string;
  days?: number;
}) {
  const end = new Date(now).getTime();
  const start = end - days * 86_400_000;
  const changes = history
    .filter((h) => h.priceBefore !== h.priceAfter && new Date(h.createdAt).getTime() >= start)
    .sort((a, b) => new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime());
  const points: [number, number][] = [[start, changes[0]?.priceBefore ?? currentPrice]];
  for (const c of changes) {
    const t = new Date(c.createdAt).getTime();
    points.push([t, points[points.length - 1][1]], [t, c.priceAfter]);
  }
  points.push([end, currentPrice]);
  const prices = points.map((p) => p[1]);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const x = (t: number) => PAD + ((t - start) / (end - start || 1)) * (W - 2 * PAD);
  const y = (p: number) => (high === low ? H / 2 : PAD + (1 - (p - low) / (high - low)) * (H - 2 * PAD));
  const path = points.map(([t, p], i) => `${i === 0 ? "M" : "L"}${x(t).toFixed(1)},${y(p).toFixed(1)}`).join(" ");
  const summary =
    changes.length === 0
      ? `Harga tetap ${formatRupiah(currentPrice)} selama ${days} hari terakhir.`
      : `${changes.length} perubahan harga dalam ${days} hari terakhir, terendah ${formatRupiah(low)}, tertinggi ${formatRupiah(high)}, sekarang ${formatRupiah(currentPrice)}.`;
  return (
    <figure className="space-y-1">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="h-24 w-full max-w-md rounded-lg border border-stone-200 bg-stone-50"
        role="img"
        aria-label={summary}
        data-testid="grafik-harga"
      >
        <path d={path} fill="none" stroke="#15803d" strokeWidth="2" strokeLinejoin="round" />
        {changes.map((c) => (
          <circle key={c.id} cx={x(new Date(c.createdAt).getTime())} cy={y(c.priceAfter)} r="3" fill="#15803d" />
        ))}
      </svg>
      <figcaption className="text-xs text-stone-600">{summary}</figcaption>
    </figure>
  );
}
