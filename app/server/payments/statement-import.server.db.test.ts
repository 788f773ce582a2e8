// 'Unggah Mutasi' on the embedded database (or PostgreSQL): the KlikBCA fixture marks exactly
// the orders it pays unambiguously 'Lunas', lists the rest under 'Perlu Dicek', and a second
// import of the same file changes nothing; staff settle a listed line with one pick.
import { randomBytes, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bankStatementLines, orderChanges, orders, transferCodes, users } from "~/db/schema";
import { parseCheckout } from "~/lib/checkout";
import {
  configureBankAccount,
  createProduct,
  liftOrdersPerCustomerLimit,
  nextDelivery,
} from "../../../tests/support/factories";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-db";
import type { AdminActor } from "../accounts/actor.server";
import { placeOrder } from "../orders/placing.server";
import { decideStatementLine, loadStatementReview, uploadStatement } from "./statement-import.server";

let testDb: TestDatabase;
let staff: AdminActor;

const FIXTURE = readFileSync("tests/fixtures/klikbca-mutasi-desember-januari.csv", "utf8");
const statementFile = () => new File([FIXTURE], "mutasi.csv", { type: "text/csv" });

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: false });
  await configureBankAccount(testDb.db);
  await liftOrdersPerCustomerLimit(testDb.db);
  staff = await makeUser("Staf Toko", "staff");
});

afterAll(async () => {
  await testDb?.destroy();
});

async function makeUser(name: string, role = "customer") {
  const id = randomUUID();
  await testDb.db.insert(users).values({ id, name, email: `${id}@contoh.id`, role, phone: "6281234567890" });
  return { id, role: role as AdminActor["role"] };
}

/** A transfer order whose open bill asks for `amount` (its code set to it), sent on `sentOn`. */
async function openBill(price: number, amount: number | null, sentOn: string) {
  const customer = await makeUser("Pembeli");
  const product = await createProduct(testDb.db, { price, stock: 100, soldByWeight: false });
  const parsed = parseCheckout({
    name: "Siti Aminah",
    phone: "0812-3456-7890",
    address: "Jl. Kalimantan No. 37, Sumbersari, Jember",
    notes: "",
    ...nextDelivery(),
    area: "sumbersari",
    paymentMethod: "transfer",
    lines: [{ productId: product.id, quantity: 1 }],
    idempotencyKey: randomBytes(16).toString("hex"),
  });
  if (!parsed.success) throw new Error(JSON.stringify(parsed.fieldErrors));
  const placed = await placeOrder(testDb.db, { id: customer.id }, parsed.data);
  if (!placed.ok) throw new Error(placed.message);
  const id = placed.order.id;
  const sentAt = new Date(`${sentOn}T10:00:00+07:00`);
  await testDb.db.update(orders).set({ billFinalAt: sentAt }).where(eq(orders.id, id));
  const open = and(eq(transferCodes.orderId, id), isNull(transferCodes.releasedAt));
  if (amount === null) {
    // Billed before codes existed: an open transfer bill of its plain amount.
    await testDb.db.update(transferCodes).set({ releasedAt: new Date(), releaseReason: "not-transfer" }).where(open);
  } else {
    const bill = price + 5000;
    await testDb.db
      .update(transferCodes)
      .set({ code: amount - bill, amount, billAmount: bill, billSentAt: sentAt })
      .where(open);
  }
  return id;
}

async function orderState(id: string) {
  const [row] = await testDb.db
    .select({ paymentStatus: orders.paymentStatus, paidAmount: orders.paidAmount })
    .from(orders)
    .where(eq(orders.id, id));
  return row;
}

async function changesOf(id: string) {
  const rows = await testDb.db
    .select({ description: orderChanges.description })
    .from(orderChanges)
    .where(eq(orderChanges.orderId, id));
  return rows.map((r) => r.description);
}

describe("bank statement import", () => {
  let siti: string;
  let budi: string;
  let dewi1: string;
  let dewi2: string;
  let early: string;

  it("marks exactly the unambiguous orders 'Lunas' and lists the rest under 'Perlu Dicek'", async () => {
    siti = await openBill(100000, 105123, "2026-12-27");
    budi = await openBill(36000, 41456, "2026-12-31");
    // Two open bills of Rp 60.000 without a code: the one credit of that amount is nobody's for sure.
    dewi1 = await openBill(55000, null, "2027-01-02");
    dewi2 = await openBill(55000, null, "2027-01-02");
    // A bill sent after the credit of its amount was booked: that credit is not its payment.
    early = await openBill(72000, 77777, "2027-01-05");

    const result = await uploadStatement(testDb.db, staff, { format: "bca", statement: statementFile() });
    expect(result).toMatchObject({
      ok: true,
      message:
        "Mutasi BCA dibaca: 6 baris baru, 2 pesanan Lunas, 3 perlu dicek, 1 baris sudah pernah diunggah, 1 baris PEND dilewati.",
    });
    expect(await orderState(siti)).toEqual({ paymentStatus: "paid", paidAmount: 105123 });
    expect(await orderState(budi)).toEqual({ paymentStatus: "paid", paidAmount: 41456 });
    for (const id of [dewi1, dewi2, early]) expect((await orderState(id)).paymentStatus).toBe("unpaid");
    expect(await changesOf(siti)).toContain("Dicocokkan dari mutasi BCA 28/12: diterima Rp\u00a0105.123");
    expect(await changesOf(budi)).toContain("Dicocokkan dari mutasi BCA 02/01: diterima Rp\u00a041.456");

    const page = await loadStatementReview(testDb.db, staff);
    expect(page.review.map((l) => [l.amount, l.reviewReason])).toEqual([
      [77777, "Tanggal mutasi sebelum tagihan dikirim."],
      [60000, "Jumlah ini cocok dengan 2 tagihan terbuka."],
      [1500000, "Tidak ada tagihan terbuka dengan jumlah ini."],
    ]);
  });

  it("adds nothing when the same statement is imported again", async () => {
    const before = await testDb.db.select().from(bankStatementLines);
    const again = await uploadStatement(testDb.db, staff, { format: "bca", statement: statementFile() });
    expect(again).toMatchObject({
      ok: true,
      message:
        "Mutasi BCA dibaca: 0 baris baru, 0 pesanan Lunas, 0 perlu dicek, 7 baris sudah pernah diunggah, 1 baris PEND dilewati.",
    });
    expect(await testDb.db.select().from(bankStatementLines)).toEqual(before);
    expect((await changesOf(siti)).filter((c) => c.startsWith("Dicocokkan"))).toHaveLength(1);
  });

  it("lets staff pick the order of a listed credit, or mark it not an order's payment", async () => {
    const page = await loadStatementReview(testDb.db, staff);
    const sixty = page.review.find((l) => l.amount === 60000)!;
    // The bills of exactly its amount are offered first.
    expect(
      sixty.choices
        .slice(0, 2)
        .map((c) => c.id)
        .sort(),
    ).toEqual([dewi1, dewi2].sort());
    const picked = await decideStatementLine(testDb.db, staff, { intent: "pick", lineId: sixty.id, orderId: dewi2 });
    expect(picked.ok).toBe(true);
    expect(await orderState(dewi2)).toEqual({ paymentStatus: "paid", paidAmount: 60000 });
    expect(await changesOf(dewi2)).toContain(
      "Dicocokkan dari mutasi BCA 03/01 (dipilih staf): diterima Rp\u00a060.000",
    );
    expect((await orderState(dewi1)).paymentStatus).toBe("unpaid");
    const twice = await decideStatementLine(testDb.db, staff, { intent: "pick", lineId: sixty.id, orderId: dewi1 });
    expect(twice).toMatchObject({ ok: false, message: "Baris mutasi ini sudah diputuskan." });

    const deposit = page.review.find((l) => l.amount === 1500000)!;
    expect((await decideStatementLine(testDb.db, staff, { intent: "not-order", lineId: deposit.id })).ok).toBe(true);
    const after = await loadStatementReview(testDb.db, staff);
    expect(after.review.map((l) => l.amount)).toEqual([77777]);
  });
});
