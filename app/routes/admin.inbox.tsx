// The inbox: farmers' partner applications and contact messages, newest first, with their
// status and a WhatsApp (or e-mail) link to answer.
import { WORDS } from "~/lib/vocab/words";
import { loadShopIdentity } from "~/server/shop/identity.server";
import { Form, Link, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import { Mail, MessageCircle, Sprout } from "lucide-react";
import { SubmitButton } from "~/components/admin/submit-button";
import { Card, ErrorNote } from "~/components/admin/card";
import { adminMeta } from "~/components/admin/meta";
import { Pagination } from "~/components/admin/pagination";
import { Pill } from "~/components/admin/pill";
import { SaveOnChangeSelect } from "~/components/admin/save-on-change-select";
import { buttonClass } from "~/components/ui/button";
import { Select } from "~/components/ui/field";
import { formatDateTime } from "~/lib/dates";
import { cn } from "~/lib/utils";
import { adminReturnPath } from "~/server/admin-flash.server";
import { firstFieldError, formAction } from "~/server/form-action.server";
import { INBOX_STATUS_BADGE, INBOX_STATUS_LABELS, INBOX_STATUSES, type InboxKind, type InboxStatus } from "~/lib/admin";
import {
  countNewInbox,
  inboxStatusChangeSchema,
  listInbox,
  parseInboxFilters,
  setInboxStatus,
} from "~/server/inbox/inbox.server";
import type { Route } from "./+types/admin.inbox";
import { formatIndonesianPhone } from "~/lib/phone";
import { dbOf } from "~/server/request-context.server";
import { routePolicy } from "~/server/route-policy.server";
import { actorOf } from "~/server/accounts/access.server";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "staff" })];

export const meta: Route.MetaFunction = () => adminMeta(WORDS.inbox);

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = actorOf(context, "staff");
  const url = new URL(request.url);
  const filters = parseInboxFilters(url.searchParams);
  const db = await dbOf(context);
  const [inbox, newCounts] = await Promise.all([
    listInbox(db, admin, filters, (await loadShopIdentity(db)).name),
    countNewInbox(db, admin),
  ]);
  return {
    filters,
    inbox,
    newCounts,
    returnTo: `${url.pathname}${url.search}`,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = actorOf(context, "staff");
  const db = await dbOf(context);
  const url = new URL(request.url);
  let returnTo = `${url.pathname}${url.search}`;
  return formAction(request, {
    name: "inbox status change",
    schema: inboxStatusChangeSchema.extend({ returnTo: z.string().optional() }),
    invalid: { message: firstFieldError },
    call: async ({ returnTo: back, ...change }) => {
      returnTo = adminReturnPath(back ?? null, returnTo);
      const result = await setInboxStatus(db, admin, change);
      // A new time each failure, so the status list is put back even after the same refusal twice.
      return result.ok ? result : { ...result, at: Date.now() };
    },
    redirectTo: () => returnTo,
    flash: true,
  });
}

function StatusForm({ kind, id, status, name }: { kind: InboxKind; id: string; status: string; name: string }) {
  const { returnTo } = useLoaderData<typeof loader>();
  return (
    <SaveOnChangeSelect
      label={`Status dari ${name}`}
      value={status}
      options={INBOX_STATUS_OPTIONS}
      fields={{ kind, id, returnTo }}
      selectClassName="w-44"
    />
  );
}

const INBOX_STATUS_OPTIONS = INBOX_STATUSES.map((s) => ({ value: s, label: INBOX_STATUS_LABELS[s] }));

function StatusPill({ status }: { status: string }) {
  const s = status as InboxStatus;
  return (
    <Pill className={INBOX_STATUS_BADGE[s] ?? "bg-stone-100 text-stone-800 ring-stone-300"}>
      {INBOX_STATUS_LABELS[s] ?? status}
    </Pill>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  if (!value) return null;
  return (
    <div>
      <dt className="text-xs font-semibold text-stone-600">{label}</dt>
      <dd className="text-sm break-words whitespace-pre-line text-stone-900">{value}</dd>
    </div>
  );
}

export default function AdminInbox() {
  const { filters, inbox, newCounts } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const tabs: { id: InboxKind; label: string; count: number }[] = [
    { id: "mitra", label: WORDS.partnerFarmers, count: newCounts.mitra },
    { id: "pesan", label: "Pesan Kontak", count: newCounts.pesan },
  ];
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-extrabold text-stone-900">{WORDS.inbox}</h1>
      {actionData && !actionData.ok ? <ErrorNote>{actionData.message}</ErrorNote> : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <nav aria-label="Jenis" className="inline-flex gap-1 rounded-xl bg-stone-200/60 p-1">
          {tabs.map((t) => (
            <Link
              key={t.id}
              to={`/admin/inbox?jenis=${t.id}`}
              aria-current={filters.jenis === t.id ? "page" : undefined}
              className={cn(
                "inline-flex min-h-10 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold whitespace-nowrap",
                filters.jenis === t.id ? "bg-white text-brand-800 shadow-sm" : "text-stone-700 hover:text-stone-900",
              )}
            >
              {t.label}
              {t.count > 0 ? (
                <span className="min-w-5 rounded-full bg-amber-400 px-1.5 text-center text-xs leading-5 font-bold text-stone-900">
                  {t.count}
                  <span className="sr-only"> baru</span>
                </span>
              ) : null}
            </Link>
          ))}
        </nav>
        <Form method="get" key={`${filters.jenis}-${filters.status ?? ""}`} className="flex items-center gap-2">
          <input type="hidden" name="jenis" value={filters.jenis} />
          <label htmlFor="inbox-status" className="text-sm font-semibold text-stone-700">
            Status
          </label>
          <Select
            id="inbox-status"
            name="status"
            defaultValue={filters.status ?? ""}
            className="h-10 w-40 text-sm"
            onChange={(e) => e.currentTarget.form?.requestSubmit()}
          >
            <option value="">Semua</option>
            {INBOX_STATUSES.map((s) => (
              <option key={s} value={s}>
                {INBOX_STATUS_LABELS[s]}
              </option>
            ))}
          </Select>
          <noscript>
            <button type="submit" className={buttonClass({ variant: "outline", size: "sm" })}>
              Saring
            </button>
          </noscript>
        </Form>
      </div>

      {inbox.total === 0 ? (
        <Card>
          <p className="text-center text-sm text-stone-600">
            {filters.status
              ? "Tidak ada yang cocok dengan status ini."
              : inbox.kind === "mitra"
                ? `Belum ada pendaftaran ${WORDS.partnerFarmers}.`
                : "Belum ada pesan."}
          </p>
        </Card>
      ) : (
        <ul className="space-y-3">
          {inbox.kind === "mitra"
            ? inbox.applications.map((a) => (
                <li
                  key={a.id}
                  className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm"
                  data-inbox-id={a.id}
                >
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div>
                      <p className="flex flex-wrap items-center gap-2 font-bold text-stone-900">
                        {a.name} <StatusPill status={a.status} />
                      </p>
                      <p className="text-xs text-stone-600">{formatDateTime(a.createdAt)}</p>
                    </div>
                    <StatusForm kind="mitra" id={a.id} status={a.status} name={a.name} />
                  </div>
                  <dl className="mt-3 grid gap-2 sm:grid-cols-2">
                    <Detail label="Telepon" value={formatIndonesianPhone(a.phone)} />
                    <Detail label="Alamat lahan" value={a.landAddress} />
                    <Detail label="Luas lahan" value={a.farmSize} />
                    <Detail label="Waktu panen" value={a.harvestTime} />
                    <Detail label="Produk" value={a.products} />
                    <Detail label="Info lain" value={a.otherInfo} />
                  </dl>
                  <div className="mt-3 flex flex-wrap items-center gap-2">
                    <a
                      href={a.whatsapp}
                      target="_blank"
                      rel="noopener noreferrer"
                      className={buttonClass({
                        size: "sm",
                        className: "bg-green-700 hover:bg-green-800",
                      })}
                    >
                      <MessageCircle className="h-4 w-4" aria-hidden="true" /> WhatsApp {formatIndonesianPhone(a.phone)}
                    </a>
                    {a.supplierId ? (
                      <Link
                        to="/admin/suppliers"
                        className="inline-flex min-h-9 items-center gap-1.5 rounded-lg bg-brand-50 px-3 text-sm font-semibold text-brand-900 ring-1 ring-brand-200"
                      >
                        <Sprout className="h-4 w-4" aria-hidden="true" /> Sudah menjadi Petani Mitra
                      </Link>
                    ) : (
                      // Posts to the 'Petani Mitra' page, which owns every change of the farmers.
                      <Form method="post" action="/admin/suppliers">
                        <input type="hidden" name="intent" value="accept" />
                        <input type="hidden" name="applicationId" value={a.id} />
                        <SubmitButton
                          intent="accept"
                          name="applicationId"
                          value={a.id}
                          variant="outline"
                          size="sm"
                          pendingText="Menyimpan..."
                        >
                          <Sprout className="h-4 w-4" aria-hidden="true" /> Terima sebagai Petani Mitra
                        </SubmitButton>
                      </Form>
                    )}
                  </div>
                </li>
              ))
            : inbox.messages.map((m) => (
                <li
                  key={m.id}
                  className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm"
                  data-inbox-id={m.id}
                >
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div>
                      <p className="flex flex-wrap items-center gap-2 font-bold text-stone-900">
                        {m.subject} <StatusPill status={m.status} />
                      </p>
                      <p className="text-sm text-stone-700">
                        {m.name} · {m.email}
                        {m.phone ? ` · ${formatIndonesianPhone(m.phone)}` : ""}
                      </p>
                      <p className="text-xs text-stone-600">{formatDateTime(m.createdAt)}</p>
                    </div>
                    <StatusForm kind="pesan" id={m.id} status={m.status} name={m.name} />
                  </div>
                  <p className="mt-3 text-sm break-words whitespace-pre-line text-stone-900">{m.message}</p>
                  <div className="mt-3 flex flex-wrap gap-2">
                    <a
                      href={m.mailto}
                      className={buttonClass({
                        variant: "outline",
                        size: "sm",
                      })}
                    >
                      <Mail className="h-4 w-4" aria-hidden="true" /> Balas email
                    </a>
                    {m.whatsapp ? (
                      <a
                        href={m.whatsapp}
                        target="_blank"
                        rel="noopener noreferrer"
                        className={buttonClass({
                          size: "sm",
                          className: "bg-green-700 hover:bg-green-800",
                        })}
                      >
                        <MessageCircle className="h-4 w-4" aria-hidden="true" /> WhatsApp
                      </a>
                    ) : null}
                  </div>
                </li>
              ))}
        </ul>
      )}
      <Pagination page={filters.page} pageCount={inbox.pageCount} label="Halaman inbox" />
    </div>
  );
}
