// 'Kode Promo' through the checkout's own transaction and the status machine, on the embedded
// database (or PostgreSQL with TEST_DATABASE_URL): an exact quota under concurrent checkouts,
// the per-customer limit by phone, the use given back on a cancel, and a weighed final bill.
import { randomBytes, randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderItems, orders, promos, users } from "~/db/schema";
import { parseCheckout, type CheckoutInput } from "~/lib/checkout";
import { orderPromoText, orderTextTotals, PROMO_KEPT_BELOW_MINIMUM } from "~/lib/order-text";
import type { AdminActor } from "../accounts/actor.server";
import { editOrder } from "../orders/edits.server";
import { setDeliveryFee } from "../orders/fee.server";
import { placeOrder } from "../orders/placing.server";
import { changeOrderStatus } from "../orders/status.server";
import {
  createProduct,
  createPromo,
  createUser,
  liftOrdersPerCustomerLimit,
  nextDelivery,
  promoForm,
  type NewPromo,
} from "../../../tests/support/factories";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-db";
import { listPromos, savePromo } from "./manage.server";

let testDb: TestDatabase;
let staff: AdminActor;

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: false });
  await liftOrdersPerCustomerLimit(testDb.db);
  staff = { id: (await createUser(testDb.db, { role: "staff", name: "Dewi Staf" })).id, role: "staff" };
});
afterAll(async () => {
  await testDb?.destroy();
});

let phoneSeq = 100_000;
async function makeUser(name = "Siti Aminah") {
  const id = randomUUID();
  await testDb.db
    .insert(users)
    .values({ id, name, email: `${id}@contoh.id`, phone: "", address: "Jl. Jawa 1, Jember" });
  return { id };
}
/** A phone nobody else ordered with. */
const freshPhone = () => `08123${String(phoneSeq++).padStart(6, "0")}`;

function checkout(lines: { productId: string; quantity: number }[], overrides: Record<string, unknown> = {}) {
  const parsed = parseCheckout({
    name: "Siti Aminah",
    phone: freshPhone(),
    address: "Jl. Kalimantan No. 37, Sumbersari, Jember",
    notes: "",
    ...nextDelivery(),
    lines,
    idempotencyKey: randomBytes(16).toString("hex"),
    ...overrides,
  });
  if (!parsed.success) throw new Error(JSON.stringify(parsed.fieldErrors));
  return parsed.data as CheckoutInput;
}

const makePromo = (fields: Partial<NewPromo> = {}) => createPromo(testDb.db, staff, fields);

const orderRow = async (id: string) => (await testDb.db.select().from(orders).where(eq(orders.id, id)))[0];
const versionOf = async (id: string) => (await orderRow(id)).version;

describe("a promo code at checkout", () => {
  it("20 checkouts at once on a code with quota 5: exactly 5 discounted orders, the rest refused whole", async () => {
    const code = await makePromo({ quota: 5, value: 3000 });
    const product = await createProduct(testDb.db, { price: 10_000, stock: 100 });
    const buyers = await Promise.all(Array.from({ length: 20 }, (_, i) => makeUser(`Pembeli ${i}`)));
    const results = await Promise.all(
      buyers.map((b) =>
        placeOrder(testDb.db, b, checkout([{ productId: product.id, quantity: 2 }], { promoCode: code.toLowerCase() })),
      ),
    );
    const placed = results.filter((r) => r.ok);
    expect(placed).toHaveLength(5);
    for (const r of results) if (!r.ok) expect(r.message).toBe("Kuota promo sudah habis.");
    for (const r of placed) if (r.ok) expect(r.order).toMatchObject({ totalAmount: 17_000, promoDiscount: 3000 });
    // Nothing half-stored: only the 5 orders exist for these buyers, and only their stock left.
    const [{ n }] = await testDb.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(sql`${orders.userId} in ${buyers.map((b) => b.id)}`);
    expect(n).toBe(5);
    const [{ stock }] = await testDb.db
      .execute<{ stock: number }>(sql`select stock from products where id = ${product.id}`)
      .then((r) => (Array.isArray(r) ? r : (r as { rows: { stock: number }[] }).rows));
    expect(stock).toBe(90);
    const listed = (await listPromos(testDb.db, staff)).find((p) => p.code === code);
    expect(listed).toMatchObject({ uses: 5, discountGiven: 15_000, revenue: 85_000 });
  });

  it("limits each customer by phone as well as by account: another account with the same phone is refused", async () => {
    const code = await makePromo({ perCustomer: 1 });
    const product = await createProduct(testDb.db, { price: 10_000, stock: 20 });
    const phone = freshPhone();
    const first = await placeOrder(
      testDb.db,
      await makeUser(),
      checkout([{ productId: product.id, quantity: 1 }], { promoCode: code, phone }),
    );
    expect(first.ok).toBe(true);
    const second = await placeOrder(
      testDb.db,
      await makeUser("Akun Kedua"),
      checkout([{ productId: product.id, quantity: 1 }], { promoCode: code, phone }),
    );
    expect(second).toMatchObject({ ok: false, message: "Anda sudah memakai kode ini." });
    expect(second.ok ? null : second.fieldErrors.promoCode).toBe("Anda sudah memakai kode ini.");
  });

  it("says why a code is refused: unknown, not yet valid, ended, minimum, new customers, payment method", async () => {
    const product = await createProduct(testDb.db, { price: 10_000, stock: 50 });
    const user = await makeUser();
    const line = [{ productId: product.id, quantity: 1 }];
    const refused = async (code: string, overrides: Record<string, unknown> = {}) => {
      const r = await placeOrder(testDb.db, user, checkout(line, { promoCode: code, ...overrides }));
      return r.ok ? "placed" : r.message;
    };
    expect(await refused("TIDAKADA")).toBe("Kode promo tidak ditemukan.");
    const later = await makePromo({ startsAt: new Date(Date.now() + 86_400_000) });
    expect(await refused(later)).toMatch(/^Kode promo belum berlaku/);
    const past = await makePromo({ endsAt: new Date(Date.now() - 60_000) });
    expect(await refused(past)).toBe("Kode promo sudah berakhir.");
    const big = await makePromo({ minSpend: 50_000 });
    expect(await refused(big)).toBe("Belanja minimal Rp\u00a050.000 untuk kode ini (ongkir tidak dihitung).");
    const qrisOnly = await makePromo({ method_qris: true });
    expect(await refused(qrisOnly, { paymentMethod: "cod" })).toMatch(
      /^Kode ini tidak berlaku untuk metode bayar Bayar di Tempat \(COD\)/,
    );
    const welcome = await makePromo({ newCustomersOnly: true });
    const phone = freshPhone();
    expect(await refused(welcome, { phone })).toBe("placed");
    expect(await refused(welcome, { phone: freshPhone() })).toBe("Kode ini hanya untuk pelanggan baru.");
  });

  it("cancelling an order gives its use back, so the next customer may take it", async () => {
    const code = await makePromo({ quota: 1 });
    const product = await createProduct(testDb.db, { price: 10_000, stock: 20 });
    const line = [{ productId: product.id, quantity: 1 }];
    const first = await placeOrder(testDb.db, await makeUser(), checkout(line, { promoCode: code }));
    if (!first.ok) throw new Error(first.message);
    const blocked = await placeOrder(testDb.db, await makeUser(), checkout(line, { promoCode: code }));
    expect(blocked).toMatchObject({ ok: false, message: "Kuota promo sudah habis." });
    const cancelled = await changeOrderStatus(testDb.db, {
      orderId: first.order.id,
      status: "cancelled",
      changedBy: null,
    });
    expect(cancelled.ok).toBe(true);
    const next = await placeOrder(testDb.db, await makeUser(), checkout(line, { promoCode: code }));
    expect(next.ok).toBe(true);
    // The quota is used again: the cancelled order cannot be taken up again with its promo.
    const revived = await changeOrderStatus(testDb.db, {
      orderId: first.order.id,
      status: "pending",
      changedBy: null,
    });
    expect(revived).toMatchObject({ ok: false });
    expect(revived.ok ? "" : revived.message).toMatch(/^Kuota promo .* sudah habis/);
    expect((await orderRow(first.order.id)).status).toBe("cancelled");
  });

  it("a weighed final bill below the minimum keeps the promo, recomputed on the weighed goods and said on the bill", async () => {
    const code = await makePromo({
      kind: "percent",
      value: 10,
      maxDiscount: 20_000,
      minSpend: 40_000,
    });
    const melon = await createProduct(testDb.db, {
      name: "Melon Jember",
      price: 40_000,
      soldByWeight: true,
      weightStep: 100,
      weightMin: 100,
      stock: 10_000,
    });
    const bayam = await createProduct(testDb.db, { name: "Bayam", price: 5_000, stock: 20 });
    const placed = await placeOrder(
      testDb.db,
      await makeUser(),
      checkout(
        [
          { productId: melon.id, quantity: 1000 },
          { productId: bayam.id, quantity: 1 },
        ],
        { promoCode: code },
      ),
    );
    if (!placed.ok) throw new Error(placed.message);
    const id = placed.order.id;
    // 40.000 + 5.000 = 45.000; 10% = 4.500 split over the lines in whole rupiah.
    expect(placed.order).toMatchObject({ totalAmount: 40_500, promoDiscount: 4_500 });
    expect(placed.order.items.reduce((s, i) => s + i.promoShare, 0)).toBe(4_500);

    const melonLine = placed.order.items.find((i) => i.productId === melon.id)!;
    const weighed = await editOrder(testDb.db, staff, id, {
      intent: "weight",
      version: await versionOf(id),
      itemId: melonLine.id,
      amount: "0,7",
    });
    expect(weighed.ok).toBe(true);
    expect(
      (await setDeliveryFee(testDb.db, staff, { orderId: id, deliveryFee: 7000, version: await versionOf(id) })).ok,
    ).toBe(true);
    const final = await editOrder(testDb.db, staff, id, { intent: "finalize", version: await versionOf(id) });
    expect(final.ok).toBe(true);

    const row = await orderRow(id);
    // Weighed: 28.000 + 5.000 = 33.000, under the 40.000 minimum: still 10% = 3.300.
    expect(row).toMatchObject({ promoCode: code, promoDiscount: 3_300, totalAmount: 29_700, deliveryFee: 7000 });
    const shares = await testDb.db
      .select({ share: orderItems.promoShare })
      .from(orderItems)
      .where(eq(orderItems.orderId, id));
    expect(shares.reduce((s, r) => s + r.share, 0)).toBe(3_300);
    expect(orderTextTotals(row)).toMatchObject({ subtotal: 33_000, fee: 7000, promo: 3_300, total: 36_700 });
    expect(orderPromoText(row)).toMatchObject({ belowMinimum: true, amount: 3_300 });
    expect(PROMO_KEPT_BELOW_MINIMUM).toBe("Promo tetap berlaku walau total timbang di bawah minimum");
  });

  it("codes are unique whatever their case", async () => {
    const code = await makePromo();
    const again = await savePromo(testDb.db, staff, promoForm({ code: code.toLowerCase(), value: 1000 }));
    expect(again).toMatchObject({ ok: false, status: 409 });
    const [{ n }] = await testDb.db
      .select({ n: sql<number>`count(*)::int` })
      .from(promos)
      .where(eq(promos.code, code));
    expect(n).toBe(1);
  });
});
