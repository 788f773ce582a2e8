// /langganan/:id: one 'Langganan': the coming dates ('Lewati' one, or take the skip back), a
// pause ('Jeda') until a date, the basket and address to change, and 'Berhenti Langganan'.
// Every change about a date is refused by the server once that date's cut-off has passed.
import { data, Form, Link, useNavigation } from "react-router";
import { CalendarClock, PauseCircle } from "lucide-react";
import { StandingOrderForm } from "~/components/standing-order-form";
import { Button } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/field";
import { addDays, formatDateTime, formatWeekdayDate, shopDate } from "~/lib/dates";
import { shortOrderId } from "~/lib/orders";
import { pageMeta } from "~/lib/page-meta";
import { STANDING_OUTCOMES, standingActionSchema, type StandingOutcome } from "~/lib/standing-orders";
import { slotName } from "~/lib/vocab/delivery-slots";
import { weekdaysText } from "~/lib/vocab/weekdays";
import { now } from "~/server/clock.server";
import { firstFieldError, formAction } from "~/server/form-action.server";
import { routePolicy } from "~/server/route-policy.server";
import { dbOf } from "~/server/request-context.server";
import {
  actOnStandingOrder,
  loadStandingOrder,
  NOT_FOUND_MESSAGE,
  standingFormChoices,
} from "~/server/standing-orders/standing-orders.server";
import type { Route } from "./+types/langganan.$id";
import { actorOf } from "~/server/accounts/access.server";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "customer" })];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = actorOf(context, "customer");
  const db = await dbOf(context);
  const at = now();
  const standing = await loadStandingOrder(db, user.id, params.id, at);
  if (!standing) throw data(NOT_FOUND_MESSAGE, { status: 404 });
  const saved = new URL(request.url).searchParams.get("tersimpan") === "1";
  return { standing, ...(await standingFormChoices(db)), today: shopDate(at), saved };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = actorOf(context, "customer");
  const db = await dbOf(context);
  return formAction(request, {
    name: "standing order change",
    schema: standingActionSchema,
    invalid: { message: firstFieldError },
    call: (input) => actOnStandingOrder(db, user.id, params.id, input),
    documentRedirectTo: () => `/langganan/${params.id}`,
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Langganan",
    description: "Belanja mingguan yang dipesan otomatis.",
    shopName: matches[0]?.data?.shop.name,
    noIndex: true,
  });
}

function outcomeText(outcome: StandingOutcome | null, orderId: string | null): string {
  if (!outcome) return "Menunggu dibuat";
  if (outcome === "placed" && orderId) return `Pesanan #${shortOrderId(orderId)} dibuat`;
  return STANDING_OUTCOMES[outcome].label;
}

export default function StandingOrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { standing: s, areas, methods, today, saved } = loaderData;
  const busy = useNavigation().state === "submitting";
  const answer = actionData ?? (saved ? { ok: true as const, message: "Langganan tersimpan." } : null);
  const active = s.status === "active";
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-6">
      <div className="space-y-1">
        <Link to="/langganan" className="text-sm font-medium text-green-800 hover:underline">
          &larr; Langganan Saya
        </Link>
        <h1 className="text-2xl font-extrabold text-stone-900 md:text-3xl">
          Setiap {weekdaysText(s.weekdays)}, {slotName(s.slot)}
        </h1>
        <p className="text-sm text-stone-600">
          {active ? (s.pausedUntil ? `Dijeda sampai ${formatWeekdayDate(s.pausedUntil, today)}` : "Aktif") : "Berhenti"}{" "}
          · {s.areaName} · {s.address}
        </p>
      </div>

      {answer ? (
        <p
          role={answer.ok ? "status" : "alert"}
          className={
            answer.ok
              ? "rounded-lg border border-green-200 bg-green-50 p-3 text-sm text-green-900"
              : "rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800"
          }
        >
          {answer.message}
        </p>
      ) : null}

      {active ? (
        <section className="space-y-3 rounded-xl border border-stone-200 bg-white p-4" aria-labelledby="jadwal">
          <h2 id="jadwal" className="flex items-center gap-2 font-semibold text-stone-900">
            <CalendarClock className="h-5 w-5 text-green-700" aria-hidden="true" /> Jadwal Berikutnya
          </h2>
          {s.upcoming.length === 0 ? (
            <p className="text-sm text-stone-600">Tidak ada pengiriman dalam tiga minggu ke depan.</p>
          ) : (
            <ul className="divide-y divide-stone-100">
              {s.upcoming.map((u) => (
                <li key={u.date} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <div className="text-sm">
                    <p className="font-medium text-stone-900">{formatWeekdayDate(u.date, today)}</p>
                    <p className="text-stone-600">
                      {u.outcome === "placed" && u.orderId ? (
                        <Link to={`/orders/${u.orderId}`} className="text-green-800 underline">
                          {outcomeText(u.outcome, u.orderId)}
                        </Link>
                      ) : (
                        outcomeText(u.outcome, u.orderId)
                      )}
                      {u.outcome ? "" : ` · dibuat ${formatDateTime(u.makeAt)}`} · batas ubah {formatDateTime(u.cutoff)}
                    </p>
                    {u.message ? <p className="text-stone-600">{u.message}</p> : null}
                  </div>
                  <Form method="post">
                    <input type="hidden" name="date" value={u.date} />
                    {u.outcome === "skipped" ? (
                      <Button type="submit" name="intent" value="unskip" variant="outline" disabled={busy}>
                        Batal Lewati
                      </Button>
                    ) : (
                      <Button type="submit" name="intent" value="skip" variant="outline" disabled={busy}>
                        Lewati
                      </Button>
                    )}
                  </Form>
                </li>
              ))}
            </ul>
          )}
          {s.pausedUntil ? (
            <Form method="post">
              <Button type="submit" name="intent" value="resume" disabled={busy}>
                Lanjutkan
              </Button>
            </Form>
          ) : (
            <Form method="post" className="flex flex-wrap items-end gap-3 border-t border-stone-100 pt-3">
              <Field label="Jeda sampai tanggal" className="w-48">
                {(p) => <Input {...p} type="date" name="until" min={today} defaultValue={addDays(today, 7)} />}
              </Field>
              <Button type="submit" name="intent" value="pause" variant="outline" disabled={busy}>
                <PauseCircle className="h-4 w-4" aria-hidden="true" /> Jeda
              </Button>
            </Form>
          )}
        </section>
      ) : null}

      {active ? (
        <section className="space-y-3" aria-labelledby="ubah">
          <h2 id="ubah" className="text-lg font-semibold text-stone-900">
            Ubah Langganan
          </h2>
          <StandingOrderForm
            values={{
              weekdays: s.weekdays,
              slot: s.slot,
              area: s.areaId,
              name: s.name,
              phone: s.phone,
              address: s.address,
              notes: s.notes,
              paymentMethod: s.paymentMethod,
              lines: s.lines,
            }}
            areas={areas}
            methods={methods}
            submitLabel="Simpan Perubahan"
            busy={busy}
          />
        </section>
      ) : null}

      {s.history.length > 0 ? (
        <section className="space-y-2" aria-labelledby="riwayat">
          <h2 id="riwayat" className="text-lg font-semibold text-stone-900">
            Riwayat
          </h2>
          <ul className="divide-y divide-stone-100 rounded-xl border border-stone-200 bg-white px-4">
            {s.history.map((h) => (
              <li key={h.date} className="py-2 text-sm">
                <span className="font-medium">{formatWeekdayDate(h.date, today)}</span> ·{" "}
                {h.outcome === "placed" && h.orderId ? (
                  <Link to={`/orders/${h.orderId}`} className="text-green-800 underline">
                    {outcomeText(h.outcome, h.orderId)}
                  </Link>
                ) : (
                  outcomeText(h.outcome, h.orderId)
                )}
                {h.message ? <span className="block text-stone-600">{h.message}</span> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {active ? (
        <Form method="post" className="border-t border-stone-200 pt-4">
          <Button type="submit" name="intent" value="stop" variant="destructive" disabled={busy}>
            Berhenti Langganan
          </Button>
          <p className="mt-2 text-sm text-stone-600">Pesanan yang sudah dibuat tetap berjalan.</p>
        </Form>
      ) : null}
    </div>
  );
}
