// The payment loop through the routes as the server runs them: the shop's QRIS image, the
// chosen method at checkout, 'Unggah Bukti Bayar' once the bill is final (private, re-encoded),
// staff's 'Tolak Bukti' and 'Tandai Lunas', and the difference carried as 'Saldo' into the next
// order's bill with a line in both orders' 'Riwayat Perubahan'. Customer B never sees A's
// proof, bill or balance; every refusal stores nothing.
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { balanceEntries, orderChanges, orders } from "~/db/schema";
import { outboxMails } from "../support/outbox";
import { parseCheckout } from "~/lib/checkout";
import * as adminOrderRoute from "~/routes/admin.orders.$id";
import * as qrisRoute from "~/routes/admin.settings.qris";
import * as orderRoute from "~/routes/orders.$id";
import * as proofRoute from "~/routes/orders.$id.payment-proof";
import * as profileRoute from "~/routes/profile";
import * as uploadsRoute from "~/routes/uploads.$";
import { parse as parseCsv } from "csv-parse/sync";
import { addDays } from "~/lib/dates";
import { exportOrdersCsv } from "~/server/orders/export.server";
import { listOrdersForAdmin, parseAdminOrderFilters } from "~/server/orders/staff-list.server";
import { placeOrder } from "~/server/orders/placing.server";
import { readShopSettings } from "~/server/settings.server";
import { LocalDiskStorage, setStorageForTests } from "~/server/uploads/storage.server";
import {
  configureBankAccount,
  createProduct,
  createUser,
  nextDelivery,
  signIn,
  type TestUser,
} from "../support/factories";
import { tallPng } from "../support/images";
import { callAction, callLoader, form, releaseTestDatabase, useTestDatabase } from "../support/routes";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

let testDb: TestDatabase;
let uploads: string;
let owner: TestUser;
let staff: TestUser;
let ani: TestUser;
let budi: TestUser;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: false });
  useTestDatabase(testDb);
  uploads = mkdtempSync(path.join(tmpdir(), "bayar-"));
  setStorageForTests(new LocalDiskStorage(uploads));
  owner = await createUser(testDb.db, { role: "admin", name: "Bu Ratna" });
  staff = await createUser(testDb.db, { role: "staff", name: "Dewi Staf" });
  ani = await createUser(testDb.db, { name: "Ani Lestari" });
  budi = await createUser(testDb.db, { name: "Budi Santoso" });
  for (const [k, u] of Object.entries({ owner, staff, ani, budi })) cookies[k] = await signIn(testDb.db, u);
  // A fresh shop takes no transfers until the owner enters the shop's own account.
  await configureBankAccount(testDb.db);
});

afterAll(async () => {
  setStorageForTests(undefined);
  releaseTestDatabase();
  await testDb?.destroy();
  rmSync(uploads, { recursive: true, force: true });
});

const photo = async (format: "jpeg" | "png" = "jpeg") => {
  const image = sharp({ create: { width: 64, height: 48, channels: 3, background: "#2f855a" } });
  const bytes =
    format === "png"
      ? await image.png().toBuffer()
      : // A phone photo carries where it was taken; the stored copy must not.
        await image
          .jpeg()
          .withExif({ IFD0: { Copyright: "lokasi-rahasia-ani" } })
          .toBuffer();
  return new File([new Uint8Array(bytes)], `bukti.${format === "png" ? "png" : "jpg"}`, { type: `image/${format}` });
};

async function placeFor(user: TestUser, productId: string, grams: number, paymentMethod: "transfer" | "cod" | "qris") {
  const input = parseCheckout({
    name: user.name,
    phone: "081234567890",
    address: "Jl. Kalimantan No. 37, Jember",
    // The earliest delivery still open now: a fixed "tomorrow morning" is closed after its
    // 21:00 cut-off, and the suite must pass at any hour.
    ...nextDelivery(),
    lines: [{ productId, quantity: grams, note: "pilih yang merah" }],
    paymentMethod,
    idempotencyKey: `key-${Math.random().toString(36).slice(2)}-bayar`,
  });
  if (!input.success) throw new Error(JSON.stringify(input.fieldErrors));
  const result = await placeOrder(testDb.db, user, input.data);
  if (!result.ok) throw new Error(result.message);
  return result.order;
}

const staffPost = (orderId: string, fields: Record<string, string>) =>
  callAction(adminOrderRoute.action, `/admin/orders/${orderId}`, form(fields), {
    cookie: cookies.staff,
    params: { id: orderId },
  });

const version = async (orderId: string) =>
  String((await testDb.db.select({ v: orders.version }).from(orders).where(eq(orders.id, orderId)))[0].v);

/** Staff set the fee, weigh the line and press 'Tagihan Final'. */
async function finalise(orderId: string, itemId: string, kg: string) {
  expect(
    (await staffPost(orderId, { intent: "fee", version: await version(orderId), deliveryFee: "5000" })).status,
  ).toBe(303);
  expect(
    (await staffPost(orderId, { intent: "weight", version: await version(orderId), itemId, amount: kg })).status,
  ).toBe(303);
  expect((await staffPost(orderId, { intent: "finalize", version: await version(orderId) })).status).toBe(303);
}

const row = async (orderId: string) => (await testDb.db.select().from(orders).where(eq(orders.id, orderId)))[0];

const upload = (who: "ani" | "budi", orderId: string, proof: File | string) =>
  callAction(orderRoute.action, `/orders/${orderId}`, form({ intent: "proof", proof }), {
    cookie: cookies[who],
    params: { id: orderId },
  });

describe("QRIS image on 'Metode Pembayaran'", () => {
  it("refuses what is not an image, stores a re-encoded PNG and switches QRIS on", async () => {
    const post = (file: File) =>
      callAction(qrisRoute.action, "/admin/settings/qris", form({ qrisImage: file }), { cookie: cookies.owner });
    const bad = await post(new File(["<html>bukan gambar</html>"], "qris.png", { type: "image/png" }));
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.data)).toContain("Gambar harus berupa JPEG, PNG, atau WebP.");
    expect((await readShopSettings(testDb.db)).values.paymentMethods.qris).toEqual({
      active: false,
      imageUrl: null,
      payload: null,
    });

    const ok = await post(await photo("jpeg"));
    expect(ok.status).toBe(303);
    const { qris } = (await readShopSettings(testDb.db)).values.paymentMethods;
    expect(qris.active).toBe(true);
    expect(qris.imageUrl).toMatch(/^\/uploads\/qris\/[a-f0-9]{32}\.png$/);
    const served = await callLoader(uploadsRoute.loader, qris.imageUrl!, { params: { "*": qris.imageUrl!.slice(9) } });
    expect(served.status).toBe(200);
    const meta = await sharp(Buffer.from(await served.response!.arrayBuffer())).metadata();
    expect(meta.format).toBe("png");
    expect(meta.exif).toBeUndefined();

    // Staff are not the owner: the settings and the QRIS page are the owner's.
    const refused = await callAction(qrisRoute.action, "/admin/settings/qris", form({ qrisImage: await photo() }), {
      cookie: cookies.staff,
    });
    expect(refused.status).toBe(403);
  });
});

describe("the payment loop", () => {
  it("takes a proof once the bill is final, keeps it private, and carries the difference to the next bill", async () => {
    const cabai = await createProduct(testDb.db, {
      name: "Cabai Rawit Bayar",
      price: 80000,
      stock: 5000,
      soldByWeight: true,
      unit: "per kg",
      weightStep: 250,
      weightMin: 250,
    });
    const first = await placeFor(ani, cabai.id, 500, "transfer");
    expect(first.paymentMethod).toBe("transfer");

    // Before the bill is final there is nothing to pay yet.
    const early = await upload("ani", first.id, await photo());
    expect(early.status).toBe(409);
    expect(JSON.stringify(early.data)).toContain("Tagihan belum final");

    await finalise(first.id, first.items[0].id, "0,45");
    // 0,45 kg x Rp 80.000 = Rp 36.000, plus Rp 5.000 delivery.
    const page = await callLoader(orderRoute.loader, `/orders/${first.id}`, {
      cookie: cookies.ani,
      params: { id: first.id },
    });
    expect(page.data).toMatchObject({
      bill: { amountDue: 41000, paymentMethod: "transfer" },
      payment: { status: "unpaid", amountDue: 41000, billFinal: true },
    });

    // Not an image, or someone else's order: refused, nothing stored.
    const notImage = await upload("ani", first.id, new File(["%PDF-1.4"], "bukti.pdf", { type: "application/pdf" }));
    expect(notImage.status).toBe(400);
    expect(JSON.stringify(notImage.data)).toContain("Gambar harus berupa JPEG, PNG, atau WebP.");
    expect((await upload("ani", first.id, "teks")).status).toBe(400);
    expect((await upload("budi", first.id, await photo())).status).toBe(404);
    expect((await row(first.id)).paymentStatus).toBe("unpaid");

    const sent = await upload("ani", first.id, await photo());
    expect(sent.status).toBe(303);
    expect(sent.location).toBe(`/orders/${first.id}#pembayaran`);
    const withProof = await row(first.id);
    expect(withProof.paymentStatus).toBe("pending");
    expect(withProof.paymentProofKey).toMatch(/^proofs\/[a-f0-9]{32}\.webp$/);

    // The proof: its customer and staff only, never cached, never at the public uploads address.
    const proofUrl = `/orders/${first.id}/payment-proof`;
    const mine = await callLoader(proofRoute.loader, proofUrl, { cookie: cookies.ani, params: { id: first.id } });
    expect(mine.status).toBe(200);
    expect(mine.headers.get("cache-control")).toBe("private, no-store");
    const stored = await sharp(Buffer.from(await mine.response!.arrayBuffer())).metadata();
    expect(stored.format).toBe("webp");
    expect(stored.exif).toBeUndefined();
    expect(
      (await callLoader(proofRoute.loader, proofUrl, { cookie: cookies.staff, params: { id: first.id } })).status,
    ).toBe(200);
    const theirs = await callLoader(proofRoute.loader, proofUrl, { cookie: cookies.budi, params: { id: first.id } });
    expect(theirs.status).toBe(404);
    expect(theirs.headers.get("cache-control")).toBe("private, no-store");
    expect((await callLoader(proofRoute.loader, proofUrl, { params: { id: first.id } })).status).toBe(302);
    const key = withProof.paymentProofKey!;
    expect((await callLoader(uploadsRoute.loader, `/uploads/${key}`, { params: { "*": key } })).status).toBe(404);

    // 'Tolak Bukti' needs a reason, which the customer then reads.
    const noReason = await staffPost(first.id, { intent: "reject", reason: "" });
    expect(noReason.status).toBe(400);
    expect(JSON.stringify(noReason.data)).toContain("Tulis alasan penolakan untuk pelanggan.");
    expect((await staffPost(first.id, { intent: "reject", reason: "Nominal transfer tidak terbaca" })).status).toBe(
      303,
    );
    const rejected = await callLoader(orderRoute.loader, `/orders/${first.id}`, {
      cookie: cookies.ani,
      params: { id: first.id },
    });
    expect(rejected.data).toMatchObject({
      payment: { status: "rejected", rejectReason: "Nominal transfer tidak terbaca" },
    });
    expect((await upload("ani", first.id, await photo("png"))).status).toBe(303);
    expect((await row(first.id)).paymentStatus).toBe("pending");

    // 'Tandai Lunas': a bad amount is refused; Rp 45.000 received for Rp 41.000 leaves Rp 4.000 'Saldo'.
    const badAmount = await staffPost(first.id, { intent: "paid", paidAmount: "empat puluh ribu" });
    expect(badAmount.status).toBe(400);
    expect((await row(first.id)).paymentStatus).toBe("pending");
    expect((await staffPost(first.id, { intent: "paid", paidAmount: "Rp 45.000" })).status).toBe(303);
    const paid = await row(first.id);
    expect(paid).toMatchObject({ paymentStatus: "paid", paidAmount: 45000 });
    expect(paid.status).toBe("pending"); // the order's own status is untouched
    const again = await staffPost(first.id, { intent: "paid", paidAmount: "41000" });
    expect(again.status).toBe(409);
    const [mail] = await outboxMails(testDb.db, { dedupeKey: `payment-verified:${first.id}` });
    expect(mail.subject).toBe(`Pembayaran pesanan #${first.id.slice(0, 8)} sudah diterima`);

    const profile = await callLoader(profileRoute.loader, "/profile", { cookie: cookies.ani });
    expect(profile.data).toMatchObject({ balance: { balance: 4000 } });
    const budiProfile = await callLoader(profileRoute.loader, "/profile", { cookie: cookies.budi });
    expect(budiProfile.data).toMatchObject({ balance: { balance: 0, entries: [] } });

    // The next order's bill takes the Rp 4.000 automatically, with a line on both orders.
    const second = await placeFor(ani, cabai.id, 250, "cod");
    await finalise(second.id, second.items[0].id, "0,25");
    const next = await row(second.id);
    expect(next.balanceApplied).toBe(4000);
    const nextPage = await callLoader(orderRoute.loader, `/orders/${second.id}`, {
      cookie: cookies.ani,
      params: { id: second.id },
    });
    // 0,25 kg x Rp 80.000 + Rp 5.000 - Rp 4.000
    expect(nextPage.data).toMatchObject({ bill: { balanceApplied: 4000, amountDue: 21000 } });
    const lines = async (orderId: string) =>
      (
        await testDb.db
          .select({ description: orderChanges.description })
          .from(orderChanges)
          .where(and(eq(orderChanges.orderId, orderId), eq(orderChanges.kind, "balance")))
      ).map((c) => c.description);
    expect((await lines(second.id)).join("\n")).toContain(
      `dari pesanan #${first.id.slice(0, 8)} dipotong dari tagihan`,
    );
    expect((await lines(first.id)).join("\n")).toContain(`dibawa ke tagihan pesanan #${second.id.slice(0, 8)}`);
    const [billMail] = await outboxMails(testDb.db, { dedupeKey: `bill-final:${second.id}` });
    expect(billMail.textBody).toMatch(/Jumlah dibayar\W+Rp.21\.000/);
    const entries = await testDb.db.select().from(balanceEntries).where(eq(balanceEntries.userId, ani.id));
    expect(entries.reduce((sum, e) => sum + e.amount, 0)).toBe(0);

    // Staff find it by payment status in the list, and the CSV says how it was paid.
    const paidList = await listOrdersForAdmin(
      testDb.db,
      staff,
      parseAdminOrderFilters(new URLSearchParams("payment=paid")),
    );
    expect(paidList.orders.map((o) => o.id)).toEqual([first.id]);
    expect(paidList.orders[0]).toMatchObject({ paymentStatus: "paid", paymentMethod: "transfer" });
    const unpaidList = await listOrdersForAdmin(
      testDb.db,
      staff,
      parseAdminOrderFilters(new URLSearchParams("payment=unpaid")),
    );
    expect(unpaidList.orders.map((o) => o.id)).toEqual([second.id]);
    const day = first.createdAt.toISOString().slice(0, 10);
    const { csv } = await exportOrdersCsv(testDb.db, staff, {
      from: addDays(day, -1),
      to: addDays(day, 1),
      basis: "created",
    });
    const [header, ...rows] = parseCsv(csv.replace(/^\uFEFF/, ""), {
      delimiter: ";",
      record_delimiter: "\r\n",
    }) as string[][];
    const column = (name: string) => header.indexOf(name);
    const firstRow = rows.find((r) => r[1] === first.id)!;
    expect(firstRow[column("Metode Pembayaran")]).toBe("Transfer Bank");
    expect(firstRow[column("Status Pembayaran")]).toBe("Lunas");
    expect(firstRow[column("Jumlah Diterima")]).toBe("45000");
    const secondRow = rows.find((r) => r[1] === second.id)!;
    expect(secondRow[column("Saldo Dipakai")]).toBe("4000");
    expect(secondRow[column("Jumlah Ditagih")]).toBe("21000");

    // Cash on delivery needs no proof.
    const cod = await upload("ani", second.id, await photo());
    expect(cod.status).toBe(409);
    expect(JSON.stringify(cod.data)).toContain("dibayar tunai saat diantar");
  });

  it("settles a payment made before the weighing against the final amount", async () => {
    const tomat = await createProduct(testDb.db, {
      name: "Tomat Bayar Dulu",
      price: 20000,
      stock: 5000,
      soldByWeight: true,
      unit: "per kg",
      weightStep: 250,
      weightMin: 250,
    });
    const order = await placeFor(budi, tomat.id, 1000, "transfer");
    // Budi paid the estimate (Rp 20.000 + Rp 5.000) in the chat before the weighing.
    expect(
      (await staffPost(order.id, { intent: "fee", version: await version(order.id), deliveryFee: "5000" })).status,
    ).toBe(303);
    expect((await staffPost(order.id, { intent: "paid", paidAmount: "25000" })).status).toBe(303);
    expect(await testDb.db.$count(balanceEntries, eq(balanceEntries.userId, budi.id))).toBe(0);
    const v = await version(order.id);
    expect(
      (await staffPost(order.id, { intent: "weight", version: v, itemId: order.items[0].id, amount: "0,9" })).status,
    ).toBe(303);
    expect((await staffPost(order.id, { intent: "finalize", version: await version(order.id) })).status).toBe(303);
    // 0,9 kg x Rp 20.000 + Rp 5.000 = Rp 23.000: Rp 2.000 paid too much.
    const [entry] = await testDb.db.select().from(balanceEntries).where(eq(balanceEntries.userId, budi.id));
    expect(entry).toMatchObject({ kind: "payment", amount: 2000, orderId: order.id });
  });
});

describe("replacing the QRIS image", () => {
  const post = async (background: string) =>
    callAction(
      qrisRoute.action,
      "/admin/settings/qris",
      form({
        qrisImage: new File(
          [
            new Uint8Array(
              await sharp({ create: { width: 64, height: 64, channels: 3, background } })
                .png()
                .toBuffer(),
            ),
          ],
          "qris.png",
          { type: "image/png" },
        ),
      }),
      { cookie: cookies.owner },
    );
  const currentUrl = async () => (await readShopSettings(testDb.db)).values.paymentMethods.qris.imageUrl!;
  const get = (url: string, headers: Record<string, string> = {}) =>
    callLoader(uploadsRoute.loader, url, { params: { "*": url.slice("/uploads/".length).split("?")[0] }, headers });

  it("takes the old image offline at once, and never lets anyone cache a QRIS image for long", async () => {
    expect((await post("#111111")).status).toBe(303);
    const oldUrl = await currentUrl();
    const first = await get(oldUrl);
    expect(first.status).toBe(200);
    // Kept, but checked again on every use: never 'immutable' for a year.
    expect(first.headers.get("cache-control")).toBe("public, no-cache");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await get(oldUrl, { "If-None-Match": etag })).status).toBe(304);
    const resized = await get(`${oldUrl}?w=320`);
    expect(resized.status).toBe(200);
    expect(resized.headers.get("cache-control")).toBe("public, no-cache");

    expect((await post("#222222")).status).toBe(303);
    const newUrl = await currentUrl();
    expect(newUrl).not.toBe(oldUrl);
    // The replaced code answers 404 (also to a browser revalidating its copy, and at every width).
    expect((await get(oldUrl)).status).toBe(404);
    expect((await get(oldUrl, { "If-None-Match": etag })).status).toBe(404);
    expect((await get(`${oldUrl}?w=320`)).status).toBe(404);
    expect(existsSync(path.join(uploads, oldUrl.slice("/uploads/".length)))).toBe(false);
    const served = await get(newUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get("cache-control")).toBe("public, no-cache");
    expect(served.headers.get("etag")).not.toBe(etag);
  });
});

describe("a proof for an order that cannot take one", () => {
  it("is refused before the image is even read: a cancelled order answers at once, and nothing is stored", async () => {
    const product = await createProduct(testDb.db, { name: "Tomat Batal", price: 12000, stock: 50 });
    const order = await placeFor(ani, product.id, 2, "transfer");
    const cancelled = await callAction(orderRoute.action, `/orders/${order.id}`, form({ intent: "cancel" }), {
      cookie: cookies.ani,
      params: { id: order.id },
    });
    expect(cancelled.status).toBeLessThan(400);
    expect((await row(order.id)).status).toBe("cancelled");
    const proofs = () => (existsSync(path.join(uploads, "proofs")) ? readdirSync(path.join(uploads, "proofs")) : []);
    const before = proofs();
    // Not an image at all: the order's state is the answer, not the file's.
    const garbage = await upload("ani", order.id, new File(["bukan gambar"], "bukti.png", { type: "image/png" }));
    expect(garbage.status).toBe(409);
    expect(JSON.stringify(garbage.data)).toContain("Pesanan ini sudah dibatalkan.");
    // The slow-to-decode PNG: refused just as fast.
    const started = Date.now();
    const tall = await upload("ani", order.id, new File([new Uint8Array(tallPng())], "bukti.png"));
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(tall.status).toBe(409);
    expect(JSON.stringify(tall.data)).toContain("Pesanan ini sudah dibatalkan.");
    expect(proofs()).toEqual(before);
    expect((await row(order.id)).paymentProofKey).toBeNull();
  });

  it("refuses the tall PNG on an order that could take a proof, by its header, with a message", async () => {
    const product = await createProduct(testDb.db, {
      name: "Terong Tinggi",
      price: 10000,
      stock: 5000,
      soldByWeight: true,
      unit: "per kg",
      weightStep: 250,
      weightMin: 250,
    });
    const order = await placeFor(budi, product.id, 1000, "qris");
    await finalise(order.id, order.items[0].id, "1");
    const started = Date.now();
    const tall = await upload("budi", order.id, new File([new Uint8Array(tallPng())], "bukti.png"));
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(tall.status).toBe(400);
    expect(JSON.stringify(tall.data)).toContain(
      "Gambar terlalu besar: maksimal 40 megapiksel dan 12.000 piksel per sisi.",
    );
    expect((await row(order.id)).paymentStatus).toBe("unpaid");
  });
});

describe("a proof sent in the WhatsApp chat, attached by staff", () => {
  const attach = (orderId: string, proof: File | string, cookie = cookies.staff) =>
    callAction(adminOrderRoute.action, `/admin/orders/${orderId}`, form({ intent: "staff-proof", proof }), {
      cookie,
      params: { id: orderId },
    });

  it("goes through the customer's image gate, is recorded as staff's, and leads to 'Tandai Lunas'", async () => {
    const tomat = await createProduct(testDb.db, {
      name: "Tomat Bukti Staf",
      price: 20000,
      stock: 5000,
      soldByWeight: true,
      unit: "per kg",
      weightStep: 250,
      weightMin: 250,
    });
    const order = await placeFor(budi, tomat.id, 500, "transfer");
    // Nothing to pay before the final bill, for staff as for the customer.
    const early = await attach(order.id, await photo());
    expect(early.status).toBe(409);
    expect(JSON.stringify(early.data)).toContain("Tagihan belum final");
    await finalise(order.id, order.items[0].id, "0,5");

    // The same gate as the customer's upload; a customer cannot use the staff form.
    const notImage = await attach(order.id, new File(["%PDF-1.4"], "bukti.pdf", { type: "application/pdf" }));
    expect(notImage.status).toBe(400);
    expect(JSON.stringify(notImage.data)).toContain("Gambar harus berupa JPEG, PNG, atau WebP.");
    const tall = await attach(order.id, new File([new Uint8Array(tallPng())], "bukti.png"));
    expect(tall.status).toBe(400);
    expect(JSON.stringify(tall.data)).toContain("Gambar terlalu besar");
    // A customer posting to the staff page is signed out and sent to the staff login.
    const customer = await attach(order.id, await photo(), cookies.budi);
    expect(customer.status).toBe(302);
    expect(customer.location).toBe("/admin/login");
    cookies.budi = await signIn(testDb.db, budi);
    expect(await row(order.id)).toMatchObject({ paymentStatus: "unpaid", paymentProofKey: null });

    expect((await attach(order.id, await photo())).status).toBe(303);
    const attached = await row(order.id);
    expect(attached).toMatchObject({ paymentStatus: "pending", paymentProofBy: staff.id });
    expect(attached.paymentProofKey).toMatch(/^proofs\/[a-f0-9]{32}\.webp$/);
    const changes = await testDb.db.select().from(orderChanges).where(eq(orderChanges.orderId, order.id));
    expect(changes.map((c) => [c.kind, c.description, c.changedBy])).toContainEqual([
      "payment",
      "Bukti bayar dari WhatsApp dilampirkan staf",
      staff.id,
    ]);
    // Staff see where it came from; its customer sees 'Menunggu Verifikasi' and the proof.
    const page = await callLoader(adminOrderRoute.loader, `/admin/orders/${order.id}`, {
      cookie: cookies.staff,
      params: { id: order.id },
    });
    expect(page.data).toMatchObject({ payment: { status: "pending", hasProof: true, proofByStaff: true } });
    const proofUrl = `/orders/${order.id}/payment-proof`;
    expect(
      (await callLoader(proofRoute.loader, proofUrl, { cookie: cookies.budi, params: { id: order.id } })).status,
    ).toBe(200);

    expect((await staffPost(order.id, { intent: "paid", paidAmount: "15000" })).status).toBe(303);
    expect(await row(order.id)).toMatchObject({ paymentStatus: "paid", paidAmount: 15000 });
    const late = await attach(order.id, await photo());
    expect(late.status).toBe(409);
    expect(JSON.stringify(late.data)).toContain("sudah Lunas");
  });
});
