// The 'kode unik' on the embedded database (or PostgreSQL when TEST_DATABASE_URL is set):
// twenty checkouts of the same total at once get twenty different amounts, a cancel or a
// payment frees the amount, a changed bill gets a new one, and the code's rupiah end up where
// the owner's setting says.
import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { balanceEntries, orderChanges, transferCodes, users } from "~/db/schema";
import { parseCheckout } from "~/lib/checkout";
import {
  configureBankAccount,
  createProduct,
  liftOrdersPerCustomerLimit,
  nextDelivery,
} from "../../../tests/support/factories";
import { outboxMails } from "../../../tests/support/outbox";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-db";
import type { AdminActor } from "../accounts/actor.server";
import { editOrder } from "../orders/edits.server";
import { setDeliveryFee } from "../orders/fee.server";
import { markOrderPaid } from "../orders/payments.server";
import { placeOrder } from "../orders/placing.server";
import { changeOrderStatus } from "../orders/status.server";
import { forgetCachedSettings } from "../settings.server";
import { shopSettings } from "~/db/schema";
import { readShopSettings } from "../settings.server";
import { transferAmountOf } from "./transfer-code.server";
import { customerBalance } from "./balance.server";

let testDb: TestDatabase;
let owner: AdminActor & { name: string };

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: false });
  await configureBankAccount(testDb.db);
  await liftOrdersPerCustomerLimit(testDb.db);
  owner = await makeUser("Pemilik Toko", "admin");
});

afterAll(async () => {
  await testDb?.destroy();
});

async function makeUser(name = "Siti Aminah", role = "customer") {
  const id = randomUUID();
  await testDb.db.insert(users).values({
    id,
    name,
    email: `${id}@contoh.id`,
    role,
    phone: "6281234567890",
    address: "Jl. Kalimantan No. 37, Jember",
  });
  return { id, name, role: role as AdminActor["role"] };
}

async function placeTransfer(userId: string, productId: string, quantity: number) {
  const parsed = parseCheckout({
    name: "Siti Aminah",
    phone: "0812-3456-7890",
    address: "Jl. Kalimantan No. 37, Sumbersari, Jember",
    notes: "",
    ...nextDelivery(),
    area: "sumbersari",
    paymentMethod: "transfer",
    lines: [{ productId, quantity }],
    idempotencyKey: randomBytes(16).toString("hex"),
  });
  if (!parsed.success) throw new Error(JSON.stringify(parsed.fieldErrors));
  const placed = await placeOrder(testDb.db, { id: userId }, parsed.data);
  if (!placed.ok) throw new Error(placed.message);
  return placed.order;
}

async function setUniqueCodeMode(mode: "added" | "subtracted") {
  const current = (await readShopSettings(testDb.db)).values.paymentMethods;
  await testDb.db
    .update(shopSettings)
    .set({ value: { ...current, uniqueCode: mode } })
    .where(eq(shopSettings.key, "paymentMethods"));
  forgetCachedSettings();
}

describe("kode unik", () => {
  it("gives twenty checkouts of the same total at once twenty different amounts", async () => {
    const product = await createProduct(testDb.db, { price: 20000, stock: 1000, soldByWeight: false });
    const customers = await Promise.all(Array.from({ length: 20 }, (_, i) => makeUser(`Pembeli ${i}`)));
    const placed = await Promise.all(customers.map((c) => placeTransfer(c.id, product.id, 5)));
    const amounts = await Promise.all(placed.map(async (o) => (await transferAmountOf(testDb.db, o.id))?.amount));
    // 5 x Rp 20.000 and the area's Rp 5.000 fee: Rp 105.000 plus a code of 1-999.
    for (const amount of amounts) {
      expect(amount).toBeGreaterThan(105000);
      expect(amount).toBeLessThan(106000);
    }
    expect(new Set(amounts).size).toBe(20);
  });

  it("is refused by the database when a second open bill asks for a taken amount", async () => {
    const product = await createProduct(testDb.db, { price: 30000, stock: 100, soldByWeight: false });
    const customer = await makeUser();
    const first = await placeTransfer(customer.id, product.id, 1);
    const second = await placeTransfer(customer.id, product.id, 1);
    const taken = await transferAmountOf(testDb.db, first.id);
    const other = await transferAmountOf(testDb.db, second.id);
    expect(taken && other).toBeTruthy();
    await expect(
      testDb.db
        .update(transferCodes)
        .set({ amount: taken!.amount })
        .where(and(eq(transferCodes.orderId, second.id), isNull(transferCodes.releasedAt))),
    ).rejects.toThrow();
  });

  it("frees the amount when the order is cancelled, and asks anew when it is taken up again", async () => {
    const product = await createProduct(testDb.db, { price: 15000, stock: 100, soldByWeight: false });
    const customer = await makeUser();
    const order = await placeTransfer(customer.id, product.id, 2);
    expect(await transferAmountOf(testDb.db, order.id)).not.toBeNull();
    const cancelled = await changeOrderStatus(testDb.db, { orderId: order.id, status: "cancelled", changedBy: null });
    expect(cancelled.ok).toBe(true);
    expect(await transferAmountOf(testDb.db, order.id)).toBeNull();
    await changeOrderStatus(testDb.db, { orderId: order.id, status: "pending", changedBy: null });
    expect(await transferAmountOf(testDb.db, order.id)).not.toBeNull();
  });

  it("gives a bill staff change a new amount for the new total", async () => {
    const product = await createProduct(testDb.db, { price: 12000, stock: 100, soldByWeight: false });
    const customer = await makeUser();
    const order = await placeTransfer(customer.id, product.id, 3);
    const before = await transferAmountOf(testDb.db, order.id);
    expect(before?.billAmount).toBe(41000);
    const fee = await setDeliveryFee(testDb.db, owner, { orderId: order.id, deliveryFee: 8000, version: 1 });
    expect(fee.ok).toBe(true);
    const after = await transferAmountOf(testDb.db, order.id);
    expect(after?.billAmount).toBe(44000);
    expect(after!.amount - 44000).toBe(after!.code);
  });

  it("gives no code to a bill that is still to be weighed, and one at 'Tagihan Final'", async () => {
    const product = await createProduct(testDb.db, { price: 40000, stock: 10000, soldByWeight: true, unit: "kg" });
    const customer = await makeUser();
    const order = await placeTransfer(customer.id, product.id, 500);
    expect(await transferAmountOf(testDb.db, order.id)).toBeNull();
    expect((await editOrder(testDb.db, owner, order.id, { intent: "finalize", version: 1 })).ok).toBe(true);
    const code = await transferAmountOf(testDb.db, order.id);
    expect(code?.billAmount).toBe(25000);
    // The final bill's mail says the exact amount with its code, as the order page does.
    const [mail] = await outboxMails(testDb.db, { kind: "bill-final" }).then((all) =>
      all.filter((m) => m.orderId === order.id),
    );
    expect(mail?.textBody).toContain(`Transfer tepat Rp ${code!.amount.toLocaleString("id-ID")}`);
    expect(mail?.textBody).toContain("3 digit terakhir adalah kode unik");
  });

  it("credits an added code to the customer's 'Saldo' as a 'Kode unik' line once paid and billed", async () => {
    await setUniqueCodeMode("added");
    const product = await createProduct(testDb.db, { price: 10000, stock: 100, soldByWeight: false });
    const customer = await makeUser();
    const order = await placeTransfer(customer.id, product.id, 2);
    const code = (await transferAmountOf(testDb.db, order.id))!;
    expect((await markOrderPaid(testDb.db, owner, order.id, { paidAmount: code.amount })).ok).toBe(true);
    expect(await transferAmountOf(testDb.db, order.id)).toBeNull();
    expect((await editOrder(testDb.db, owner, order.id, { intent: "finalize", version: 1 })).ok).toBe(true);
    expect(await customerBalance(testDb.db, customer.id)).toBe(code.code);
    const entries = await testDb.db
      .select({ description: balanceEntries.description })
      .from(balanceEntries)
      .where(eq(balanceEntries.orderId, order.id));
    expect(entries.map((e) => e.description)).toEqual([
      expect.stringMatching(/^Kode unik Rp.* masuk Saldo \(pesanan #/),
    ]);
  });

  it("takes a subtracted code off the bill: the amount asked pays it in full", async () => {
    await setUniqueCodeMode("subtracted");
    try {
      const product = await createProduct(testDb.db, { price: 10000, stock: 100, soldByWeight: false });
      const customer = await makeUser();
      const order = await placeTransfer(customer.id, product.id, 3);
      const code = (await transferAmountOf(testDb.db, order.id))!;
      expect(code.amount).toBe(35000 - code.code);
      expect((await editOrder(testDb.db, owner, order.id, { intent: "finalize", version: 1 })).ok).toBe(true);
      expect((await markOrderPaid(testDb.db, owner, order.id, { paidAmount: code.amount })).ok).toBe(true);
      expect(await customerBalance(testDb.db, customer.id)).toBe(0);
      const changes = await testDb.db
        .select({ description: orderChanges.description })
        .from(orderChanges)
        .where(eq(orderChanges.orderId, order.id));
      expect(changes.map((c) => c.description)).toContainEqual(
        expect.stringMatching(/^Kode unik .* dikurangkan dari tagihan \(ditanggung toko\)$/),
      );
    } finally {
      await setUniqueCodeMode("added");
    }
  });
});
