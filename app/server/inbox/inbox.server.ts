// The staff inbox: farmers' partner applications and contact messages, newest first, each
// moved from new to contacted to done.
import { formFailure, type FormResult } from "~/lib/form";
import { and, count, desc, eq, getTableColumns, sql } from "drizzle-orm";
import { z } from "zod";
import { uuidField } from "~/lib/form-schema";
import type { Queryable } from "~/db/client.server";
import { assertAdmin, type AdminActor } from "../accounts/actor.server";
import { contactMessages, partnerApplications, suppliers } from "~/db/schema";
import { whatsappNumber } from "~/lib/phone";
import { whatsappHref } from "~/lib/shop";
import { INBOX_KINDS, INBOX_STATUS_LABELS, INBOX_STATUSES } from "~/lib/admin";
import { WORDS } from "~/lib/vocab/words";

export const INBOX_PAGE_SIZE = 20;
export const inboxFiltersSchema = z.object({
  jenis: z.enum(INBOX_KINDS).catch("mitra").default("mitra"),
  status: z.enum(INBOX_STATUSES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});
export type InboxFilters = z.infer<typeof inboxFiltersSchema>;

export function parseInboxFilters(params: URLSearchParams): InboxFilters {
  return inboxFiltersSchema.parse(Object.fromEntries([...params.entries()].filter(([, v]) => v !== "")));
}

/** How many of each kind still wait for a first reply (the navigation badge and the tabs). */
export async function countNewInbox(db: Queryable, actor: AdminActor): Promise<{ mitra: number; pesan: number }> {
  assertAdmin(actor);
  const [[a], [m]] = await Promise.all([
    db.select({ n: count() }).from(partnerApplications).where(eq(partnerApplications.status, "new")),
    db.select({ n: count() }).from(contactMessages).where(eq(contactMessages.status, "new")),
  ]);
  return { mitra: a.n, pesan: m.n };
}

function greeting(name: string, shopName: string, about: string): string {
  return `Halo ${name}, kami dari ${shopName} menanggapi ${about} Anda.`;
}

export async function listInbox(db: Queryable, actor: AdminActor, filters: InboxFilters, shopName: string) {
  assertAdmin(actor);
  const offset = (filters.page - 1) * INBOX_PAGE_SIZE;
  if (filters.jenis === "mitra") {
    const where = filters.status ? eq(partnerApplications.status, filters.status) : undefined;
    const [[{ total }], rows] = await Promise.all([
      db.select({ total: count() }).from(partnerApplications).where(where),
      db
        // The farmer an accepted application became ('Petani Mitra'), if any.
        .select({ ...getTableColumns(partnerApplications), supplierId: suppliers.id })
        .from(partnerApplications)
        .leftJoin(suppliers, eq(suppliers.partnerApplicationId, partnerApplications.id))
        .where(where)
        .orderBy(sql`${partnerApplications.createdAt} desc nulls last`, desc(partnerApplications.id))
        .limit(INBOX_PAGE_SIZE)
        .offset(offset),
    ]);
    return {
      kind: "mitra" as const,
      total,
      pageCount: Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE)),
      applications: rows.map((r) => ({
        ...r,
        whatsapp: whatsappHref(
          whatsappNumber(r.phone),
          greeting(r.name, shopName, `pendaftaran ${WORDS.partnerFarmers}`),
        ),
      })),
      messages: [],
    };
  }
  const where = filters.status ? eq(contactMessages.status, filters.status) : undefined;
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(contactMessages).where(where),
    db
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(sql`${contactMessages.createdAt} desc nulls last`, desc(contactMessages.id))
      .limit(INBOX_PAGE_SIZE)
      .offset(offset),
  ]);
  return {
    kind: "pesan" as const,
    total,
    pageCount: Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE)),
    applications: [],
    messages: rows.map((r) => ({
      ...r,
      whatsapp: r.phone ? whatsappHref(whatsappNumber(r.phone), greeting(r.name, shopName, "pesan")) : null,
      mailto: `mailto:${encodeURIComponent(r.email).replace(/%40/g, "@")}?subject=${encodeURIComponent(`Re: ${r.subject}`)}`,
    })),
  };
}

export const inboxStatusChangeSchema = z.object({
  kind: z.enum(INBOX_KINDS, { message: "Jenis tidak dikenal." }),
  id: uuidField("Data tidak ditemukan."),
  status: z.enum(INBOX_STATUSES, { message: "Pilih status yang tersedia." }),
});

export async function setInboxStatus(
  db: Queryable,
  actor: AdminActor,
  input: z.infer<typeof inboxStatusChangeSchema>,
): Promise<FormResult> {
  assertAdmin(actor);
  const table = input.kind === "mitra" ? partnerApplications : contactMessages;
  const [updated] = await db
    .update(table)
    .set({ status: input.status, updatedAt: new Date() })
    .where(and(eq(table.id, input.id)))
    .returning({ name: table.name });
  if (!updated) return formFailure(404, "Data tidak ditemukan.");
  const what = input.kind === "mitra" ? "Pendaftaran mitra" : "Pesan";
  return {
    ok: true,
    message: `${what} dari ${updated.name} ditandai "${INBOX_STATUS_LABELS[input.status]}".`,
  };
}
