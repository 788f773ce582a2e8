// The catalogue as staff manage it: products (with their images and every stock change
// recorded), hiding, deleting, and categories.
import { and, asc, count, desc, eq, ilike, ne, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { uuidField } from "~/lib/form-schema";
import type { Queryable } from "~/db/client.server";
import { moveStock } from "./stock-ledger.server";
import { assertOwner, type AdminActor } from "../accounts/actor.server";
import { categories, orderItems, priceChanges, products, stockAdjustments, users } from "~/db/schema";
import { log } from "../logger.server";
import { deleteImageVariants } from "../uploads/image-variants.server";
import { decodeImage } from "../uploads/image-decode.server";
import { getStorage, keyOfPublicUrl, publicUrlOf, randomKey } from "../uploads/storage.server";
import { normalizeQuery } from "~/lib/catalog-filters";
import {
  CONTROL_CHARACTER_MESSAGE,
  hasNoControlCharacters,
  isSingleLineText,
  SINGLE_LINE_MESSAGE,
} from "~/lib/form-text";
import { formFailure, formSuccess, isUuid, type FieldErrors, type FormResult } from "~/lib/form";
import { DEFAULT_WEIGHT_STEP_GRAMS, MAX_LINE_GRAMS, parseKg, WEIGHED_UNIT } from "~/lib/weight";
import { parseLowStockThreshold } from "~/lib/low-stock";
import { optionalWholeNumberField, wholeNumberField, type WholeNumberKind } from "~/lib/number-input";
import { supplierExists } from "./suppliers.server";
import { likePattern, likePrefix } from "~/lib/vocab/like-patterns";

export const ADMIN_PRODUCTS_PAGE_SIZE = 25;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_PRICE = 100_000_000;
export const MAX_STOCK = 1_000_000;

// ---------------------------------------------------------------- slugs

/** "Cabai Rawit Merah (250 g)" -> "cabai-rawit-merah-250-g". */
export function slugify(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " dan ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
  return slug;
}

/** The slug itself when free, else the first free one of slug-2, slug-3, ... */
async function uniqueSlug(db: Queryable, table: typeof products | typeof categories, base: string): Promise<string> {
  const taken = new Set(
    (
      await db
        .select({ slug: table.slug })
        .from(table)
        .where(or(eq(table.slug, base), sql`${table.slug} like ${likePrefix(`${base}-`)}`))
    ).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as {
    code?: string;
    constraint?: string;
    cause?: { code?: string; constraint?: string };
  };
  const code = e?.code ?? e?.cause?.code;
  const name = e?.constraint ?? e?.cause?.constraint ?? "";
  return code === "23505" && (name === "" || name.includes(constraint));
}

// ---------------------------------------------------------------- reading

export const productListSchema = z.object({
  q: z.string().transform(normalizeQuery).catch("").default(""),
  show: z.enum(["semua", "aktif", "tersembunyi"]).catch("semua").default("semua"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});
export type ProductListFilters = z.infer<typeof productListSchema>;

export function parseProductListFilters(params: URLSearchParams): ProductListFilters {
  return productListSchema.parse(Object.fromEntries([...params.entries()].filter(([, v]) => v !== "")));
}

/** Every product, hidden ones included, newest changes first. */
export async function listProductsForAdmin(db: Queryable, actor: AdminActor, filters: ProductListFilters) {
  assertOwner(actor);
  const where = and(
    filters.q ? ilike(products.name, likePattern(filters.q)) : undefined,
    filters.show === "aktif"
      ? eq(products.isActive, true)
      : filters.show === "tersembunyi"
        ? eq(products.isActive, false)
        : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(products).where(where);
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_PRODUCTS_PAGE_SIZE));
  const page = Math.min(filters.page, pageCount);
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      price: products.price,
      unit: products.unit,
      discount: products.discount,
      stock: products.stock,
      soldByWeight: products.soldByWeight,
      featured: products.featured,
      imageUrl: products.imageUrl,
      isActive: products.isActive,
      categoryName: categories.name,
    })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(where)
    .orderBy(asc(products.name), asc(products.id))
    .limit(ADMIN_PRODUCTS_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PRODUCTS_PAGE_SIZE);
  return { products: rows, total, page, pageCount };
}

export async function listCategoryOptions(db: Queryable, actor: AdminActor) {
  assertOwner(actor);
  return db.select({ id: categories.id, name: categories.name }).from(categories).orderBy(asc(categories.name));
}

export async function getProductForAdmin(db: Queryable, actor: AdminActor, id: string) {
  assertOwner(actor);
  if (!isUuid(id)) return null;
  const [product] = await db.select().from(products).where(eq(products.id, id));
  if (!product) return null;
  const [[{ orderLines }], adjustments] = await Promise.all([
    db.select({ orderLines: count() }).from(orderItems).where(eq(orderItems.productId, id)),
    db
      .select({
        id: stockAdjustments.id,
        delta: stockAdjustments.delta,
        stockAfter: stockAdjustments.stockAfter,
        reason: stockAdjustments.reason,
        orderId: stockAdjustments.orderId,
        note: stockAdjustments.note,
        createdAt: stockAdjustments.createdAt,
        changedByName: users.name,
      })
      .from(stockAdjustments)
      .leftJoin(users, eq(users.id, stockAdjustments.changedBy))
      .where(eq(stockAdjustments.productId, id))
      .orderBy(desc(stockAdjustments.createdAt), desc(stockAdjustments.id))
      .limit(15),
  ]);
  return { product, orderLines, adjustments };
}

// ---------------------------------------------------------------- product form

/** A typed price, discount or stock; an optional field left empty is `empty`. */
function wholeNumber(
  label: string,
  {
    kind,
    required,
    min,
    max,
    empty = 0,
  }: { kind: WholeNumberKind; required: boolean; min: number; max: number; empty?: number },
) {
  if (required) return wholeNumberField({ kind, label, min, max });
  return optionalWholeNumberField({ kind, label, min, max }).transform((v) => v ?? empty);
}

/** A weight typed in kg ('0,25' or '0.25') to integer grams, 1 g to 50 kg; empty means `empty`. */
function kilograms(label: string, empty: number) {
  return z
    .string()
    .optional()
    .transform((v, ctx) => {
      const text = (v ?? "").trim();
      if (text === "") return empty;
      const grams = parseKg(text);
      if (grams === null || grams < 1 || grams > MAX_LINE_GRAMS) {
        ctx.addIssue({ code: "custom", message: `${label} tidak valid. Tulis dalam kg, mis. 0,25 (paling besar 50).` });
        return z.NEVER;
      }
      return grams;
    });
}

/** A checkbox as a form posts it: "on" when ticked, nothing otherwise. */
const checkbox = z.preprocess((v) => v === "on" || v === "true" || v === "1", z.boolean());

export const productFormSchema = z.object({
  name: z
    .string({ message: "Nama produk wajib diisi." })
    .trim()
    .min(1, "Nama produk wajib diisi.")
    .max(100, "Nama produk maksimal 100 karakter.")
    .refine(isSingleLineText, SINGLE_LINE_MESSAGE),
  price: wholeNumber("Harga", { kind: "rupiah", required: true, min: 0, max: MAX_PRICE }),
  unit: z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim() || "pcs")
    .pipe(z.string().max(30, "Satuan maksimal 30 karakter.").refine(isSingleLineText, SINGLE_LINE_MESSAGE)),
  discount: wholeNumber("Diskon", { kind: "count", required: false, min: 0, max: 100 }),
  stock: wholeNumber("Stok", { kind: "count", required: true, min: 0, max: MAX_STOCK }),
  featured: checkbox,
  // Sold by weight: the price is per kg, the stock is grams, step and minimum typed in kg.
  soldByWeight: checkbox,
  weightStep: kilograms("Kelipatan berat", DEFAULT_WEIGHT_STEP_GRAMS),
  weightMin: kilograms("Berat minimum", DEFAULT_WEIGHT_STEP_GRAMS),
  categoryId: z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim() || null)
    .pipe(uuidField("Kategori tidak ditemukan.").nullable()),
  // The 'Petani Mitra' who grows it; empty for none.
  supplierId: z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim() || null)
    .pipe(uuidField("Petani tidak ditemukan.").nullable()),
  // 'Batas Stok Menipis' as typed; read for the kind of product by `lowStockColumn`.
  lowStockThreshold: z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim())
    .pipe(z.string().max(20, "Batas stok menipis terlalu panjang.")),
  description: z
    .string()
    .optional()
    .transform((v) => (v ?? "").replace(/\r\n/g, "\n").trim())
    .pipe(
      z
        .string()
        .max(3000, "Deskripsi maksimal 3.000 karakter.")
        .refine(hasNoControlCharacters, CONTROL_CHARACTER_MESSAGE),
    ),
});
export type ProductFormInput = z.infer<typeof productFormSchema>;

/** What is stored for a product: produce sold by weight is always priced 'per kg'. */
function weightColumns(input: ProductFormInput) {
  return {
    unit: input.soldByWeight ? WEIGHED_UNIT : input.unit,
    soldByWeight: input.soldByWeight,
    weightStep: input.weightStep,
    weightMin: Math.max(input.weightMin, input.weightStep),
  };
}

/** 'Batas Stok Menipis' in the unit of the stock (null: the default), or the field's message. */
function lowStockColumn(input: ProductFormInput): { ok: true; value: number | null } | { ok: false; message: string } {
  return parseLowStockThreshold(input.lowStockThreshold, input.soldByWeight);
}

/**
 * What the form names besides its own fields: a category and a farmer that exist, and a
 * low-stock limit that fits the kind of product. Field messages, empty when all is well.
 */
async function checkProductReferences(db: Queryable, input: ProductFormInput): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const [categoryFound, supplierFound] = await Promise.all([
    categoryExists(db, input.categoryId),
    supplierExists(db, input.supplierId),
  ]);
  if (!categoryFound) errors.categoryId = "Kategori tidak ditemukan.";
  if (!supplierFound) errors.supplierId = "Petani tidak ditemukan. Mungkin sudah dihapus.";
  const lowStock = lowStockColumn(input);
  if (!lowStock.ok) errors.lowStockThreshold = lowStock.message;
  return errors;
}

/** The farmer and the low-stock limit as stored (the limit already checked by `checkProductReferences`). */
function productLinkColumns(input: ProductFormInput) {
  const lowStock = lowStockColumn(input);
  return { supplierId: input.supplierId, lowStockThreshold: lowStock.ok ? lowStock.value : null };
}

/** The photo as the form sends it: none (an empty file input), or a file of at most 5 MB. */
const imageField = z
  .unknown()
  .optional()
  .transform((v, ctx): File | null => {
    if (v === undefined || v === null || v === "") return null;
    if (typeof v === "string") {
      ctx.addIssue({ code: "custom", message: "Unggah gambar sebagai berkas." });
      return z.NEVER;
    }
    if (!(v instanceof Blob)) return null;
    if (v.size === 0) return null;
    if (v.size > MAX_IMAGE_BYTES) {
      ctx.addIssue({ code: "custom", message: "Ukuran gambar maksimal 5 MB." });
      return z.NEVER;
    }
    return v as File;
  });

/** 'Tambah Produk': the product's fields and its photo, parsed by the route. */
export const productCreateSchema = productFormSchema.extend({ image: imageField });
export type ProductInput = z.output<typeof productCreateSchema>;

/** 'Simpan Produk': the same, with the stock the page showed and whether to drop the photo. */
export const productUpdateSchema = productCreateSchema.extend({
  // The stock when the page was opened; missing or odd means the stock field is taken as typed.
  stockBefore: z
    .unknown()
    .optional()
    .transform((v) => (typeof v === "string" && /^\d+$/.test(v) ? Number(v) : null)),
  removeImage: checkbox,
});
export type ProductUpdate = z.output<typeof productUpdateSchema>;

/** The text fields of a product form, echoed back after an error so nothing typed is lost. */
export const PRODUCT_FORM_FIELDS = [
  "name",
  "price",
  "unit",
  "discount",
  "stock",
  "featured",
  "soldByWeight",
  "categoryId",
  "supplierId",
  "lowStockThreshold",
  "description",
  "stockBefore",
  "weightStep",
  "weightMin",
] as const;

/** The summary of a product form refused field by field. */
export const CHECK_MARKED = "Periksa lagi isian yang ditandai.";

/**
 * Stores an uploaded image under a random name after checking what it really is: its header
 * first (type, size and shape), then decoded by sharp and written again in its own format, so
 * whatever came after a real image's first bytes (HTML, a truncated file, metadata such as
 * the phone's location) is gone.
 */
async function storeImage(image: File): Promise<{ ok: true; key: string } | { ok: false; message: string }> {
  if (image.size > MAX_IMAGE_BYTES) return { ok: false, message: "Ukuran gambar maksimal 5 MB." };
  const decoded = await decodeImage(
    Buffer.from(await image.arrayBuffer()),
    (decoder, { ext }) => {
      const upright = decoder.rotate();
      return ext === "jpg"
        ? upright.jpeg({ quality: 88, mozjpeg: true })
        : ext === "png"
          ? upright.png({ compressionLevel: 9 })
          : upright.webp({ quality: 85 });
    },
    "product image",
  );
  if (!decoded.ok) return decoded;
  const key = randomKey("products", decoded.header.ext);
  await getStorage().put(key, decoded.data);
  return { ok: true, key };
}

async function forgetImage(url: string | null | undefined) {
  const key = keyOfPublicUrl(url);
  if (!key) return;
  try {
    // The resized copies first: a copy must never outlive its original.
    await deleteImageVariants(key);
    await getStorage().delete(key);
  } catch (error) {
    log.warn("could not delete an uploaded image", { key, error });
  }
}

async function categoryExists(db: Queryable, id: string | null): Promise<boolean> {
  if (!id) return true;
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
  return Boolean(row);
}

/** What is stored for a product from its form, the same when it is created and when it is edited. */
function productColumns(input: ProductFormInput, imageUrl: string | null) {
  return {
    name: input.name,
    price: input.price,
    ...weightColumns(input),
    discount: input.discount,
    featured: input.featured,
    categoryId: input.categoryId,
    ...productLinkColumns(input),
    description: input.description,
    imageUrl,
  };
}

/**
 * What creating and editing a product share: the category and links checked, a new photo
 * stored, the save run with the photo's address, and the photo forgotten again when the save
 * is refused or fails.
 */
async function saveProduct<T extends object>(
  db: Queryable,
  input: ProductInput,
  save: (newImageUrl: string | null) => Promise<FormResult<T>>,
): Promise<FormResult<T>> {
  const referenceErrors = await checkProductReferences(db, input);
  if (Object.keys(referenceErrors).length > 0) return formFailure(400, CHECK_MARKED, { fieldErrors: referenceErrors });
  let newImageUrl: string | null = null;
  if (input.image) {
    const stored = await storeImage(input.image);
    if (!stored.ok) return formFailure(400, CHECK_MARKED, { fieldErrors: { image: stored.message } });
    newImageUrl = publicUrlOf(stored.key);
  }
  let result: FormResult<T>;
  try {
    result = await save(newImageUrl);
  } catch (error) {
    if (newImageUrl) await forgetImage(newImageUrl);
    throw error;
  }
  if (!result.ok && newImageUrl) await forgetImage(newImageUrl);
  return result;
}

export async function createProduct(
  db: Queryable,
  actor: AdminActor,
  input: ProductInput,
): Promise<FormResult<{ id: string }>> {
  assertOwner(actor);
  const base = slugify(input.name) || "produk";
  return saveProduct(db, input, async (imageUrl) => {
    // A second admin may take the same slug at the same moment: try the next one then.
    for (let attempt = 0; ; attempt++) {
      try {
        const id = await db.transaction(async (tx) => {
          const slug = await uniqueSlug(tx, products, base);
          const [created] = await tx
            .insert(products)
            .values({ ...productColumns(input, imageUrl), slug, stock: 0 })
            .returning({ id: products.id });
          if (input.stock !== 0)
            await moveStock(tx, { productId: created.id, delta: input.stock, reason: "initial", changedBy: actor.id });
          return created.id;
        });
        return formSuccess(`Produk "${input.name}" ditambahkan.`, { id });
      } catch (error) {
        if (attempt < 3 && isUniqueViolation(error, "slug")) continue;
        throw error;
      }
    }
  });
}

export async function updateProduct(
  db: Queryable,
  actor: AdminActor,
  id: string,
  input: ProductUpdate,
): Promise<FormResult> {
  assertOwner(actor);
  if (!isUuid(id)) return formFailure(404, "Produk tidak ditemukan.");
  // Before a new photo is decoded: no image work for a product that is not there.
  const [exists] = await db.select({ id: products.id }).from(products).where(eq(products.id, id));
  if (!exists) return formFailure(404, "Produk tidak ditemukan.");
  const replaced = { imageUrl: null as string | null };
  const result = await saveProduct(db, input, (newImageUrl) =>
    db.transaction(async (tx): Promise<FormResult> => {
      const [current] = await tx.select().from(products).where(eq(products.id, id)).for("update");
      if (!current) return formFailure(404, "Produk tidak ditemukan.");
      // Orders take stock while the form is open. An untouched stock field keeps whatever
      // the stock is now; a changed one made from a stale number is refused, not applied.
      const { stockBefore } = input;
      const stockTouched = stockBefore === null || input.stock !== stockBefore;
      const newStock = stockTouched ? input.stock : current.stock;
      if (stockTouched && stockBefore !== null && stockBefore !== current.stock) {
        return formFailure(409, "Stok berubah sejak halaman ini dibuka.", {
          fieldErrors: {
            stock: `Stok sekarang ${current.stock} (berubah sejak halaman ini dibuka, mungkin karena pesanan baru). Periksa lagi lalu simpan.`,
          },
        });
      }
      const imageUrl = newImageUrl ?? (input.removeImage ? null : current.imageUrl);
      await tx
        .update(products)
        .set({ ...productColumns(input, imageUrl), updatedAt: new Date() })
        .where(eq(products.id, id));
      // The product's 'Riwayat Harga' holds the form's price changes too.
      if (input.price !== current.price || input.discount !== current.discount)
        await tx.insert(priceChanges).values({
          productId: id,
          priceBefore: current.price,
          priceAfter: input.price,
          discountBefore: current.discount,
          discountAfter: input.discount,
          activeBefore: current.isActive,
          activeAfter: current.isActive,
          source: "form",
          changedBy: actor.id,
        });
      // The row is locked: moving by the difference lands exactly on the new stock.
      const delta = newStock - current.stock;
      if (delta !== 0) await moveStock(tx, { productId: id, delta, reason: "manual", changedBy: actor.id });
      if (imageUrl !== current.imageUrl) replaced.imageUrl = current.imageUrl;
      return formSuccess(`Produk "${input.name}" disimpan.`);
    }),
  );
  if (result.ok && replaced.imageUrl) await forgetImage(replaced.imageUrl);
  return result;
}

export async function setProductActive(
  db: Queryable,
  actor: AdminActor,
  id: string,
  isActive: boolean,
): Promise<FormResult> {
  assertOwner(actor);
  if (!isUuid(id)) return formFailure(404, "Produk tidak ditemukan.");
  const [updated] = await db
    .update(products)
    .set({ isActive, updatedAt: new Date() })
    .where(eq(products.id, id))
    .returning({ name: products.name });
  if (!updated) return formFailure(404, "Produk tidak ditemukan.");
  return formSuccess(
    isActive
      ? `Produk "${updated.name}" ditampilkan lagi di toko.`
      : `Produk "${updated.name}" disembunyikan dari toko.`,
  );
}

/**
 * Deletes a product that was never ordered. One that appears in orders is hidden instead,
 * so its page and listings disappear while past orders keep their lines.
 */
export async function deleteProduct(
  db: Queryable,
  actor: AdminActor,
  id: string,
): Promise<FormResult<{ deleted: boolean }>> {
  assertOwner(actor);
  if (!isUuid(id)) return formFailure(404, "Produk tidak ditemukan.");
  const outcome = await db.transaction(async (tx) => {
    const [product] = await tx
      .select({
        id: products.id,
        name: products.name,
        imageUrl: products.imageUrl,
      })
      .from(products)
      .where(eq(products.id, id))
      .for("update");
    if (!product) return null;
    const [used] = await tx.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.productId, id)).limit(1);
    if (used) {
      await tx.update(products).set({ isActive: false, updatedAt: new Date() }).where(eq(products.id, id));
      return { product, deleted: false };
    }
    await tx.delete(products).where(eq(products.id, id));
    return { product, deleted: true };
  });
  if (!outcome) return formFailure(404, "Produk tidak ditemukan.");
  if (!outcome.deleted) {
    return formSuccess(
      `Produk "${outcome.product.name}" sudah pernah dipesan, jadi disembunyikan dari toko, bukan dihapus, agar riwayat pesanan tetap utuh.`,
      { deleted: false },
    );
  }
  await forgetImage(outcome.product.imageUrl);
  return formSuccess(`Produk "${outcome.product.name}" dihapus.`, { deleted: true });
}

/** What staff post on a product's page, by intent. */
export const productPageActionSchema = z.discriminatedUnion(
  "intent",
  [
    productUpdateSchema.extend({ intent: z.literal("save") }),
    z.object({ intent: z.enum(["hide", "unhide"]) }),
    z.object({ intent: z.literal("delete") }),
  ],
  { error: "Permintaan tidak dikenal." },
);
export type ProductPageAction = z.output<typeof productPageActionSchema>;

/** One posted change of a product, to the function that owns it. */
export async function changeProduct(
  db: Queryable,
  actor: AdminActor,
  id: string,
  input: ProductPageAction,
): Promise<FormResult<{ deleted?: boolean }>> {
  switch (input.intent) {
    case "save":
      return updateProduct(db, actor, id, input);
    case "hide":
    case "unhide":
      return setProductActive(db, actor, id, input.intent === "unhide");
    case "delete":
      return deleteProduct(db, actor, id);
  }
}

// ---------------------------------------------------------------- categories

export const categoryNameSchema = z
  .string({ message: "Nama kategori wajib diisi." })
  .trim()
  .min(1, "Nama kategori wajib diisi.")
  .max(60, "Nama kategori maksimal 60 karakter.")
  .refine(isSingleLineText, SINGLE_LINE_MESSAGE);

export async function listCategoriesForAdmin(db: Queryable, actor: AdminActor) {
  assertOwner(actor);
  return db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      // Written out in full: drizzle leaves columns unqualified in one-table selects, which a subquery would misread.
      productCount: sql<number>`(select count(*)::int from products p where p.category_id = "categories"."id")`,
    })
    .from(categories)
    .orderBy(asc(categories.name));
}

async function nameTaken(db: Queryable, name: string, exceptId?: string): Promise<boolean> {
  const conditions: (SQL | undefined)[] = [
    sql`lower(${categories.name}) = lower(${name})`,
    exceptId ? ne(categories.id, exceptId) : undefined,
  ];
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(...conditions))
    .limit(1);
  return Boolean(row);
}

const NAME_TAKEN = "Kategori dengan nama ini sudah ada.";

/** What staff post on the categories page, by intent; the id is checked by the functions below. */
export const categoryActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("create"), name: categoryNameSchema }),
    z.object({ intent: z.literal("rename"), id: z.string().catch(""), name: categoryNameSchema }),
    z.object({ intent: z.literal("delete"), id: z.string().catch("") }),
  ],
  { error: "Permintaan tidak dikenal." },
);
export type CategoryAction = z.output<typeof categoryActionSchema>;

/** One posted category change, to the function that owns it. */
export async function changeCategory(db: Queryable, actor: AdminActor, input: CategoryAction): Promise<FormResult> {
  switch (input.intent) {
    case "create":
      return createCategory(db, actor, input.name);
    case "rename":
      return renameCategory(db, actor, input.id, input.name);
    case "delete":
      return deleteCategory(db, actor, input.id);
  }
}

/** A new category named `name` (already parsed by `categoryNameSchema`). */
export async function createCategory(db: Queryable, actor: AdminActor, name: string): Promise<FormResult> {
  assertOwner(actor);
  if (await nameTaken(db, name)) return formFailure(400, NAME_TAKEN, { fieldErrors: { name: NAME_TAKEN } });
  const base = slugify(name) || "kategori";
  for (let attempt = 0; ; attempt++) {
    try {
      const slug = await uniqueSlug(db, categories, base);
      await db.insert(categories).values({ name, slug });
      return formSuccess(`Kategori "${name}" ditambahkan.`);
    } catch (error) {
      if (attempt < 3 && isUniqueViolation(error, "slug")) continue;
      throw error;
    }
  }
}

/** Renames a category; its slug (and so its links) stays the same. */
export async function renameCategory(db: Queryable, actor: AdminActor, id: string, name: string): Promise<FormResult> {
  assertOwner(actor);
  if (!isUuid(id)) return formFailure(404, "Kategori tidak ditemukan.");
  if (await nameTaken(db, name, id)) return formFailure(400, NAME_TAKEN, { fieldErrors: { name: NAME_TAKEN } });
  const [updated] = await db
    .update(categories)
    .set({ name })
    .where(eq(categories.id, id))
    .returning({ id: categories.id });
  if (!updated) return formFailure(404, "Kategori tidak ditemukan.");
  return formSuccess(`Kategori diubah menjadi "${name}".`);
}

export async function deleteCategory(db: Queryable, actor: AdminActor, id: string): Promise<FormResult> {
  assertOwner(actor);
  if (!isUuid(id)) return formFailure(404, "Kategori tidak ditemukan.");
  return db.transaction(async (tx) => {
    const [category] = await tx
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .where(eq(categories.id, id))
      .for("update");
    if (!category) return formFailure(404, "Kategori tidak ditemukan.");
    const [{ used }] = await tx.select({ used: count() }).from(products).where(eq(products.categoryId, id));
    if (used > 0) {
      return formFailure(
        409,
        `Kategori "${category.name}" masih dipakai oleh ${used} produk (termasuk yang disembunyikan). Pindahkan produk tersebut ke kategori lain dulu.`,
      );
    }
    await tx.delete(categories).where(eq(categories.id, id));
    return formSuccess(`Kategori "${category.name}" dihapus.`);
  });
}
