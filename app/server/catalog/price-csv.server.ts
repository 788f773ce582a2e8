// The price board's spreadsheet round trip. 'Unduh CSV' writes the board as the shop's CSV
// (csv.server.ts: BOM, formula-neutralised text, numbers as numbers). 'Unggah CSV' reads a
// file back into a dry run, row by row ('Baru', 'Berubah', 'Tidak berubah', 'Salah' with the
// reason), and nothing is stored until 'Terapkan'. Rows are matched by slug; an empty cell
// changes nothing; a product missing from the file is never touched (its stock is not zeroed);
// unknown columns are ignored and named; a file without the slug column is refused.
import { and, asc, eq, gt, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Queryable } from "~/db/client.server";
import { catalogState, categories, products } from "~/db/schema";
import { formFailure, formSuccess, type FormResult } from "~/lib/form";
import { readWholeNumber } from "~/lib/number-input";
import { formatRupiah } from "~/lib/money";
import { WEIGHED_UNIT } from "~/lib/weight";
import { assertAdmin, type AdminActor } from "../accounts/actor.server";
import { now as clockNow } from "../clock.server";
import { csvText, parseCsv, toCsv } from "../csv.server";
import { moveStock } from "./stock-ledger.server";
import { MAX_PRICE, MAX_STOCK, loadPriceBoard, savedMessage } from "./price-board.server";
import { applyPriceChanges, type PriceChange } from "./price-changes.server";

export const CSV_COLUMNS = [
  "slug",
  "nama",
  "kategori",
  "satuan",
  "ditimbang",
  "harga",
  "diskon",
  "stok",
  "aktif",
] as const;
type Column = (typeof CSV_COLUMNS)[number] | "sku";
const KNOWN = new Set<string>([...CSV_COLUMNS, "sku"]);
const EDITABLE = ["harga", "diskon", "stok", "aktif"] as const;
export const MAX_CSV_BYTES = 2 * 1024 * 1024;
const MAX_CSV_ROWS = 20_000;

/** 'Unduh CSV': the whole board; weighed produce's stock in grams, as on the product form. */
export async function priceBoardCsv(db: Queryable, actor: AdminActor): Promise<string> {
  const rows = await loadPriceBoard(db, actor);
  return toCsv(
    [...CSV_COLUMNS],
    rows.map((r) => [
      r.slug,
      r.name,
      r.categoryName ?? "",
      r.unit,
      r.soldByWeight ? "ya" : "tidak",
      r.price,
      r.discount,
      r.stock,
      r.isActive ? "ya" : "tidak",
    ]),
  );
}

export type DryRunStatus = "Baru" | "Berubah" | "Tidak berubah" | "Salah";
export type DryRunRow = { line: number; slug: string; name: string; status: DryRunStatus; detail: string };

const existingItem = z.object({
  kind: z.literal("existing"),
  productId: z.uuid(),
  version: z.number().int().min(0),
  stock0: z.number().int().min(0),
  price: z.number().int().min(0).max(MAX_PRICE).optional(),
  discount: z.number().int().min(0).max(100).optional(),
  stock: z.number().int().min(0).max(MAX_STOCK).optional(),
  active: z.boolean().optional(),
});
const newItem = z.object({
  kind: z.literal("new"),
  slug: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
    .max(120),
  name: z.string().min(1).max(100),
  categoryId: z.uuid().nullable(),
  unit: z.string().min(1).max(30),
  soldByWeight: z.boolean(),
  price: z.number().int().min(0).max(MAX_PRICE),
  discount: z.number().int().min(0).max(100),
  stock: z.number().int().min(0).max(MAX_STOCK),
  active: z.boolean(),
});
const planSchema = z.array(z.discriminatedUnion("kind", [existingItem, newItem])).max(MAX_CSV_ROWS);
type PlanItem = z.output<typeof planSchema>[number];

export type DryRun = {
  rows: DryRunRow[];
  ignoredColumns: string[];
  counts: Record<DryRunStatus, number>;
  /** The good rows, posted back by 'Terapkan'. */
  plan: string;
  fileName: string;
};

/** The upload's form: the file itself, checked for size and kind before it is read. */
export const csvUploadSchema = z.object({
  file: z.unknown().transform((v, ctx): File => {
    if (!(v instanceof Blob) || v.size === 0) {
      ctx.addIssue({ code: "custom", message: "Pilih berkas CSV dulu." });
      return z.NEVER;
    }
    if (v.size > MAX_CSV_BYTES) {
      ctx.addIssue({ code: "custom", message: "Berkas CSV paling besar 2 MB." });
      return z.NEVER;
    }
    return v as File;
  }),
});

const YES = new Set(["ya", "y", "1", "true", "aktif", "yes"]);
const NO = new Set(["tidak", "t", "0", "false", "nonaktif", "no"]);

function readBoolean(text: string): boolean | null {
  const t = text.trim().toLowerCase();
  return YES.has(t) ? true : NO.has(t) ? false : null;
}

const FORMULA_START = /^[=+\-@]/;

/** The dry run of an uploaded file: what each row would do, and the plan of the good ones. */
export async function previewPriceCsv(
  db: Queryable,
  actor: AdminActor,
  input: z.output<typeof csvUploadSchema>,
): Promise<FormResult<{ dryRun: DryRun }>> {
  assertAdmin(actor);
  const bytes = new Uint8Array(await input.file.arrayBuffer());
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return formFailure(400, "Berkas harus CSV dengan huruf UTF-8 (simpan sebagai 'CSV UTF-8' di Excel).", {
      title: "CSV Ditolak",
    });
  }
  const { rows } = parseCsv(text);
  const [head, ...body] = rows;
  const header = (head?.cells ?? []).map((h) => csvText(h).toLowerCase());
  const index = new Map<Column, number>();
  header.forEach((name, i) => {
    if (KNOWN.has(name) && !index.has(name as Column)) index.set(name as Column, i);
  });
  if (!index.has("slug")) {
    const message = index.has("sku")
      ? "Toko ini belum memakai SKU. Pakai kolom 'slug' seperti di berkas dari 'Unduh CSV'."
      : "Baris judul tidak dikenali: kolom 'slug' tidak ada. Pakai berkas dari 'Unduh CSV' sebagai contoh (slug;nama;kategori;satuan;ditimbang;harga;diskon;stok;aktif).";
    return formFailure(400, message, { title: "CSV Ditolak" });
  }
  if (!EDITABLE.some((c) => index.has(c)))
    return formFailure(400, "Berkas tidak punya kolom harga, diskon, stok atau aktif: tidak ada yang bisa diubah.", {
      title: "CSV Ditolak",
    });
  if (body.length > MAX_CSV_ROWS)
    return formFailure(400, `Berkas berisi lebih dari ${MAX_CSV_ROWS.toLocaleString("id-ID")} baris.`, {
      title: "CSV Ditolak",
    });
  const ignoredColumns = header.filter(
    (name, i) => name !== "" && !(KNOWN.has(name) && index.get(name as Column) === i),
  );

  const slugs = body.map((r) => csvText(r.cells[index.get("slug")!] ?? "").toLowerCase()).filter(Boolean);
  const found = slugs.length
    ? await db
        .select({
          id: products.id,
          slug: products.slug,
          name: products.name,
          price: products.price,
          discount: products.discount,
          stock: products.stock,
          isActive: products.isActive,
          soldByWeight: products.soldByWeight,
          version: products.priceVersion,
        })
        .from(products)
        .where(inArray(products.slug, [...new Set(slugs)]))
    : [];
  const bySlug = new Map(found.map((p) => [p.slug, p]));
  const categoryRows = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .orderBy(asc(categories.name));
  const categoryByName = new Map(categoryRows.map((c) => [c.name.trim().toLowerCase(), c.id]));

  const out: DryRunRow[] = [];
  const plan: PlanItem[] = [];
  const seen = new Map<string, number>();
  for (const { line, cells } of body) {
    const cell = (c: Column) => (index.has(c) ? csvText(cells[index.get(c)!] ?? "") : "");
    const slug = cell("slug").toLowerCase();
    const name = cell("nama");
    const row = (status: DryRunStatus, detail: string, shownName = name) =>
      out.push({ line, slug, name: shownName, status, detail });
    if (!slug) {
      row("Salah", "Slug kosong.");
      continue;
    }
    if (seen.has(slug)) {
      row("Salah", `Slug ini sudah ada di baris ${seen.get(slug)}.`);
      continue;
    }
    seen.set(slug, line);
    const problems: string[] = [];
    const number = (c: "harga" | "diskon" | "stok") => {
      const t = cell(c);
      if (t === "") return undefined;
      const kind = c === "harga" ? ("rupiah" as const) : ("count" as const);
      const label = c === "harga" ? "Harga" : c === "diskon" ? "Diskon" : "Stok";
      const max = c === "harga" ? MAX_PRICE : c === "diskon" ? 100 : MAX_STOCK;
      const read = readWholeNumber(t, { kind, label, min: 0, max });
      if (!read.ok) {
        problems.push(`${read.message} (tertulis "${t}")`);
        return undefined;
      }
      return read.value ?? undefined;
    };
    const price = number("harga");
    const discount = number("diskon");
    const stock = number("stok");
    let active: boolean | undefined;
    if (cell("aktif") !== "") {
      const b = readBoolean(cell("aktif"));
      if (b === null) problems.push(`Aktif harus 'ya' atau 'tidak' (tertulis "${cell("aktif")}").`);
      else active = b;
    }
    const product = bySlug.get(slug);
    if (!product) {
      if (FORMULA_START.test(name)) problems.push("Nama tidak boleh diawali =, +, - atau @ (rumus spreadsheet).");
      else if (!name || name.length > 100) problems.push("Produk baru perlu nama (paling banyak 100 karakter).");
      if (price === undefined && !problems.some((p) => p.startsWith("Harga")))
        problems.push("Produk baru perlu harga.");
      if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug) || slug.length > 120)
        problems.push("Slug hanya huruf kecil, angka dan tanda hubung, mis. cabai-rawit.");
      const categoryName = cell("kategori");
      const categoryId = categoryName ? (categoryByName.get(categoryName.toLowerCase()) ?? null) : null;
      if (categoryName && !categoryId) problems.push(`Kategori "${categoryName}" tidak ada di toko.`);
      if (problems.length > 0) {
        row("Salah", problems.join(" "));
        continue;
      }
      const soldByWeight = readBoolean(cell("ditimbang")) === true;
      plan.push({
        kind: "new",
        slug,
        name,
        categoryId,
        unit: soldByWeight ? WEIGHED_UNIT : cell("satuan").slice(0, 30) || "pcs",
        soldByWeight,
        price: price!,
        discount: discount ?? 0,
        stock: stock ?? 0,
        active: active ?? true,
      });
      row("Baru", `Produk baru, harga ${formatRupiah(price!)}${stock ? `, stok ${stock}` : ""}.`);
      continue;
    }
    if (problems.length > 0) {
      row("Salah", problems.join(" "), product.name);
      continue;
    }
    const item: PlanItem = { kind: "existing", productId: product.id, version: product.version, stock0: product.stock };
    const what: string[] = [];
    if (price !== undefined && price !== product.price) {
      item.price = price;
      what.push(`Harga ${formatRupiah(product.price)} -> ${formatRupiah(price)}`);
    }
    if (discount !== undefined && discount !== product.discount) {
      item.discount = discount;
      what.push(`Diskon ${product.discount}% -> ${discount}%`);
    }
    if (stock !== undefined && stock !== product.stock) {
      item.stock = stock;
      what.push(`Stok ${product.stock} -> ${stock}`);
    }
    if (active !== undefined && active !== product.isActive) {
      item.active = active;
      what.push(active ? "Diaktifkan" : "Dinonaktifkan");
    }
    if (what.length === 0) {
      row("Tidak berubah", "Sama dengan di toko.", product.name);
      continue;
    }
    plan.push(item);
    row("Berubah", `${what.join("; ")}.`, product.name);
  }
  const counts = { Baru: 0, Berubah: 0, "Tidak berubah": 0, Salah: 0 } satisfies Record<DryRunStatus, number>;
  for (const r of out) counts[r.status]++;
  return formSuccess("Pratinjau CSV siap. Periksa, lalu tekan 'Terapkan'.", {
    dryRun: { rows: out, ignoredColumns, counts, plan: JSON.stringify(plan), fileName: input.file.name.slice(0, 120) },
  });
}

export const csvApplySchema = z.object({
  plan: z.string().transform((text, ctx) => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      value = null;
    }
    const parsed = planSchema.safeParse(value);
    if (!parsed.success) {
      ctx.addIssue({ code: "custom", message: "Pratinjau CSV tidak terbaca. Unggah berkasnya lagi." });
      return z.NEVER;
    }
    return parsed.data;
  }),
});

class CsvRefused extends Error {
  constructor(readonly result: FormResult) {
    super("refused");
  }
}

/**
 * 'Terapkan': the dry run's good rows, in one transaction, or nothing when the board moved
 * meanwhile; new products and changed ones together step the catalog version once.
 */
export async function applyPriceCsv(
  db: Queryable,
  actor: AdminActor,
  input: z.output<typeof csvApplySchema>,
): Promise<FormResult> {
  assertAdmin(actor);
  const at = clockNow();
  if (input.plan.length === 0)
    return formFailure(400, "Tidak ada baris yang bisa diterapkan.", { title: "CSV Belum Diterapkan" });
  const existing = input.plan.filter((p) => p.kind === "existing");
  const fresh = input.plan.filter((p) => p.kind === "new");
  const changes: PriceChange[] = existing.map((p) => ({
    productId: p.productId,
    version: p.version,
    price: p.price,
    discount: p.discount,
    active: p.active,
    stockDelta: p.stock === undefined ? undefined : p.stock - p.stock0,
  }));
  try {
    return await db.transaction(async (tx) => {
      let created = 0;
      let steppedTo: number | null = null;
      if (fresh.length > 0) {
        const inserted = await tx
          .insert(products)
          .values(
            fresh.map((p) => ({
              name: p.name,
              slug: p.slug,
              price: p.price,
              discount: p.discount,
              unit: p.unit,
              soldByWeight: p.soldByWeight,
              categoryId: p.categoryId,
              isActive: p.active,
            })),
          )
          .onConflictDoNothing({ target: products.slug })
          .returning({ id: products.id, slug: products.slug });
        if (inserted.length !== fresh.length)
          throw new CsvRefused(
            formFailure(409, "Sebagian produk baru sudah dibuat orang lain. Unggah berkasnya lagi.", {
              title: "CSV Belum Diterapkan",
            }),
          );
        const stockOf = new Map(fresh.map((p) => [p.slug, p.stock]));
        const initial = inserted.filter((p) => (stockOf.get(p.slug) ?? 0) > 0);
        if (initial.length > 0)
          await moveStock(
            tx,
            initial.map((p) => ({
              productId: p.id,
              delta: stockOf.get(p.slug)!,
              reason: "initial" as const,
              changedBy: actor.id,
            })),
          );
        created = inserted.length;
        // The insert stepped the catalog version (its trigger runs per statement); the price
        // update below steps it again. Nobody outside this transaction can see the value in
        // between (the insert holds the version's row), so the apply settles back to this one step.
        [{ version: steppedTo }] = await tx
          .select({ version: catalogState.version })
          .from(catalogState)
          .where(eq(catalogState.id, 1));
      }
      const outcome = await applyPriceChanges(tx, changes, { actorId: actor.id, source: "csv", now: at });
      if (!outcome.ok) {
        const names = await tx
          .select({ id: products.id, name: products.name })
          .from(products)
          .where(inArray(products.id, [...outcome.rows.keys()]));
        const named = names.map((n) => `${n.name}: ${outcome.rows.get(n.id)}`).join(" ");
        throw new CsvRefused(
          formFailure(409, `Tidak ada yang diterapkan. ${named}`, { title: "CSV Belum Diterapkan" }),
        );
      }
      if (steppedTo !== null)
        await tx
          .update(catalogState)
          .set({ version: steppedTo })
          .where(and(eq(catalogState.id, 1), gt(catalogState.version, steppedTo)));
      if (created === 0) return formSuccess(savedMessage(outcome, null));
      const changed = outcome.priced + outcome.stocked > 0 ? ` ${savedMessage(outcome, null)}` : "";
      return formSuccess(`${created} produk baru dibuat.${changed}`);
    });
  } catch (error) {
    if (error instanceof CsvRefused) return error.result;
    throw error;
  }
}
