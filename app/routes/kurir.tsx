// /kurir: the courier's phone screen. Today's and tomorrow's runs of the signed-in courier,
// stops in the delivery sheet's order, and per stop 'Terkirim', 'Gagal Antar' and (COD)
// 'Uang Diterima'; at the end of a run, 'Setor'. The forms post without JavaScript; with it,
// a step is kept on the phone and sent when there is signal (app/lib/courier-queue.ts).
import { useCallback, useEffect, useState } from "react";
import { Form, useActionData, useLoaderData, useRevalidator } from "react-router";
import { Banknote, Check, LogOut, MapPin, MessageCircle, Phone, WifiOff, X } from "lucide-react";
import { buttonClass } from "~/components/ui/button";
import {
  compressPhoto,
  flushQueue,
  newStepKey,
  readQueue,
  stepForm,
  writeQueue,
  type QueuedStep,
  type StepAnswer,
} from "~/lib/courier-queue";
import { formatDateWithDay } from "~/lib/dates";
import { formatRupiah } from "~/lib/money";
import { pageTitle, shopNameFrom } from "~/lib/seo";
import { FAILED_DELIVERY_REASONS } from "~/lib/stop-order";
import { signedRupiah } from "~/lib/payments";
import { courierHandoverSchema, recordCourierCount } from "~/server/couriers/handover.server";
import {
  courierStepSchema,
  loadCourierRuns,
  takeCourierStep,
  type CourierRun,
  type CourierStop,
} from "~/server/couriers/stops.server";
import { firstFieldError, formAction } from "~/server/form-action.server";
import { routePolicy } from "~/server/route-policy.server";
import { dbOf } from "~/server/request-context.server";
import { loadShopIdentity } from "~/server/shop/identity.server";
import { z } from "zod";
import type { Route } from "./+types/kurir";
import { actorOf } from "~/server/accounts/access.server";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "courier" })];

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Rute Kurir", shopNameFrom(matches)) },
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const courier = actorOf(context, "courier");
  const db = await dbOf(context);
  const shop = await loadShopIdentity(db);
  const runs = await loadCourierRuns(db, courier, shop.name);
  // Keys for the forms posted without JavaScript: one per page view, so a reload posts anew.
  return { courierName: courier.name, shopName: shop.name, runs, seed: crypto.randomUUID().slice(0, 18) };
}

const pageSchema = z.union([courierHandoverSchema, courierStepSchema]);

export async function action({ request, context }: Route.ActionArgs) {
  const courier = actorOf(context, "courier");
  const db = await dbOf(context);
  return formAction(request, {
    name: "courier page",
    schema: pageSchema,
    invalid: { message: firstFieldError },
    call: (input) =>
      input.intent === "handover"
        ? recordCourierCount(db, courier, { runId: input.runId, cash: input.cash })
        : takeCourierStep(db, courier, input),
    documentRedirectTo: () => null,
  });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message =
    error && typeof error === "object" && "data" in error
      ? ((error as { data?: { message?: string } }).data?.message ?? "")
      : "";
  return (
    <main className="mx-auto max-w-md p-6 text-center">
      <h1 className="text-xl font-bold text-stone-900">Rute Kurir</h1>
      <p className="mt-2 text-stone-700">{message || "Halaman kurir tidak dapat dibuka. Muat ulang halaman."}</p>
      <a href="/" className={buttonClass({ variant: "outline", className: "mt-4" })}>
        Ke beranda
      </a>
    </main>
  );
}

/** The queue on this phone, kept in step with local storage. */
function useStepQueue() {
  const revalidator = useRevalidator();
  const [queue, setQueue] = useState<QueuedStep[]>([]);
  const [online, setOnline] = useState(true);
  const [answers, setAnswers] = useState<StepAnswer[]>([]);

  const flush = useCallback(async () => {
    const { answered } = await flushQueue(window.localStorage, async (step) => {
      const response = await fetch("/kurir/langkah", { method: "POST", body: stepForm(step) });
      const body = (await response.json().catch(() => null)) as StepAnswer | null;
      return body ?? { ok: response.ok, message: response.ok ? "Tercatat." : "Langkah ditolak server." };
    });
    setQueue(readQueue(window.localStorage));
    if (answered.length > 0) {
      setAnswers(answered.map((a) => a.answer).reverse());
      revalidator.revalidate();
    }
  }, [revalidator]);

  useEffect(() => {
    setQueue(readQueue(window.localStorage));
    setOnline(navigator.onLine);
    const goOnline = () => {
      setOnline(true);
      void flush();
    };
    const goOffline = () => setOnline(false);
    window.addEventListener("online", goOnline);
    window.addEventListener("offline", goOffline);
    if (navigator.onLine) void flush();
    return () => {
      window.removeEventListener("online", goOnline);
      window.removeEventListener("offline", goOffline);
    };
    // Once per page view; `flush` changes with every revalidation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const add = useCallback(
    (step: QueuedStep) => {
      writeQueue(window.localStorage, [...readQueue(window.localStorage), step]);
      setQueue(readQueue(window.localStorage));
      if (navigator.onLine) void flush();
    },
    [flush],
  );
  return { queue, online, answers, add };
}

type AddStep = (step: QueuedStep) => void;

/** Takes a step form's submit into the queue (with JavaScript); without it the form posts. */
function queueSubmit(add: AddStep, orderId: string, intent: QueuedStep["intent"]) {
  return async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const fields: Record<string, string> = {};
    let photo: string | undefined;
    for (const [name, value] of new FormData(form)) {
      if (["intent", "orderId", "key"].includes(name)) continue;
      if (typeof value === "string") fields[name] = value;
      else if (value.size > 0) photo = await compressPhoto(value);
    }
    add({ key: newStepKey(), orderId, intent, fields, photo, takenAt: new Date().toISOString() });
    form.reset();
    form.closest("details")?.removeAttribute("open");
  };
}

const contactClass = buttonClass({ variant: "outline", size: "sm", className: "h-11 gap-1 px-2" });

function StopCard({ stop, seed, add, waiting }: { stop: CourierStop; seed: string; add: AddStep; waiting: number }) {
  const done = stop.outcome !== null;
  const hidden = (intent: string) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="orderId" value={stop.orderId} />
      <input type="hidden" name="key" value={`${seed}-${stop.shortId}-${intent}`} />
    </>
  );
  return (
    <li
      data-stop={stop.number}
      data-order-id={stop.orderId}
      className={
        stop.outcome === "delivered"
          ? "rounded-xl border border-green-300 bg-green-50 p-3"
          : stop.outcome === "failed"
            ? "rounded-xl border border-red-300 bg-red-50 p-3"
            : "rounded-xl border border-stone-200 bg-white p-3"
      }
    >
      <div className="flex items-start gap-3">
        <span
          className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-700 text-lg font-extrabold text-white"
          aria-label={`Pemberhentian ${stop.number}`}
        >
          {stop.number}
        </span>
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-baseline justify-between gap-x-2">
            <span className="text-base font-bold text-stone-900">{stop.recipientName}</span>
            <span className="font-mono text-xs text-stone-600">#{stop.shortId}</span>
          </p>
          <a
            href={stop.links.maps}
            target="_blank"
            rel="noopener"
            className="mt-0.5 flex items-start gap-1 text-sm whitespace-pre-line text-brand-800 underline"
          >
            <MapPin className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" /> {stop.recipientAddress}
          </a>
          <p className="text-xs text-stone-600">{stop.area}</p>
        </div>
      </div>
      <div className="mt-2 grid grid-cols-2 gap-2">
        <a href={stop.links.tel} className={contactClass} aria-label={`Telepon ${stop.recipientName}`}>
          <Phone className="h-4 w-4" aria-hidden="true" /> {stop.phoneText}
        </a>
        <a
          href={stop.links.whatsapp}
          target="_blank"
          rel="noopener"
          className={contactClass}
          aria-label={`WhatsApp ${stop.recipientName}`}
        >
          <MessageCircle className="h-4 w-4" aria-hidden="true" /> WhatsApp
        </a>
      </div>
      {stop.notes ? (
        <p className="mt-2 rounded bg-amber-50 px-2 py-1 text-sm text-amber-950">
          <span className="font-semibold">Catatan:</span> {stop.notes}
        </p>
      ) : null}
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer font-semibold text-stone-800">Isi tas ({stop.lines.length} barang)</summary>
        <ul className="mt-1 space-y-0.5 pl-1">
          {stop.lines.map((line, i) => (
            <li key={i} className="text-stone-800">
              {line.name} · <strong>{line.amount}</strong>
              {line.weighed ? <span className="text-xs text-stone-600"> (ditimbang)</span> : null}
              {line.note ? <span className="block text-xs text-amber-900">Catatan: {line.note}</span> : null}
            </li>
          ))}
        </ul>
      </details>
      <div className="mt-2 space-y-0.5">
        {stop.collect !== null ? (
          <p className="text-lg font-extrabold text-stone-900" data-testid="tagih">
            Tagih {formatRupiah(stop.collect)}
            {stop.cashOnDelivery ? <span className="ml-1 text-xs font-semibold text-stone-600">COD</span> : null}
          </p>
        ) : stop.cashReceived !== null ? (
          <p className="font-semibold text-green-800">Uang diterima {formatRupiah(stop.cashReceived)}</p>
        ) : (
          <p className="font-semibold text-green-800">Tidak perlu menagih</p>
        )}
        {stop.owed > 0 ? (
          <p className="text-sm font-semibold text-red-800">Saldo kurang bayar {formatRupiah(stop.owed)}</p>
        ) : null}
      </div>
      {waiting > 0 ? (
        <p className="mt-2 flex items-center gap-1 rounded bg-amber-100 px-2 py-1 text-sm font-semibold text-amber-950">
          <WifiOff className="h-4 w-4" aria-hidden="true" /> Menunggu sinyal: {waiting} langkah tersimpan di HP
        </p>
      ) : null}
      {done ? (
        <p
          className={`mt-2 font-bold ${stop.outcome === "delivered" ? "text-green-800" : "text-red-800"}`}
          data-testid="hasil"
        >
          {stop.outcomeText}
        </p>
      ) : null}
      {stop.cashOnDelivery && stop.collect !== null ? (
        <form
          method="post"
          className="mt-2 flex items-end gap-2"
          onSubmit={queueSubmit(add, stop.orderId, "cash")}
          aria-label={`Uang Diterima pesanan #${stop.shortId}`}
        >
          {hidden("cash")}
          <label className="flex-1 text-sm font-semibold text-stone-800">
            Uang diterima (Rp)
            <input
              name="amount"
              inputMode="numeric"
              defaultValue={String(stop.collect)}
              required
              className="mt-1 h-11 w-full rounded-md border border-stone-300 px-3 text-base"
            />
          </label>
          <button type="submit" className={buttonClass({ className: "h-11" })}>
            <Banknote className="h-4 w-4" aria-hidden="true" /> Uang Diterima
          </button>
        </form>
      ) : null}
      {done ? null : (
        <div className="mt-2 grid gap-2">
          <details className="rounded-lg border border-green-300 bg-white">
            <summary className="cursor-pointer px-3 py-2.5 font-bold text-green-800">Terkirim</summary>
            <form
              method="post"
              encType="multipart/form-data"
              className="space-y-2 px-3 pb-3"
              onSubmit={queueSubmit(add, stop.orderId, "delivered")}
              aria-label={`Terkirim pesanan #${stop.shortId}`}
            >
              {hidden("delivered")}
              <label className="block text-sm font-semibold text-stone-800">
                Nama penerima
                <input
                  name="recipientName"
                  maxLength={100}
                  autoComplete="off"
                  className="mt-1 h-11 w-full rounded-md border border-stone-300 px-3 text-base"
                />
              </label>
              <label className="block text-sm font-semibold text-stone-800">
                atau foto penerima / tas di depan pintu
                <input name="photo" type="file" accept="image/*" capture="environment" className="mt-1 block w-full" />
              </label>
              <button
                type="submit"
                className={buttonClass({ className: "h-11 w-full bg-green-700 hover:bg-green-800" })}
              >
                <Check className="h-4 w-4" aria-hidden="true" /> Simpan Terkirim
              </button>
            </form>
          </details>
          <details className="rounded-lg border border-red-300 bg-white">
            <summary className="cursor-pointer px-3 py-2.5 font-bold text-red-800">Gagal Antar</summary>
            <form
              method="post"
              className="space-y-2 px-3 pb-3"
              onSubmit={queueSubmit(add, stop.orderId, "failed")}
              aria-label={`Gagal Antar pesanan #${stop.shortId}`}
            >
              {hidden("failed")}
              <fieldset className="space-y-1">
                <legend className="text-sm font-semibold text-stone-800">Alasan</legend>
                {Object.entries(FAILED_DELIVERY_REASONS).map(([value, label]) => (
                  <label key={value} className="flex min-h-10 items-center gap-2 text-base">
                    <input type="radio" name="reason" value={value} required className="h-5 w-5" /> {label}
                  </label>
                ))}
              </fieldset>
              <label className="block text-sm font-semibold text-stone-800">
                Alasan lain
                <input
                  name="reasonOther"
                  maxLength={200}
                  className="mt-1 h-11 w-full rounded-md border border-stone-300 px-3 text-base"
                />
              </label>
              <button type="submit" className={buttonClass({ variant: "destructive", className: "h-11 w-full" })}>
                <X className="h-4 w-4" aria-hidden="true" /> Simpan Gagal Antar
              </button>
            </form>
          </details>
        </div>
      )}
    </li>
  );
}

function HandoverForm({ run }: { run: CourierRun }) {
  const difference = run.courierCash === null ? null : run.courierCash - run.expectedCash;
  return (
    <section className="rounded-xl border border-stone-300 bg-stone-50 p-3" aria-label={`Setoran ${run.name}`}>
      <h3 className="font-bold text-stone-900">Setoran</h3>
      <p className="text-sm text-stone-800">
        Uang COD diterima di rute ini: <strong>{formatRupiah(run.expectedCash)}</strong>
      </p>
      {run.courierCash !== null ? (
        <p className="text-sm text-stone-800">
          Anda setor {formatRupiah(run.courierCash)}
          {difference ? <strong className="text-red-800"> · Selisih {signedRupiah(difference)}</strong> : null}
        </p>
      ) : null}
      <p className="text-sm font-semibold">
        {run.accepted ? (
          <span className="text-green-800">Setoran diterima Pemilik</span>
        ) : (
          <span className="text-amber-900">Belum Setor</span>
        )}
      </p>
      {run.accepted ? null : (
        <Form method="post" className="mt-2 flex items-end gap-2">
          <input type="hidden" name="intent" value="handover" />
          <input type="hidden" name="runId" value={run.id} />
          <label className="flex-1 text-sm font-semibold text-stone-800">
            Uang yang Anda hitung (Rp)
            <input
              name="cash"
              inputMode="numeric"
              required
              defaultValue={run.courierCash ?? ""}
              className="mt-1 h-11 w-full rounded-md border border-stone-300 px-3 text-base"
            />
          </label>
          <button type="submit" className={buttonClass({ className: "h-11" })}>
            Setor
          </button>
        </Form>
      )}
    </section>
  );
}

export default function CourierPage() {
  const { courierName, shopName, runs, seed } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { queue, online, answers, add } = useStepQueue();
  return (
    <main className="mx-auto min-h-dvh max-w-md bg-stone-100 px-3 pt-3 pb-10">
      <header className="flex items-center justify-between gap-2">
        <div>
          <h1 className="text-xl font-extrabold text-stone-900">Rute Kurir</h1>
          <p className="text-sm text-stone-700">
            {courierName} · {shopName}
          </p>
        </div>
        <Form method="post" action="/logout">
          <button type="submit" className={buttonClass({ variant: "outline", size: "sm" })}>
            <LogOut className="h-4 w-4" aria-hidden="true" /> Keluar
          </button>
        </Form>
      </header>
      <div aria-live="polite" className="mt-2 space-y-1">
        {!online ? (
          <p className="flex items-center gap-1 rounded-lg bg-amber-100 px-3 py-2 text-sm font-semibold text-amber-950">
            <WifiOff className="h-4 w-4" aria-hidden="true" /> Tidak ada sinyal. Langkah tetap tersimpan di HP dan
            dikirim saat sinyal kembali.
          </p>
        ) : null}
        {queue.length > 0 ? (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950" data-testid="antrian">
            {queue.length} langkah menunggu dikirim.
          </p>
        ) : null}
        {result ? (
          <p
            role={result.ok ? "status" : "alert"}
            className={`rounded-lg px-3 py-2 text-sm ${result.ok ? "bg-green-100 text-green-900" : "bg-red-100 text-red-900"}`}
          >
            {result.message}
          </p>
        ) : null}
        {answers.map((a, i) => (
          <p
            key={i}
            role={a.ok ? "status" : "alert"}
            className={`rounded-lg px-3 py-2 text-sm ${a.ok ? "bg-green-100 text-green-900" : "bg-red-100 text-red-900"}`}
          >
            {a.message}
          </p>
        ))}
      </div>
      {runs.length === 0 ? (
        <p className="mt-6 rounded-xl bg-white p-6 text-center text-stone-700">
          Belum ada rute untuk Anda hari ini dan besok. Staf membagi pesanan di Lembar Pengiriman.
        </p>
      ) : (
        runs.map((run) => (
          <section
            key={run.id}
            className="mt-4 space-y-2"
            aria-label={`Rute ${formatDateWithDay(run.date)} ${run.name}`}
          >
            <h2 className="text-lg font-bold text-stone-900">
              {formatDateWithDay(run.date)} · {run.name}{" "}
              <span className="text-sm font-semibold text-stone-600">({run.stops.length} pemberhentian)</span>
            </h2>
            <ol className="space-y-2">
              {run.stops.map((stop) => (
                <StopCard
                  key={stop.orderId}
                  stop={stop}
                  seed={seed}
                  add={add}
                  waiting={queue.filter((s) => s.orderId === stop.orderId).length}
                />
              ))}
            </ol>
            <HandoverForm run={run} />
          </section>
        ))
      )}
    </main>
  );
}
