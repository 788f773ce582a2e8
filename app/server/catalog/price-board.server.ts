// 'Harga Hari Ini' (/admin/prices): every product on one screen, for the owner and staff.
// The page posts every row as a plain form (it works without scripts); a row counts as
// changed when what is typed differs from what the page showed, and only changed rows are
// saved, together, by `applyPriceChanges` (price-changes.server.ts).
import { and, asc, desc, eq, gte, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Queryable } from "~/db/client.server";
import { categories, priceChanges, products, scheduledPrices, users } from "~/db/schema";
import { addDays, shopDate, shopInstant } from "~/lib/dates";
import { formFailure, formSuccess, isUuid, type FieldErrors, type FormResult } from "~/lib/form";
import { readWholeNumber } from "~/lib/number-input";
import { assertAdmin, type AdminActor } from "../accounts/actor.server";
import { now as clockNow } from "../clock.server";
import { log } from "../logger.server";
import { applyPriceChanges, type PriceChange } from "./price-changes.server";

export const MAX_PRICE = 100_000_000;
export const MAX_STOCK = 1_000_000;
/** The default 'Berlaku mulai': tomorrow at this hour, Jakarta. */
export const DEFAULT_EFFECTIVE_TIME = "04:00";
/** A price may be set this many days ahead at most. */
const MAX_DAYS_AHEAD = 60;

export type BoardRow = {
  id: string;
  name: string;
  slug: string;
  categoryName: string | null;
  unit: string;
  soldByWeight: boolean;
  price: number;
  discount: number;
  stock: number;
  isActive: boolean;
  version: number;
  scheduled: { price: number; discount: number; effectiveAt: Date } | null;
};

const boardColumns = {
  id: products.id,
  name: products.name,
  slug: products.slug,
  categoryName: categories.name,
  unit: products.unit,
  soldByWeight: products.soldByWeight,
  price: products.price,
  discount: products.discount,
  stock: products.stock,
  isActive: products.isActive,
  version: products.priceVersion,
  scheduledPrice: scheduledPrices.price,
  scheduledDiscount: scheduledPrices.discount,
  effectiveAt: scheduledPrices.effectiveAt,
};

/** The board's order: by category (products without one last), by name inside each. */
const boardOrder = [sql`${categories.name} asc nulls last`, sql`lower(${products.name})`, asc(products.id)];

type BoardRead = Omit<BoardRow, "scheduled"> & {
  scheduledPrice: number | null;
  scheduledDiscount: number | null;
  effectiveAt: Date | null;
};

function boardRow({ scheduledPrice, scheduledDiscount, effectiveAt, ...row }: BoardRead): BoardRow {
  return {
    ...row,
    scheduled:
      scheduledPrice !== null && scheduledDiscount !== null && effectiveAt !== null
        ? { price: scheduledPrice, discount: scheduledDiscount, effectiveAt }
        : null,
  };
}

/** Every product in the board's order ('Unduh CSV'). */
export async function loadPriceBoard(db: Queryable, actor: AdminActor): Promise<BoardRow[]> {
  assertAdmin(actor);
  const rows = await db
    .select(boardColumns)
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(scheduledPrices, and(eq(scheduledPrices.productId, products.id), isNull(scheduledPrices.appliedAt)))
    .orderBy(...boardOrder);
  return rows.map(boardRow);
}

/** Rows one page of the board shows at most: a shop of 10,000 products is read a screen at a time. */
export const BOARD_PAGE_SIZE = 100;
/** The category chooser's value for products without a category. */
export const NO_CATEGORY = "tanpa-kategori";

export type BoardCategory = { slug: string; name: string; count: number };

export type BoardPage = {
  rows: BoardRow[];
  /** Every product of the shop. */
  total: number;
  /** The products the chosen category and search match (all pages). */
  matched: number;
  categories: BoardCategory[];
  /** The chosen category's slug, or null for all of them. */
  category: string | null;
  query: string;
  /** 1-based, within `pages`. */
  page: number;
  pages: number;
};

export type BoardFilter = { category?: string | null; query?: string; page?: number };

/**
 * One screen of the board: the products of one category (or all), a search by name or slug
 * across every category, at most `BOARD_PAGE_SIZE` rows, in the board's order. Two queries:
 * the page's rows with the count of all that match, and the category chooser with its counts.
 */
export async function loadPriceBoardPage(db: Queryable, actor: AdminActor, filter: BoardFilter): Promise<BoardPage> {
  assertAdmin(actor);
  const query = (filter.query ?? "").trim().slice(0, 100);
  const category = filter.category ? filter.category : null;
  const wanted = Math.max(1, Math.floor(filter.page ?? 1) || 1);
  const pattern = `%${query.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = and(
    category === NO_CATEGORY ? isNull(products.categoryId) : category ? eq(categories.slug, category) : undefined,
    query ? sql`(lower(${products.name}) like ${pattern} or ${products.slug} like ${pattern})` : undefined,
  );
  const read = (page: number) =>
    db
      .select({ ...boardColumns, matched: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(scheduledPrices, and(eq(scheduledPrices.productId, products.id), isNull(scheduledPrices.appliedAt)))
      .where(where)
      .orderBy(...boardOrder)
      .limit(BOARD_PAGE_SIZE)
      .offset((page - 1) * BOARD_PAGE_SIZE);
  const [first, counts] = await Promise.all([
    read(wanted),
    db
      .select({ slug: categories.slug, name: categories.name, count: sql<number>`count(*)`.mapWith(Number) })
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .groupBy(categories.slug, categories.name)
      .orderBy(sql`${categories.name} asc nulls last`),
  ]);
  // A page past the end (the list shrank since the link was made) shows the last one.
  let rows = first;
  let page = wanted;
  if (rows.length === 0 && wanted > 1) {
    const firstPage = await read(1);
    page = Math.max(1, Math.ceil((firstPage[0]?.matched ?? 0) / BOARD_PAGE_SIZE));
    rows = page === 1 ? firstPage : await read(page);
  }
  const matched = rows[0]?.matched ?? 0;
  return {
    rows: rows.map(({ matched: _, ...row }) => boardRow(row)),
    total: counts.reduce((sum, c) => sum + c.count, 0),
    matched,
    categories: counts.map((c) => ({
      slug: c.slug ?? NO_CATEGORY,
      name: c.name ?? "Tanpa Kategori",
      count: c.count,
    })),
    category,
    query,
    page,
    pages: Math.max(1, Math.ceil(matched / BOARD_PAGE_SIZE)),
  };
}

export type PriceHistoryEntry = {
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
  scheduledFor: Date | null;
  changedByName: string | null;
  createdAt: Date;
};

/** 'Riwayat Harga': the newest changes of one product, or of the whole board; `since` limits it in time. */
export async function listPriceHistory(
  db: Queryable,
  actor: AdminActor,
  { productId, limit = 30, since }: { productId?: string; limit?: number; since?: Date } = {},
): Promise<PriceHistoryEntry[]> {
  assertAdmin(actor);
  return db
    .select({
      id: priceChanges.id,
      productId: priceChanges.productId,
      productName: products.name,
      priceBefore: priceChanges.priceBefore,
      priceAfter: priceChanges.priceAfter,
      discountBefore: priceChanges.discountBefore,
      discountAfter: priceChanges.discountAfter,
      activeBefore: priceChanges.activeBefore,
      activeAfter: priceChanges.activeAfter,
      source: priceChanges.source,
      scheduledFor: priceChanges.scheduledFor,
      changedByName: users.name,
      createdAt: priceChanges.createdAt,
    })
    .from(priceChanges)
    .innerJoin(products, eq(products.id, priceChanges.productId))
    .leftJoin(users, eq(users.id, priceChanges.changedBy))
    .where(
      and(
        productId ? eq(priceChanges.productId, productId) : undefined,
        since ? gte(priceChanges.createdAt, since) : undefined,
      ),
    )
    .orderBy(desc(priceChanges.createdAt), desc(priceChanges.id))
    .limit(limit);
}

/** The 'Berlaku mulai' the page offers first: tomorrow 04:00 in Jember. */
export function defaultEffective(at: Date = clockNow()): { date: string; time: string } {
  return { date: addDays(shopDate(at), 1), time: DEFAULT_EFFECTIVE_TIME };
}

// ---------------------------------------------------------------- the posted board

/** What a row posts: what the page showed (`*0`, the version) and what is typed now. */
export type PostedRow = {
  id: string;
  version: number;
  price0: number;
  discount0: number;
  stock0: number;
  active0: boolean;
  price: string;
  discount: string;
  stock: string;
  active: boolean;
};

/** A row's field names: `price:<id>`, `discount:<id>`, `stock:<id>`, `active:<id>`, and the shown values. */
export const rowField = (field: "price" | "discount" | "stock" | "active" | "row", id: string) => `${field}:${id}`;

const whole = (v: unknown) => (typeof v === "string" && /^\d{1,15}$/.test(v) ? Number(v) : null);

/** The board's form: the rows (ids from `version:<id>`) and when the prices take effect. */
export const boardSaveSchema = z.record(z.string(), z.unknown()).transform((fields, ctx) => {
  const rows: PostedRow[] = [];
  for (const key of Object.keys(fields)) {
    const m = /^version:(.+)$/.exec(key);
    if (!m) continue;
    const id = m[1];
    const version = whole(fields[key]);
    const price0 = whole(fields[`price0:${id}`]);
    const discount0 = whole(fields[`discount0:${id}`]);
    const stock0 = whole(fields[`stock0:${id}`]);
    if (!isUuid(id) || version === null || price0 === null || discount0 === null || stock0 === null) {
      ctx.addIssue({ code: "custom", path: ["form"], message: "Data halaman tidak lengkap. Muat ulang halaman." });
      return z.NEVER;
    }
    const text = (name: string) => {
      const v = fields[`${name}:${id}`];
      return typeof v === "string" ? v.slice(0, 40) : "";
    };
    rows.push({
      id,
      version,
      price0,
      discount0,
      stock0,
      active0: fields[`active0:${id}`] === "1",
      price: text("price"),
      discount: text("discount"),
      stock: text("stock"),
      active: fields[`active:${id}`] === "on" || fields[`active:${id}`] === "1",
    });
  }
  const when = fields.when === "later" ? "later" : "now";
  const effectiveDate = typeof fields.effectiveDate === "string" ? fields.effectiveDate : "";
  const effectiveTime = typeof fields.effectiveTime === "string" ? fields.effectiveTime : "";
  return { rows, when, effectiveDate, effectiveTime } as const;
});
export type BoardSave = z.output<typeof boardSaveSchema>;

/** The 'Berlaku mulai' instant, or the message for the field. */
function readEffective(input: BoardSave, at: Date): { ok: true; value: Date | null } | { ok: false; message: string } {
  if (input.when === "now") return { ok: true, value: null };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.effectiveDate) || !/^([01]\d|2[0-3]):[0-5]\d$/.test(input.effectiveTime))
    return { ok: false, message: "Isi tanggal dan jam 'Berlaku mulai', mis. besok 04:00." };
  const instant = shopInstant(input.effectiveDate, input.effectiveTime);
  if (Number.isNaN(instant.getTime())) return { ok: false, message: "Tanggal 'Berlaku mulai' tidak valid." };
  if (instant <= at) return { ok: false, message: "'Berlaku mulai' harus nanti, bukan waktu yang sudah lewat." };
  if (instant.getTime() - at.getTime() > MAX_DAYS_AHEAD * 86_400_000)
    return { ok: false, message: `'Berlaku mulai' paling lama ${MAX_DAYS_AHEAD} hari dari sekarang.` };
  return { ok: true, value: instant };
}

/** The changed rows as changes, or each bad cell's message (keyed by its field name). */
export function readPostedRows(rows: readonly PostedRow[]): { changes: PriceChange[]; errors: FieldErrors } {
  const changes: PriceChange[] = [];
  const errors: FieldErrors = {};
  for (const row of rows) {
    const change: PriceChange = { productId: row.id, version: row.version };
    const price = readWholeNumber(row.price, { kind: "rupiah", label: "Harga", min: 0, max: MAX_PRICE });
    if (!price.ok) errors[rowField("price", row.id)] = price.message;
    else if (price.value !== row.price0) change.price = price.value!;
    const discount = readWholeNumber(row.discount, {
      kind: "count",
      label: "Diskon",
      min: 0,
      max: 100,
      empty: 0,
      outOfRange: "Diskon harus 0 sampai 100 (persen).",
    });
    if (!discount.ok) errors[rowField("discount", row.id)] = discount.message;
    else if (discount.value !== row.discount0) change.discount = discount.value!;
    const stock = readWholeNumber(row.stock, { kind: "count", label: "Stok", min: 0, max: MAX_STOCK });
    if (!stock.ok) errors[rowField("stock", row.id)] = stock.message;
    else if (stock.value !== row.stock0) change.stockDelta = stock.value! - row.stock0;
    if (row.active !== row.active0) change.active = row.active;
    const changed =
      change.price !== undefined ||
      change.discount !== undefined ||
      change.stockDelta !== undefined ||
      change.active !== undefined;
    if (changed) changes.push(change);
  }
  return { changes, errors };
}

/** 'Simpan Semua': every changed row at once, or nothing, with a message per refused row. */
export async function saveBoard(db: Queryable, actor: AdminActor, input: BoardSave): Promise<FormResult> {
  assertAdmin(actor);
  const at = clockNow();
  const { changes, errors } = readPostedRows(input.rows);
  const effective = readEffective(input, at);
  if (!effective.ok) errors.effectiveDate = effective.message;
  if (Object.keys(errors).length > 0)
    return formFailure(400, "Periksa isian yang ditandai. Belum ada yang disimpan.", {
      title: "Harga Belum Disimpan",
      fieldErrors: errors,
    });
  if (changes.length === 0) return formFailure(400, "Belum ada yang diubah.", { title: "Harga Belum Disimpan" });
  const started = performance.now();
  const outcome = await applyPriceChanges(db, changes, {
    actorId: actor.id,
    source: "board",
    now: at,
    effectiveAt: effective.ok ? effective.value : null,
  });
  if (!outcome.ok) {
    const fieldErrors: FieldErrors = {};
    for (const [id, message] of outcome.rows) fieldErrors[rowField("row", id)] = message;
    return formFailure(409, savedNothing(outcome.kind, outcome.rows.size), {
      title: "Harga Belum Disimpan",
      fieldErrors,
    });
  }
  log.info("price board saved", { by: actor.id, rows: changes.length, ms: Math.round(performance.now() - started) });
  return formSuccess(savedMessage(outcome, effective.ok ? effective.value : null));
}

function savedNothing(kind: "collision" | "stock", count: number): string {
  return kind === "collision"
    ? `${count} produk sudah diubah orang lain sejak halaman dibuka. Tidak ada yang disimpan: muat ulang halaman, lalu ubah lagi.`
    : `Stok ${count} produk tidak cukup untuk dikurangi. Tidak ada yang disimpan.`;
}

export function savedMessage(
  outcome: { priced: number; scheduled: number; stocked: number },
  effectiveAt: Date | null,
): string {
  const parts: string[] = [];
  if (outcome.priced > 0) parts.push(`${outcome.priced} harga diperbarui`);
  if (outcome.scheduled > 0 && effectiveAt)
    parts.push(
      `${outcome.scheduled} harga berlaku mulai ${new Intl.DateTimeFormat("id-ID", {
        timeZone: "Asia/Jakarta",
        dateStyle: "medium",
        timeStyle: "short",
      }).format(effectiveAt)}`,
    );
  if (outcome.stocked > 0) parts.push(`${outcome.stocked} stok diperbarui`);
  return parts.length > 0 ? `Tersimpan: ${parts.join(", ")}.` : "Tidak ada perubahan.";
}

export const unscheduleSchema = z.object({
  productId: z.string().refine(isUuid, "Produk tidak ditemukan."),
});

/** 'Batalkan': a waiting price is dropped; today's price stays. */
export async function cancelScheduledPrice(
  db: Queryable,
  actor: AdminActor,
  input: z.output<typeof unscheduleSchema>,
): Promise<FormResult> {
  assertAdmin(actor);
  const removed = await db
    .delete(scheduledPrices)
    .where(and(eq(scheduledPrices.productId, input.productId), isNull(scheduledPrices.appliedAt)))
    .returning({ id: scheduledPrices.id });
  if (removed.length === 0) return formFailure(404, "Harga terjadwal itu sudah tidak ada. Muat ulang halaman.");
  return formSuccess("Harga terjadwal dibatalkan.");
}
