// The sales report's charts: plain SVG drawn on the server (no charting library, no script),
// each an image with a title and a description for screen readers; the page also shows the
// same numbers in tables. The bars stretch with the page (preserveAspectRatio="none"); the
// labels are HTML so they stay readable on a phone instead of shrinking with the drawing.
import { useId } from "react";
import { formatDate } from "~/lib/dates";
import { formatRupiah } from "~/lib/money";
import { formatShortRupiah, niceCeiling, type DayFigures } from "~/lib/reports";

const CHART_HEIGHT = 160;

export function RevenueChart({ days, summary }: { days: DayFigures[]; summary: string }) {
  const id = useId();
  const max = niceCeiling(Math.max(0, ...days.map((d) => d.revenue)));
  const n = Math.max(1, days.length);
  const gap = n > 60 ? 0 : 0.2;
  const first = days[0]?.day;
  const last = days[days.length - 1]?.day;
  const middle = days[Math.floor((days.length - 1) / 2)]?.day;
  return (
    <figure className="m-0">
      <div className="flex gap-2">
        <div
          aria-hidden="true"
          className="flex w-12 shrink-0 flex-col justify-between text-right text-[11px] text-stone-600 tabular-nums"
          style={{ height: CHART_HEIGHT }}
        >
          <span className="-translate-y-1/2">{formatShortRupiah(max)}</span>
          <span>{formatShortRupiah(max / 2)}</span>
          <span className="translate-y-1/2">0</span>
        </div>
        <svg
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
          viewBox={`0 0 ${n} 100`}
          preserveAspectRatio="none"
          className="block w-full min-w-0 flex-1 overflow-visible border-b border-l border-stone-300"
          style={{ height: CHART_HEIGHT }}
          data-testid="revenue-chart"
        >
          <title id={`${id}-title`}>Grafik pendapatan per hari</title>
          <desc id={`${id}-desc`}>{summary}</desc>
          <line x1="0" x2={n} y1="50" y2="50" stroke="#e7e5e4" strokeWidth="0.5" vectorEffect="non-scaling-stroke" />
          {days.map((d, i) => {
            const h = (d.revenue / max) * 100;
            return (
              <rect
                key={d.day}
                x={i + gap / 2}
                width={1 - gap}
                y={100 - h}
                height={h}
                className="fill-brand-600"
                data-day={d.day}
              >
                <title>{`${formatDate(d.day)}: ${formatRupiah(d.revenue)} (${d.orders} pesanan)`}</title>
              </rect>
            );
          })}
        </svg>
      </div>
      <figcaption className="mt-1 ml-14 flex justify-between gap-2 text-[11px] text-stone-600" aria-hidden="true">
        <span>{first ? formatDate(first) : ""}</span>
        {days.length > 2 ? <span className="hidden sm:inline">{middle ? formatDate(middle) : ""}</span> : null}
        <span>{last && last !== first ? formatDate(last) : ""}</span>
      </figcaption>
    </figure>
  );
}

/**
 * Horizontal bars for a few short labels (slots, statuses). No viewBox: the text keeps its
 * size in pixels while the bars take a share of the width in percent.
 */
export function BarChart({
  title,
  description,
  rows,
}: {
  title: string;
  description: string;
  rows: { label: string; value: number; text: string }[];
}) {
  const id = useId();
  const max = Math.max(1, ...rows.map((r) => r.value));
  const rowHeight = 40;
  return (
    <svg
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      width="100%"
      height={rows.length * rowHeight}
      className="block text-stone-800"
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      {rows.map((r, i) => {
        const y = i * rowHeight;
        return (
          <g key={r.label}>
            <text x="0" y={y + 14} className="fill-current text-[13px] font-semibold">
              {r.label}
            </text>
            <text x="100%" y={y + 14} textAnchor="end" className="fill-stone-700 text-[13px]">
              {r.text}
            </text>
            <rect x="0" y={y + 20} width="100%" height="10" rx="3" className="fill-stone-100" />
            <rect x="0" y={y + 20} width={`${(r.value / max) * 100}%`} height="10" rx="3" className="fill-brand-600" />
          </g>
        );
      })}
    </svg>
  );
}
