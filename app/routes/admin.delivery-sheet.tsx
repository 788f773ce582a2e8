// 'Lembar Pengiriman': the driver's list for one date and slot, grouped by area. Printed on A4
// or used on the driver's phone, where 'Terkirim' marks an order 'Selesai' on the spot.
import { loadShopIdentity } from "~/server/shop/identity.server";
import { useEffect, useRef, useState, type PointerEvent } from "react";
import { useFetcher, useLoaderData } from "react-router";
import { ArrowDown, ArrowUp, FileText, GripVertical, MapPin, MessageCircle, Phone, Printer, Send } from "lucide-react";
import { useHydrated } from "~/components/account-form";
import { Card } from "~/components/admin/card";
import { adminMeta } from "~/components/admin/meta";
import { SlotChipLink } from "~/components/admin/slot-chip";
import { SlotPicker } from "~/components/admin/slot-picker";
import { SubmitButton } from "~/components/admin/submit-button";
import { OrderStatusBadge } from "~/components/order-status-badge";
import { PaymentStatusBadge } from "~/components/payment-status-badge";
import { Button, buttonClass } from "~/components/ui/button";
import { slotLabel } from "~/lib/vocab/delivery-slots";
import { formatDateWithDay } from "~/lib/dates";
import { formatRupiah } from "~/lib/money";
import { ESTIMATE_WORD } from "~/lib/order-text";
import {
  announceOutForDelivery,
  deliveryActionSchema,
  loadDeliverySheet,
  loadSlotChips,
  markOrderDelivered,
  parseSheetFilters,
  type DeliverySheetOrder,
} from "~/server/delivery/sheet.server";
import {
  assignCourier,
  courierSheetActionSchema,
  listCouriers,
  moveStop,
  type CourierChoice,
} from "~/server/couriers/runs.server";
import { firstFieldError, formAction } from "~/server/form-action.server";
import { z } from "zod";
import { dbOf } from "~/server/request-context.server";
import { routePolicy } from "~/server/route-policy.server";
import type { Route } from "./+types/admin.delivery-sheet";
import { actorOf } from "~/server/accounts/access.server";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "staff" })];

export const meta: Route.MetaFunction = () => adminMeta("Lembar Pengiriman");

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = actorOf(context, "staff");
  const db = await dbOf(context);
  const slot = await parseSheetFilters(db, new URL(request.url).searchParams);
  const [sheet, chips, couriers] = await Promise.all([
    loadDeliverySheet(db, admin, slot, (await loadShopIdentity(db)).name),
    loadSlotChips(db, admin),
    listCouriers(db, admin),
  ]);
  return { sheet, chips, couriers };
}

const sheetActionSchema = z.union([deliveryActionSchema, courierSheetActionSchema], {
  error: "Permintaan tidak dikenal.",
});

export async function action({ request, context }: Route.ActionArgs) {
  const admin = actorOf(context, "staff");
  const db = await dbOf(context);
  return formAction(request, {
    name: "delivery sheet",
    schema: sheetActionSchema,
    invalid: { message: firstFieldError },
    call: (input) =>
      input.intent === "delivered"
        ? markOrderDelivered(db, admin, { orderId: input.orderId })
        : input.intent === "assign"
          ? assignCourier(db, admin, input)
          : input.intent === "move"
            ? moveStop(db, admin, input)
            : announceOutForDelivery(db, admin, { date: input.date, slot: input.slot, area: input.area }),
    redirectBack: true,
    flash: true,
  });
}

// A4 portrait, the panel's header and the driver's buttons left off; an order never split over two sheets.
const PRINT_CSS = `
@page { size: A4 portrait; margin: 12mm; }
@media print {
  html, body { background: #fff !important; }
  #konten-admin { padding: 0 !important; max-width: none !important; }
  .sheet-order { break-inside: avoid; }
  .sheet-area h2 { break-after: avoid; }
  a { color: inherit; text-decoration: none; }
}
`;

function useReturnTo() {
  const { sheet } = useLoaderData<typeof loader>();
  return `/admin/delivery-sheet?date=${sheet.date}&slot=${sheet.slot}`;
}

function DeliveredButton({ order }: { order: DeliverySheetOrder }) {
  const fetcher = useFetcher<typeof action>();
  const returnTo = useReturnTo();
  const busy = fetcher.state !== "idle";
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  return (
    <fetcher.Form method="post" preventScrollReset className="no-print w-full sm:w-auto">
      <input type="hidden" name="intent" value="delivered" />
      <input type="hidden" name="orderId" value={order.id} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <SubmitButton busy={busy} className="h-11 w-full sm:w-auto" aria-label={`Terkirim: pesanan #${order.shortId}`}>
        Terkirim
      </SubmitButton>
      {failed ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {failed.message}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

function AnnounceButton({ area }: { area: string }) {
  const fetcher = useFetcher<typeof action>();
  const { sheet } = useLoaderData<typeof loader>();
  const returnTo = useReturnTo();
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  return (
    <fetcher.Form method="post" preventScrollReset className="no-print">
      <input type="hidden" name="intent" value="dispatch" />
      <input type="hidden" name="date" value={sheet.date} />
      <input type="hidden" name="slot" value={sheet.slot} />
      <input type="hidden" name="area" value={area} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <SubmitButton
        busy={fetcher.state !== "idle"}
        variant="outline"
        size="sm"
        title="Kirim e-mail 'pesanan sedang diantar' ke pelanggan di area ini"
      >
        <Send className="h-4 w-4" aria-hidden="true" /> Kabari Pelanggan
      </SubmitButton>
      {failed ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {failed.message}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

/** 'Kurir: ...': which courier's run the order is on; chosen here, saved at once with JavaScript. */
function CourierChoiceForm({ order, couriers }: { order: DeliverySheetOrder; couriers: CourierChoice[] }) {
  const fetcher = useFetcher<typeof action>();
  const returnTo = useReturnTo();
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  if (couriers.length === 0 && !order.courier) return null;
  return (
    <fetcher.Form method="post" preventScrollReset className="flex flex-wrap items-center gap-2 text-sm">
      <input type="hidden" name="intent" value="assign" />
      <input type="hidden" name="orderId" value={order.id} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <label className="flex items-center gap-1 font-semibold text-stone-800">
        Kurir:
        <select
          name="courierId"
          defaultValue={order.courier?.id ?? ""}
          aria-label={`Kurir pesanan #${order.shortId}`}
          className="h-9 rounded-md border border-stone-300 bg-white px-2 print:hidden"
          onChange={(event) => fetcher.submit(event.currentTarget.form)}
        >
          <option value="">Belum dipilih</option>
          {couriers.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
        <span className="hidden print:inline">{order.courier?.name ?? "-"}</span>
      </label>
      <noscript>
        <button type="submit" className={buttonClass({ variant: "outline", size: "sm" })}>
          Simpan
        </button>
      </noscript>
      {failed ? (
        <span role="alert" className="text-red-700">
          {failed.message}
        </span>
      ) : null}
    </fetcher.Form>
  );
}

/** 'Naik' / 'Turun': the stop order within an area, remembered per address for next week. */
function MoveButtons({ order }: { order: DeliverySheetOrder }) {
  const fetcher = useFetcher<typeof action>();
  const returnTo = useReturnTo();
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  return (
    <fetcher.Form method="post" preventScrollReset className="no-print flex items-center gap-1">
      <input type="hidden" name="orderId" value={order.id} />
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="returnTo" value={returnTo} />
      <button
        type="submit"
        name="direction"
        value="up"
        className={buttonClass({ variant: "outline", size: "icon", className: "h-9 w-9" })}
        aria-label={`Naikkan pesanan #${order.shortId}`}
        title="Naik"
      >
        <ArrowUp className="h-4 w-4" aria-hidden="true" />
      </button>
      <button
        type="submit"
        name="direction"
        value="down"
        className={buttonClass({ variant: "outline", size: "icon", className: "h-9 w-9" })}
        aria-label={`Turunkan pesanan #${order.shortId}`}
        title="Turun"
      >
        <ArrowDown className="h-4 w-4" aria-hidden="true" />
      </button>
      {failed ? (
        <span role="alert" className="text-xs text-red-700">
          {failed.message}
        </span>
      ) : null}
    </fetcher.Form>
  );
}

const contactClass = buttonClass({ variant: "outline", size: "sm", className: "h-10 gap-1 px-2" });

/** What a stop needs to be dragged by its grip and to show it is dragged or about to be dropped on (only once scripts run). */
type DragProps = {
  dragging: boolean;
  over: boolean;
  onPointerDown: (event: PointerEvent<HTMLElement>) => void;
  onPointerMove: (event: PointerEvent<HTMLElement>) => void;
  onPointerUp: (event: PointerEvent<HTMLElement>) => void;
  onPointerCancel: () => void;
};

function SheetOrder({ order, number, drag }: { order: DeliverySheetOrder; number: number; drag: DragProps | null }) {
  const { couriers } = useLoaderData<typeof loader>();
  const done = order.status === "completed";
  return (
    <li
      data-order-id={order.id}
      className={[
        done
          ? "sheet-order rounded-xl border border-green-200 bg-green-50/60 p-3 print:rounded-none print:border-x-0 print:border-t-0 print:bg-white print:px-0"
          : "sheet-order rounded-xl border border-stone-200 bg-white p-3 print:rounded-none print:border-x-0 print:border-t-0 print:px-0",
        drag?.dragging ? "opacity-50" : "",
        drag?.over ? "ring-2 ring-brand-600 ring-offset-2" : "",
      ].join(" ")}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex items-center gap-2">
          {drag ? (
            <span
              onPointerDown={drag.onPointerDown}
              onPointerMove={drag.onPointerMove}
              onPointerUp={drag.onPointerUp}
              onPointerCancel={drag.onPointerCancel}
              data-testid="seret"
              title="Seret untuk memindah urutan"
              aria-hidden="true"
              className="no-print -my-2 -ml-2 inline-flex h-11 w-11 shrink-0 cursor-grab touch-none items-center justify-center rounded-lg text-stone-500 select-none hover:bg-stone-100 active:cursor-grabbing active:bg-stone-100"
            >
              <GripVertical className="h-5 w-5" />
            </span>
          ) : null}
          <span className="font-extrabold text-stone-900" aria-label={`Urutan ${number}`}>
            {number}.
          </span>
          <a href={`/admin/orders/${order.id}`} className="font-mono font-bold text-brand-800 hover:underline">
            #{order.shortId}
          </a>
          <OrderStatusBadge status={order.status} />
          {order.announced && !done ? (
            <span className="text-xs font-semibold text-blue-800">Sudah dikabari</span>
          ) : null}
        </p>
        <span className="flex items-center gap-2 text-sm text-stone-700">
          {order.itemCount} barang <MoveButtons order={order} />
        </span>
      </div>
      <CourierChoiceForm order={order} couriers={couriers} />
      <p className="mt-1 text-base font-bold text-stone-900">{order.recipientName}</p>
      <p className="text-sm text-stone-800">{order.phoneText}</p>
      <p className="mt-0.5 text-sm whitespace-pre-line text-stone-900">{order.recipientAddress}</p>
      {order.notes ? (
        <p className="mt-1 rounded bg-amber-50 px-2 py-1 text-sm text-amber-950 print:bg-white print:px-0">
          <span className="font-semibold">Catatan:</span> {order.notes}
        </p>
      ) : null}
      <div className="no-print mt-2 grid grid-cols-[1fr_1.3fr_1fr] gap-2 sm:flex sm:flex-wrap">
        <a href={order.links.tel} className={contactClass} aria-label={`Telepon ${order.recipientName}`}>
          <Phone className="h-4 w-4" aria-hidden="true" /> Telepon
        </a>
        <a
          href={order.links.whatsapp}
          target="_blank"
          rel="noopener"
          className={contactClass}
          aria-label={`WhatsApp ${order.recipientName}`}
        >
          <MessageCircle className="h-4 w-4" aria-hidden="true" /> WhatsApp
        </a>
        <a
          href={order.links.maps}
          target="_blank"
          rel="noopener"
          className={contactClass}
          aria-label={`Peta alamat ${order.recipientName}`}
        >
          <MapPin className="h-4 w-4" aria-hidden="true" /> Peta
        </a>
      </div>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <div className="text-sm">
          <p className="mb-1 flex flex-wrap items-center gap-1.5 text-stone-700">
            <span>{order.paymentMethodText}</span>
            <PaymentStatusBadge status={order.paymentStatus} />
          </p>
          {order.collect ? (
            <>
              <strong className="text-base text-stone-900">Tagih: {formatRupiah(order.collect.amount)}</strong>
              {order.collect.estimate || order.collect.feeUnknown ? (
                <span className="block text-xs text-stone-700">
                  {[
                    order.collect.estimate ? ESTIMATE_WORD : null,
                    order.collect.feeUnknown ? "belum termasuk ongkir (tanya CS)" : null,
                  ]
                    .filter(Boolean)
                    .join(", ")}
                </span>
              ) : null}
            </>
          ) : (
            <strong className="text-green-800">
              {order.paymentStatus === "pending"
                ? "Tidak perlu menagih (bukti bayar sedang diperiksa)"
                : "Tidak perlu menagih"}
            </strong>
          )}
        </div>
        {done ? null : <DeliveredButton order={order} />}
      </div>
    </li>
  );
}

/** How close to the top or bottom of the screen (px) a dragged stop scrolls the page, and how fast (px a frame). */
const EDGE = 72;
const SCROLL_STEP = 12;

/**
 * An area's stops. Once scripts run, a stop is dragged by its grip, with the mouse or a finger
 * alike (pointer events: the browser's own drag and drop never fires on a touch screen), and
 * dropped on another stop of the same area: it takes that stop's place, saved through the same
 * action as 'Naik'/'Turun' (the order remembered per address). Near the top or bottom of the
 * screen the page scrolls along. The buttons stay for the keyboard and a page without scripts.
 */
function AreaStops({ orders, numbers }: { orders: DeliverySheetOrder[]; numbers: Map<string, number> }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<typeof action>();
  const returnTo = useReturnTo();
  const listRef = useRef<HTMLUListElement>(null);
  // The stop being dragged and where the pointer is: refs for the pointer events (they come
  // faster than renders), state for the look.
  const draggedRef = useRef<string | null>(null);
  const pointRef = useRef<{ x: number; y: number } | null>(null);
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data : null;

  /** The stop of this area under the point, if any. */
  const stopAt = (x: number, y: number): string | null => {
    const item = document.elementFromPoint(x, y)?.closest<HTMLElement>("li[data-order-id]");
    return item && listRef.current?.contains(item) ? (item.dataset.orderId ?? null) : null;
  };
  const stop = () => {
    draggedRef.current = null;
    pointRef.current = null;
    setDragged(null);
    setOver(null);
  };

  // While a stop is dragged near the screen's top or bottom edge, scroll the page along.
  useEffect(() => {
    if (dragged === null) return;
    let frame = requestAnimationFrame(function step() {
      const point = pointRef.current;
      if (point) {
        const delta = point.y < EDGE ? -SCROLL_STEP : point.y > window.innerHeight - EDGE ? SCROLL_STEP : 0;
        if (delta !== 0) {
          window.scrollBy(0, delta);
          const target = stopAt(point.x, point.y);
          setOver(target !== draggedRef.current ? target : null);
        }
      }
      frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [dragged]);

  const dragOf = (order: DeliverySheetOrder): DragProps | null =>
    hydrated
      ? {
          dragging: dragged === order.id,
          over: over === order.id && dragged !== null && dragged !== order.id,
          onPointerDown: (event) => {
            if (event.pointerType === "mouse" && event.button !== 0) return;
            event.preventDefault();
            event.currentTarget.setPointerCapture(event.pointerId);
            draggedRef.current = order.id;
            pointRef.current = { x: event.clientX, y: event.clientY };
            setDragged(order.id);
          },
          onPointerMove: (event) => {
            if (draggedRef.current === null) return;
            pointRef.current = { x: event.clientX, y: event.clientY };
            const target = stopAt(event.clientX, event.clientY);
            setOver(target !== draggedRef.current ? target : null);
          },
          onPointerUp: (event) => {
            const moving = draggedRef.current;
            if (moving === null) return;
            const target = stopAt(event.clientX, event.clientY);
            stop();
            if (target === null || target === moving) return;
            void fetcher.submit(
              { intent: "move", orderId: moving, direction: "to", targetId: target, returnTo },
              { method: "post", preventScrollReset: true },
            );
          },
          onPointerCancel: stop,
        }
      : null;
  return (
    <>
      {failed ? (
        <p role="alert" className="no-print text-sm text-red-700">
          {failed.message}
        </p>
      ) : null}
      <ul ref={listRef} className="space-y-2 print:space-y-0" aria-busy={fetcher.state !== "idle"}>
        {orders.map((order) => (
          <SheetOrder key={order.id} order={order} number={(numbers.get(order.id) ?? 0) + 1} drag={dragOf(order)} />
        ))}
      </ul>
    </>
  );
}

export default function DeliverySheet() {
  const { sheet, chips } = useLoaderData<typeof loader>();
  const query = `date=${sheet.date}&slot=${sheet.slot}`;
  const numbers = new Map(sheet.groups.flatMap((g) => g.orders).map((o, i) => [o.id, i]));
  return (
    <div className="space-y-4">
      <style>{PRINT_CSS}</style>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-2xl font-extrabold text-stone-900">Lembar Pengiriman</h1>
          <p className="text-sm font-semibold text-stone-800">
            {formatDateWithDay(sheet.date)} · {slotLabel(sheet.slot)}
          </p>
        </div>
        <div className="no-print flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => window.print()}>
            <Printer className="h-4 w-4" aria-hidden="true" /> Cetak
          </Button>
          <a
            href={`/admin/invoices/print?${query}`}
            target="_blank"
            rel="noopener"
            className={buttonClass({ variant: "outline", size: "sm" })}
          >
            <FileText className="h-4 w-4" aria-hidden="true" /> Cetak Semua Invoice
          </a>
          <a
            href={`/admin/receipts/print?${query}&lebar=58`}
            target="_blank"
            rel="noopener"
            className={buttonClass({ variant: "outline", size: "sm" })}
          >
            <Printer className="h-4 w-4" aria-hidden="true" /> Cetak Struk 58 mm
          </a>
          <a
            href={`/admin/receipts/print?${query}&lebar=80`}
            target="_blank"
            rel="noopener"
            className={buttonClass({ variant: "outline", size: "sm" })}
          >
            Struk 80 mm
          </a>
        </div>
      </div>

      <Card className="no-print">
        <div className="-mx-1 flex [scrollbar-width:none] gap-2 overflow-x-auto px-1 pb-1 sm:flex-wrap">
          {chips.map((c) => (
            <SlotChipLink
              key={`${c.date}-${c.slot}`}
              to={`/admin/delivery-sheet?date=${c.date}&slot=${c.slot}`}
              name={c.name}
              count={c.count}
              quota={c.quota}
              full={c.full}
              active={sheet.date === c.date && sheet.slot === c.slot}
            />
          ))}
        </div>
        <SlotPicker
          idPrefix="sheet"
          date={sheet.date}
          slot={sheet.slot}
          className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
        />
      </Card>

      <p className="text-sm text-stone-800" aria-live="polite">
        <strong>{sheet.orderCount}</strong> pesanan · <strong>{sheet.delivered}</strong> terkirim
        {sheet.toCollect > 0 ? (
          <>
            {" "}
            · sisa tagihan <strong>{formatRupiah(sheet.toCollect)}</strong>
          </>
        ) : null}
      </p>

      {sheet.groups.length === 0 ? (
        <p className="rounded-xl bg-white p-6 text-center text-sm text-stone-600">
          Tidak ada pesanan untuk tanggal dan waktu ini.
        </p>
      ) : (
        sheet.groups.map((group) => (
          <section key={group.area} aria-label={`Area ${group.area}`} className="sheet-area space-y-2">
            <div className="flex flex-wrap items-center justify-between gap-2 border-b-2 border-stone-300 pb-1">
              <h2 className="text-lg font-bold text-stone-900">
                {group.area} <span className="text-sm font-semibold text-stone-600">({group.orders.length})</span>
              </h2>
              {group.orders.some((o) => o.status !== "completed") ? <AnnounceButton area={group.area} /> : null}
            </div>
            <AreaStops orders={group.orders} numbers={numbers} />
          </section>
        ))
      )}
    </div>
  );
}
