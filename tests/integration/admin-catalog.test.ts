// Products, images, stock and categories as staff manage them, through the routes' actions.
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { crc32 } from "node:zlib";
import { desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, orderItems, products, stockAdjustments } from "~/db/schema";
import * as categoriesRoute from "~/routes/admin.categories";
import * as productRoute from "~/routes/admin.products.$id";
import * as newProductRoute from "~/routes/admin.products.new";
import * as productsRoute from "~/routes/admin.products";
import { loader as uploadsLoader } from "~/routes/uploads.$";
import { slugify } from "~/server/catalog/manage.server";
import { variantKey } from "~/server/uploads/image-variants.server";
import { keyOfPublicUrl, LocalDiskStorage, setStorageForTests } from "~/server/uploads/storage.server";
import { createCategory, createOrder, createProduct, createUser, signIn, type TestUser } from "../support/factories";
import { callAction, callLoader, form, releaseTestDatabase, useTestDatabase } from "../support/routes";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

let testDb: TestDatabase;
let uploads: string;
let admin: TestUser;
let adminCookie: string;

const PNG = await sharp({ create: { width: 12, height: 8, channels: 4, background: "#3a7d2c" } })
  .png()
  .toBuffer();
const JPEG = await sharp({ create: { width: 12, height: 8, channels: 3, background: "#b91c1c" } })
  .jpeg()
  .toBuffer();

/** A PNG whose header claims `width` x `height` pixels (a tiny file, a huge image). */
function pngClaiming(width: number, height: number): Buffer {
  const png = Buffer.from(PNG);
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  useTestDatabase(testDb);
  uploads = mkdtempSync(path.join(os.tmpdir(), "sayur-catalog-"));
  setStorageForTests(new LocalDiskStorage(uploads));
  admin = await createUser(testDb.db, { role: "admin", name: "Dewi Staf" });
  adminCookie = await signIn(testDb.db, admin);
});

afterAll(async () => {
  setStorageForTests(undefined);
  releaseTestDatabase();
  await testDb?.destroy();
  rmSync(uploads, { recursive: true, force: true });
});

function storedFiles(): string[] {
  try {
    return readdirSync(path.join(uploads, "products"));
  } catch {
    return [];
  }
}

const create = (fields: Record<string, string | File>) =>
  callAction(newProductRoute.action, "/admin/products/new", form(fields), { cookie: adminCookie });
const edit = (id: string, fields: Record<string, string | File>) =>
  callAction(productRoute.action, `/admin/products/${id}`, form(fields), { cookie: adminCookie, params: { id } });
const productById = async (id: string) => (await testDb.db.select().from(products).where(eq(products.id, id)))[0];

describe("slugify", () => {
  it("makes readable, URL-safe slugs", () => {
    expect(slugify("Cabai Rawit Merah (250 g)")).toBe("cabai-rawit-merah-250-g");
    expect(slugify("  Jeruk Sémboro & Apel  ")).toBe("jeruk-semboro-dan-apel");
    expect(slugify("🥬🥬")).toBe("");
  });
});

describe("creating a product", () => {
  it("stores it with a slug from the name, its image under a random name, and the starting stock recorded", async () => {
    const category = await createCategory(testDb.db, "Sayur Uji Buat");
    const result = await create({
      name: "Sawi Pakcoy Organik",
      price: "7.500",
      unit: "per ikat",
      discount: "10",
      stock: "40",
      featured: "on",
      categoryId: category.id,
      description: "Pakcoy segar dari Sukorambi.",
      image: new File([PNG], "../../foto saya.png", { type: "image/png" }),
    });
    expect(result.status).toBe(303);
    const id = result.location!.split("/").pop()!;
    const p = await productById(id);
    expect(p).toMatchObject({
      name: "Sawi Pakcoy Organik",
      slug: "sawi-pakcoy-organik",
      price: 7500,
      unit: "per ikat",
      discount: 10,
      stock: 40,
      featured: true,
      isActive: true,
      categoryId: category.id,
    });
    expect(p.imageUrl).toMatch(/^\/uploads\/products\/[0-9a-f]{32}\.png$/);
    expect(storedFiles()).toContain(p.imageUrl!.split("/").pop());

    const served = (await uploadsLoader({
      params: { "*": keyOfPublicUrl(p.imageUrl)! },
      request: new Request("http://x"),
    } as never)) as Response;
    expect(served.headers.get("content-type")).toBe("image/png");
    // Stored as decoded and written again: the same picture, no bytes the uploader chose.
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 12, 8]);

    const [initial] = await testDb.db.select().from(stockAdjustments).where(eq(stockAdjustments.productId, id));
    expect(initial).toMatchObject({ delta: 40, stockAfter: 40, reason: "initial", changedBy: admin.id });
  });

  it("keeps slugs unique with -2, -3 ...", async () => {
    const slugs: string[] = [];
    for (let i = 0; i < 3; i++) {
      const result = await create({ name: "Terong Ungu Lalap", price: "4000", stock: "5" });
      slugs.push((await productById(result.location!.split("/").pop()!)).slug);
    }
    expect(slugs).toEqual(["terong-ungu-lalap", "terong-ungu-lalap-2", "terong-ungu-lalap-3"]);
  });

  it("reads a price with zero sen as whole rupiah and refuses a decimal price or stock", async () => {
    const ok = await create({ name: "Kangkung Desimal", price: "11.000,00", stock: "12" });
    expect(ok.status).toBe(303);
    expect((await productById(ok.location!.split("/").pop()!)).price).toBe(11000);
    const before = await testDb.db.$count(products);
    const refused = await create({ name: "Bayam Desimal", price: "11000.50", stock: "2.5" });
    expect(refused.status).toBe(400);
    expect((refused.data as { fieldErrors: Record<string, string> }).fieldErrors).toEqual({
      price: "Harga harus rupiah bulat tanpa sen, mis. 11.000.",
      stock: "Stok harus bilangan bulat, tanpa pecahan.",
    });
    expect(await testDb.db.$count(products)).toBe(before);
  });

  it("sells a product by weight: price per kg, stock in grams, step and minimum typed in kg", async () => {
    const result = await create({
      name: "Cabai Timbang Uji",
      price: "60000",
      unit: "per 250 g",
      stock: "12500",
      soldByWeight: "on",
      weightStep: "0,1",
      weightMin: "0.2",
    });
    expect(result.status).toBe(303);
    expect(await productById(result.location!.split("/").pop()!)).toMatchObject({
      unit: "per kg",
      price: 60000,
      stock: 12500,
      soldByWeight: true,
      weightStep: 100,
      weightMin: 200,
    });
    const bad = await create({
      name: "Cabai Salah Uji",
      price: "60000",
      stock: "1",
      soldByWeight: "on",
      weightStep: "0,1234",
    });
    expect(bad.status).toBe(400);
    expect((bad.data as { fieldErrors: Record<string, string> }).fieldErrors.weightStep).toBe(
      "Kelipatan berat tidak valid. Tulis dalam kg, mis. 0,25 (paling besar 50).",
    );
  });

  it("defaults the unit to pcs and the discount to 0", async () => {
    const result = await create({ name: "Jagung Manis Uji", price: "3000", stock: "0", unit: "  ", discount: "" });
    expect(await productById(result.location!.split("/").pop()!)).toMatchObject({
      unit: "pcs",
      discount: 0,
      stock: 0,
      featured: false,
      imageUrl: null,
    });
  });

  it("refuses bad fields with a message beside each, storing nothing", async () => {
    const before = await testDb.db.$count(products);
    const result = await create({
      name: " ",
      price: "lima ribu",
      discount: "150",
      stock: "-3",
      categoryId: "00000000-0000-4000-8000-000000000000",
    });
    expect(result.status).toBe(400);
    const body = result.data as {
      message: string;
      fieldErrors: Record<string, string>;
      values: Record<string, string>;
    };
    expect(body.fieldErrors).toEqual({
      name: "Nama produk wajib diisi.",
      price: "Harga harus angka rupiah, mis. 11.000 atau 11000.",
      discount: "Diskon harus antara 0 dan 100.",
      stock: "Stok harus angka bulat, mis. 5.",
    });
    expect(body.values.price).toBe("lima ribu");
    expect(await testDb.db.$count(products)).toBe(before);

    const unknownCategory = await create({
      name: "Kol",
      price: "5000",
      stock: "1",
      categoryId: "00000000-0000-4000-8000-000000000000",
    });
    expect((unknownCategory.data as { fieldErrors: Record<string, string> }).fieldErrors).toEqual({
      categoryId: "Kategori tidak ditemukan.",
    });
    expect(await testDb.db.$count(products)).toBe(before);
  });

  it("refuses images that are not JPEG, PNG or WebP by their content, whatever their name says", async () => {
    const before = storedFiles().length;
    const count = await testDb.db.$count(products);
    for (const file of [
      new File(["<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>"], "foto.png", {
        type: "image/png",
      }),
      new File(["<html><script>alert(1)</script></html>"], "foto.jpg", { type: "image/jpeg" }),
      new File([Buffer.from("GIF89a........")], "foto.webp", { type: "image/webp" }),
    ]) {
      const result = await create({ name: "Kol Gambar Palsu", price: "5000", stock: "1", image: file });
      expect(result.status).toBe(400);
      expect((result.data as { fieldErrors: Record<string, string> }).fieldErrors.image).toBe(
        "Gambar harus berupa JPEG, PNG, atau WebP.",
      );
    }
    expect(storedFiles()).toHaveLength(before);
    expect(await testDb.db.$count(products)).toBe(count);
  });

  it("refuses what only looks like an image: it is decoded first, and nothing is stored", async () => {
    const before = storedFiles().length;
    const count = await testDb.db.$count(products);
    for (const [name, bytes] of [
      ["png-then-html.png", Buffer.concat([PNG.subarray(0, 8), Buffer.from("<html><script>alert(1)</script></html>")])],
      [
        "jpeg-then-html.jpg",
        Buffer.concat([JPEG.subarray(0, 4), Buffer.from("<html><script>alert(1)</script></html>")]),
      ],
      ["terpotong.png", PNG.subarray(0, PNG.length - 20)],
      ["raksasa.png", pngClaiming(20000, 20000)],
    ] as const) {
      const result = await create({
        name: "Kol Rusak",
        price: "5000",
        stock: "1",
        image: new File([new Uint8Array(bytes)], name),
      });
      expect(result.status, name).toBe(400);
      expect((result.data as { fieldErrors: Record<string, string> }).fieldErrors.image, name).toMatch(
        /^Gambar (tidak dapat dibaca|terlalu besar)/,
      );
    }
    expect(storedFiles()).toHaveLength(before);
    expect(await testDb.db.$count(products)).toBe(count);
  });

  it("refuses images over 5 MB", async () => {
    const big = Buffer.concat([JPEG, Buffer.alloc(5 * 1024 * 1024)]);
    const result = await create({
      name: "Kol Besar",
      price: "5000",
      stock: "1",
      image: new File([big], "besar.jpg", { type: "image/jpeg" }),
    });
    expect(result.status).toBe(400);
    expect((result.data as { fieldErrors: Record<string, string> }).fieldErrors.image).toBe(
      "Ukuran gambar maksimal 5 MB.",
    );
  });
});

describe("editing a product", () => {
  it("records every stock change with who, when, the difference and 'manual'", async () => {
    const p = await createProduct(testDb.db, { stock: 10 });
    const result = await edit(p.id, { intent: "save", name: p.name, price: "6000", stock: "25", stockBefore: "10" });
    expect(result.status).toBe(303);
    expect(await productById(p.id)).toMatchObject({ stock: 25, price: 6000, slug: p.slug });
    const [adjustment] = await testDb.db
      .select()
      .from(stockAdjustments)
      .where(eq(stockAdjustments.productId, p.id))
      .orderBy(desc(stockAdjustments.createdAt));
    expect(adjustment).toMatchObject({ delta: 15, stockAfter: 25, reason: "manual", changedBy: admin.id });

    const page = await callLoader(productRoute.loader, `/admin/products/${p.id}`, {
      cookie: adminCookie,
      params: { id: p.id },
    });
    expect((page.data as { adjustments: { delta: number; changedByName: string }[] }).adjustments[0]).toMatchObject({
      delta: 15,
      changedByName: "Dewi Staf",
    });
  });

  it("keeps the name change off the slug, so links keep working", async () => {
    const p = await createProduct(testDb.db, { name: "Wortel Lama", slug: "wortel-lama-uji" });
    await edit(p.id, {
      intent: "save",
      name: "Wortel Brastagi",
      price: "8000",
      stock: String(p.stock),
      stockBefore: String(p.stock),
    });
    expect(await productById(p.id)).toMatchObject({ name: "Wortel Brastagi", slug: "wortel-lama-uji" });
  });

  it("does not overwrite stock that orders took while the form was open", async () => {
    const p = await createProduct(testDb.db, { stock: 10 });
    const buyer = await createUser(testDb.db);
    await createOrder(testDb.db, { userId: buyer.id, items: [{ productId: p.id, quantity: 3 }] });

    // The price was edited, the stock field left as it was: the 7 now in stock stays.
    const untouched = await edit(p.id, { intent: "save", name: p.name, price: "9000", stock: "10", stockBefore: "10" });
    expect(untouched.status).toBe(303);
    expect(await productById(p.id)).toMatchObject({ price: 9000, stock: 7 });

    // A new stock number typed over the stale one is refused with the current figure.
    const stale = await edit(p.id, { intent: "save", name: p.name, price: "9000", stock: "20", stockBefore: "10" });
    expect(stale.status).toBe(409);
    expect((stale.data as { fieldErrors: Record<string, string> }).fieldErrors.stock).toContain("Stok sekarang 7");
    expect((await productById(p.id)).stock).toBe(7);
  });

  it("replaces the image and removes the old file; can remove the image", async () => {
    const created = await create({
      name: "Brokoli Gambar",
      price: "12000",
      stock: "3",
      image: new File([PNG], "a.png", { type: "image/png" }),
    });
    const id = created.location!.split("/").pop()!;
    const first = (await productById(id)).imageUrl!;
    await edit(id, {
      intent: "save",
      name: "Brokoli Gambar",
      price: "12000",
      stock: "3",
      stockBefore: "3",
      image: new File([JPEG], "b.jpg", { type: "image/jpeg" }),
    });
    const second = (await productById(id)).imageUrl!;
    expect(second).toMatch(/\.jpg$/);
    expect(storedFiles()).not.toContain(first.split("/").pop());
    expect(storedFiles()).toContain(second.split("/").pop());

    await edit(id, {
      intent: "save",
      name: "Brokoli Gambar",
      price: "12000",
      stock: "3",
      stockBefore: "3",
      removeImage: "on",
    });
    expect((await productById(id)).imageUrl).toBeNull();
    expect(storedFiles()).not.toContain(second.split("/").pop());
  });

  it("hides and shows a product; hidden ones stay listed for staff and marked", async () => {
    const p = await createProduct(testDb.db, { name: "Labu Siam Sembunyi" });
    expect((await edit(p.id, { intent: "hide" })).status).toBe(303);
    expect((await productById(p.id)).isActive).toBe(false);
    const listed = await callLoader(productsRoute.loader, "/admin/products?q=labu%20siam%20sembunyi", {
      cookie: adminCookie,
    });
    expect((listed.data as { list: { products: { id: string; isActive: boolean }[] } }).list.products).toEqual([
      expect.objectContaining({ id: p.id, isActive: false }),
    ]);
    const hiddenOnly = await callLoader(productsRoute.loader, "/admin/products?show=tersembunyi", {
      cookie: adminCookie,
    });
    expect(
      (hiddenOnly.data as { list: { products: { isActive: boolean }[] } }).list.products.every((x) => !x.isActive),
    ).toBe(true);
    expect((await edit(p.id, { intent: "unhide" })).status).toBe(303);
    expect((await productById(p.id)).isActive).toBe(true);
  });

  it("answers 404 for unknown products", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    expect(
      (await callLoader(productRoute.loader, `/admin/products/${id}`, { cookie: adminCookie, params: { id } })).status,
    ).toBe(404);
    expect((await edit(id, { intent: "hide" })).status).toBe(404);
    expect((await edit("bukan-id", { intent: "delete" })).status).toBe(404);
  });
});

describe("deleting a product", () => {
  it("deletes one that was never ordered, with its image", async () => {
    const created = await create({
      name: "Pare Hapus",
      price: "5000",
      stock: "2",
      image: new File([PNG], "p.png", { type: "image/png" }),
    });
    const id = created.location!.split("/").pop()!;
    const file = (await productById(id)).imageUrl!.split("/").pop();
    const result = await edit(id, { intent: "delete" });
    expect(result.status).toBe(303);
    expect(result.location).toBe("/admin/products");
    expect(await productById(id)).toBeUndefined();
    expect(storedFiles()).not.toContain(file);
  });

  it("deletes the photo's resized copies too, and never serves a copy without its original", async () => {
    const created = await create({
      name: "Terong Varian",
      price: "5000",
      stock: "2",
      image: new File([JPEG], "t.jpg", { type: "image/jpeg" }),
    });
    const id = created.location!.split("/").pop()!;
    const key = keyOfPublicUrl((await productById(id)).imageUrl)!;
    const variant = (w: number) =>
      uploadsLoader({
        params: { "*": key },
        request: new Request(`http://x/uploads/${key}?w=${w}`),
      } as never) as Promise<Response>;
    expect((await variant(320)).status).toBe(200);
    expect((await variant(160)).status).toBe(200);
    expect(existsSync(path.join(uploads, variantKey(key, 320)))).toBe(true);

    expect((await edit(id, { intent: "delete" })).status).toBe(303);
    expect(existsSync(path.join(uploads, variantKey(key, 320)))).toBe(false);
    expect(existsSync(path.join(uploads, variantKey(key, 160)))).toBe(false);
    expect((await variant(320)).status).toBe(404);
  });

  it("serves no leftover copy once the original is gone", async () => {
    const created = await create({
      name: "Tomat Sisa",
      price: "5000",
      stock: "2",
      image: new File([PNG], "t.png", { type: "image/png" }),
    });
    const id = created.location!.split("/").pop()!;
    const key = keyOfPublicUrl((await productById(id)).imageUrl)!;
    const request = () =>
      uploadsLoader({
        params: { "*": key },
        request: new Request(`http://x/uploads/${key}?w=480`),
      } as never) as Promise<Response>;
    expect((await request()).status).toBe(200);
    // The original vanishes some other way (an old backup, a bucket cleaned by hand).
    rmSync(path.join(uploads, key));
    expect((await request()).status).toBe(404);
  });

  it("hides one that appears in orders instead, says so, and the orders keep their lines", async () => {
    const p = await createProduct(testDb.db, { name: "Kacang Panjang Dipesan" });
    const buyer = await createUser(testDb.db);
    const order = await createOrder(testDb.db, { userId: buyer.id, items: [{ productId: p.id, quantity: 2 }] });
    const result = await edit(p.id, { intent: "delete" });
    expect(result.status).toBe(303);
    expect(result.location).toBe(`/admin/products/${p.id}`);
    expect(await productById(p.id)).toMatchObject({ isActive: false });
    const lines = await testDb.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(lines).toEqual([
      expect.objectContaining({ productId: p.id, productName: "Kacang Panjang Dipesan", quantity: 2 }),
    ]);
    const { loader } = await import("~/routes/admin.layout");
    const { cookiesAfter } = await import("../support/routes");
    const next = await callLoader(loader, result.location!, { cookie: cookiesAfter(adminCookie, result) });
    expect((next.data as { flash: { message: string } }).flash.message).toBe(
      'Produk "Kacang Panjang Dipesan" sudah pernah dipesan, jadi disembunyikan dari toko, bukan dihapus, agar riwayat pesanan tetap utuh.',
    );
  });
});

describe("categories", () => {
  const post = (fields: Record<string, string>) =>
    callAction(categoriesRoute.action, "/admin/categories", form(fields), { cookie: adminCookie });
  const byName = async (name: string) =>
    (await testDb.db.select().from(categories).where(eq(categories.name, name)))[0];

  it("creates with a unique slug and refuses an empty or duplicate name", async () => {
    expect((await post({ intent: "create", name: "Buah Lokal" })).status).toBe(303);
    expect(await byName("Buah Lokal")).toMatchObject({ slug: "buah-lokal" });
    const dup = await post({ intent: "create", name: "buah lokal" });
    expect(dup.status).toBe(400);
    expect((dup.data as { message: string }).message).toBe("Kategori dengan nama ini sudah ada.");
    const empty = await post({ intent: "create", name: "   " });
    expect((empty.data as { message: string }).message).toBe("Nama kategori wajib diisi.");
    // Another name with the same slug gets the next free one.
    await post({ intent: "create", name: "Buah-Lokal!" });
    expect(await byName("Buah-Lokal!")).toMatchObject({ slug: "buah-lokal-2" });
  });

  it("renames and keeps the slug", async () => {
    const c = await createCategory(testDb.db, "Umbi Uji");
    expect((await post({ intent: "rename", id: c.id, name: "Umbi-umbian" })).status).toBe(303);
    expect(await byName("Umbi-umbian")).toMatchObject({ id: c.id, slug: c.slug });
  });

  it("refuses to delete a category in use (hidden products count) and deletes an unused one", async () => {
    const used = await createCategory(testDb.db, "Dipakai Uji");
    await createProduct(testDb.db, { categoryId: used.id, isActive: false });
    const refused = await post({ intent: "delete", id: used.id });
    expect(refused.status).toBe(409);
    expect((refused.data as { message: string }).message).toBe(
      'Kategori "Dipakai Uji" masih dipakai oleh 1 produk (termasuk yang disembunyikan). Pindahkan produk tersebut ke kategori lain dulu.',
    );
    expect(await byName("Dipakai Uji")).toBeDefined();

    const unused = await createCategory(testDb.db, "Kosong Uji");
    expect((await post({ intent: "delete", id: unused.id })).status).toBe(303);
    expect(await byName("Kosong Uji")).toBeUndefined();
  });

  it("lists every category with its product count", async () => {
    const c = await createCategory(testDb.db, "Hitung Uji");
    await createProduct(testDb.db, { categoryId: c.id });
    await createProduct(testDb.db, { categoryId: c.id });
    const result = await callLoader(categoriesRoute.loader, "/admin/categories", { cookie: adminCookie });
    expect((result.data as { categories: { name: string; productCount: number }[] }).categories).toContainEqual(
      expect.objectContaining({ name: "Hitung Uji", productCount: 2 }),
    );
  });
});
