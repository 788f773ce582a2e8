// The outbox on the embedded database (or PostgreSQL with TEST_DATABASE_URL): stored news is
// sent once, a failing send waits for a retry without failing anything, concurrent workers
// never send one message twice, and the shop's order changes tell the customer.
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { orders, products, users } from "~/db/schema";
import { parseCheckout } from "~/lib/checkout";
import { formatRupiah } from "~/lib/money";
import { clearOutbox, outboxMails } from "../../../tests/support/outbox";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-db";
import { setDeliveryFee } from "../orders/fee.server";
import { setOrderStatus } from "../orders/status.server";
import type { MailMessage } from "./mail-transport.server";
import { placeOrder } from "../orders/placing.server";
import { rejectPaymentProof } from "../orders/payments.server";
import { orderNotices } from "./notices.server";
import { notify } from "./notify.server";
import { MAX_ATTEMPTS, processOutbox, retryDelayMs, type Senders } from "./outbox.server";

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: false });
});

afterAll(async () => {
  await testDb?.destroy();
});

beforeEach(async () => {
  await clearOutbox(testDb.db);
});

/** News for one address about a product named `name` (its name is in the subject). */
function tell(name = "Halo", dedupeKey?: string, db: Parameters<typeof notify>[0] = testDb.db) {
  return notify(db, {
    kind: "back-in-stock",
    subject: { product: { name, slug: "halo" }, unsubscribeHref: "https://contoh.id/berhenti" },
    recipient: { email: "siti@contoh.id" },
    dedupeKey,
  });
}

const mails = () => outboxMails(testDb.db);

/** The e-mail channel's transport replaced by one that records. */
function recorder() {
  const sent: MailMessage[] = [];
  const send: Senders = { email: async (m: MailMessage) => void sent.push(m) };
  return { sent, send };
}
const failingWith = (message: string): Senders => ({
  email: async () => {
    throw new Error(message);
  },
});

describe("the outbox", () => {
  it("sends a stored mail once, to its address, with its text and HTML parts", async () => {
    await tell("Pesanan diterima");
    const { sent, send } = recorder();
    expect(await processOutbox(testDb.db, { send })).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(await processOutbox(testDb.db, { send })).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(sent).toHaveLength(1);
    expect(sent[0].to).toBe("siti@contoh.id");
    expect(sent[0].subject).toContain("Pesanan diterima tersedia lagi");
    expect(sent[0].text).toContain("Kabar baik: Pesanan diterima");
    expect(sent[0].html).toContain("<p>Kabar baik: Pesanan diterima");
    const [row] = await mails();
    expect(row.status).toBe("sent");
    expect(row.sentAt).not.toBeNull();
  });

  it("keeps a mail whose send fails and retries it after a growing pause, giving up in the end", async () => {
    await tell();
    const failing = failingWith("SMTP 421 coba lagi nanti");
    let clock = new Date(Date.now() + 1000);
    const now = () => clock;
    expect(await processOutbox(testDb.db, { send: failing, now })).toEqual({ sent: 0, retrying: 1, failed: 0 });
    const [waiting] = await mails();
    expect(waiting.status).toBe("pending");
    expect(waiting.lastError).toContain("421");
    expect(waiting.nextAttemptAt.getTime() - clock.getTime()).toBe(retryDelayMs(1));
    // Not due yet: nothing is tried.
    expect(await processOutbox(testDb.db, { send: failing, now })).toEqual({ sent: 0, retrying: 0, failed: 0 });
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      clock = new Date(clock.getTime() + retryDelayMs(attempt - 1));
      await processOutbox(testDb.db, { send: failing, now });
    }
    const [given] = await mails();
    expect(given.status).toBe("failed");
    expect(given.attempts).toBe(MAX_ATTEMPTS);
    expect(retryDelayMs(2)).toBeGreaterThan(retryDelayMs(1));
  });

  it("a later retry that succeeds sends the mail", async () => {
    await tell();
    let clock = new Date(Date.now() + 1000);
    await processOutbox(testDb.db, {
      now: () => clock,
      send: failingWith("down"),
    });
    clock = new Date(clock.getTime() + retryDelayMs(1));
    const { sent, send } = recorder();
    expect(await processOutbox(testDb.db, { send, now: () => clock })).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(sent).toHaveLength(1);
  });

  it("two workers running at the same time never send one mail twice", async () => {
    for (let i = 0; i < 30; i++) await tell(`Surat ${i}`);
    const { sent, send } = recorder();
    const slowSend: Senders = {
      email: async (m: MailMessage) => {
        await new Promise((r) => setTimeout(r, 2));
        await send.email?.(m);
      },
    };
    await Promise.all([
      processOutbox(testDb.db, { send: slowSend, limit: 10 }),
      processOutbox(testDb.db, { send: slowSend, limit: 10 }),
      processOutbox(testDb.db, { send: slowSend, limit: 10 }),
      processOutbox(testDb.db, { send: slowSend, limit: 10 }),
    ]);
    await processOutbox(testDb.db, { send: slowSend, limit: 30 });
    const subjects = sent.map((m) => m.subject);
    expect(subjects).toHaveLength(30);
    expect(new Set(subjects).size).toBe(30);
  });

  it("a dedupe key stores one mail only, and a rolled-back transaction leaves no mail", async () => {
    expect(await tell("Halo", "k1")).toBe(true);
    expect(await tell("Halo", "k1")).toBe(false);
    await testDb.db
      .transaction(async (tx) => {
        await tell("Tidak jadi", undefined, tx);
        throw new Error("rollback");
      })
      .catch(() => {});
    const rows = await mails();
    expect(rows.map((r) => r.subject)).toEqual([expect.stringContaining("Halo tersedia lagi")]);
  });
});

describe("order mails", () => {
  async function orderFixture() {
    const userId = randomUUID();
    await testDb.db.insert(users).values({ id: userId, name: "Siti Aminah", email: `${userId}@contoh.id` });
    const [product] = await testDb.db
      .insert(products)
      .values({ name: "Kangkung", slug: `kangkung-${randomBytes(3).toString("hex")}`, price: 3000, stock: 10 })
      .returning();
    const input = parseCheckout({
      lines: [{ productId: product.id, quantity: 2 }],
      name: "Siti Aminah",
      phone: "081234567890",
      address: "Jl. Kalimantan No. 37, Jember",
      slot: "pagi",
      notes: "",
      idempotencyKey: randomBytes(12).toString("hex"),
    });
    if (!input.success) throw new Error("bad checkout fixture");
    const placed = await placeOrder(testDb.db, { id: userId }, input.data, { now: new Date("2026-11-24T03:00:00Z") });
    if (!placed.ok) throw new Error(placed.message);
    return { userId, order: placed.order, email: `${userId}@contoh.id` };
  }

  it("placing an order queues 'order received' with the order link and delivery slot, once", async () => {
    const { order, email } = await orderFixture();
    const rows = await outboxMails(testDb.db, { to: email });
    expect(rows).toHaveLength(1);
    expect(rows[0].subject).toBe(`Pesanan #${order.id.slice(0, 8)} kami terima`);
    expect(rows[0].textBody).toContain(`/orders/${order.id}`);
    expect(rows[0].textBody).toContain("Rabu, 25 November 2026, Pagi (05:00 - 07:00)");
    expect(rows[0].textBody).toContain(formatRupiah(6000));
    expect(rows[0].htmlBody).toContain(`href="http`);
  });

  it("a delivery fee and a cancellation by staff each queue the customer's mail", async () => {
    const { order, email } = await orderFixture();
    const admin = { id: randomUUID(), role: "admin" as const };
    await testDb.db
      .insert(users)
      .values({ id: admin.id, name: "Admin", email: `${admin.id}@contoh.id`, role: "admin" });
    expect((await setDeliveryFee(testDb.db, admin, { orderId: order.id, deliveryFee: 10000, version: 1 })).ok).toBe(
      true,
    );
    expect((await setOrderStatus(testDb.db, admin, { orderId: order.id, status: "cancelled" })).ok).toBe(true);
    const rows = await outboxMails(testDb.db, { to: email });
    const subjects = rows.map((r) => r.subject).sort();
    const short = order.id.slice(0, 8);
    expect(subjects).toEqual(
      [
        `Pesanan #${short} dibatalkan`,
        `Pesanan #${short} kami terima`,
        `Total pesanan #${short}: ${formatRupiah(16000)}`,
      ].sort(),
    );
  });

  it("a refused payment proof tells the customer why, each time it is refused", async () => {
    const { order, email } = await orderFixture();
    const admin = { id: randomUUID(), role: "admin" as const };
    await testDb.db
      .insert(users)
      .values({ id: admin.id, name: "Admin", email: `${admin.id}@contoh.id`, role: "admin" });
    for (const reason of ["Foto buram", "Nominal tidak terbaca"]) {
      await testDb.db.update(orders).set({ paymentStatus: "pending" }).where(eq(orders.id, order.id));
      expect((await rejectPaymentProof(testDb.db, admin, order.id, { reason })).ok).toBe(true);
    }
    const refused = await outboxMails(testDb.db, { to: email, kind: "payment-rejected" });
    expect(refused.map((m) => m.subject)).toEqual([
      `Bukti bayar pesanan #${order.id.slice(0, 8)} belum dapat kami terima`,
      `Bukti bayar pesanan #${order.id.slice(0, 8)} belum dapat kami terima`,
    ]);
    expect(refused[0].textBody).toContain("Alasan: Foto buram");
    expect(refused[1].textBody).toContain("Alasan: Nominal tidak terbaca");
    expect(refused[0].textBody).toContain(`Jumlah yang dibayar: ${formatRupiah(6000)}`);
  });

  it("tells what the customer was told on the order, whatever channel carried it", async () => {
    const { order } = await orderFixture();
    const told = await orderNotices(testDb.db, order.id);
    expect(Object.keys(told)).toEqual(["order-received"]);
    expect(await notify(testDb.db, { kind: "out-for-delivery", order: order.id })).toBe(true);
    // Told once: a second tap stores nothing and the first time stays.
    expect(await notify(testDb.db, { kind: "out-for-delivery", order: order.id })).toBe(false);
    const after = await orderNotices(testDb.db, order.id);
    expect(Object.keys(after).sort()).toEqual(["order-received", "out-for-delivery"]);
    expect(after["out-for-delivery"]).toBeInstanceOf(Date);
  });
});
