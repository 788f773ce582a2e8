// The mail queue on the embedded database (or PostgreSQL with TEST_DATABASE_URL): a queued
// mail is sent once, a failing send waits for a retry without failing anything, concurrent
// workers never send one mail twice, and the shop's order changes queue the customer's mails.
import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { mailQueue, products, users } from "~/db/schema";
import { parseCheckout } from "~/lib/checkout";
import { formatRupiah } from "~/lib/money";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { setDeliveryFee } from "./orders/fee.server";
import { setOrderStatus } from "./orders/status.server";
import type { MailMessage } from "./mail.server";
import { enqueueMail, MAIL_MAX_ATTEMPTS, processMailQueue, retryDelayMs } from "./mail-queue.server";
import { composeMail } from "./mail-templates.server";
import { placeOrder } from "./orders/placing.server";

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: false });
});

afterAll(async () => {
  await testDb?.destroy();
});

beforeEach(async () => {
  await testDb.db.delete(mailQueue);
});

function mail(subject = "Halo"): MailMessage {
  return composeMail({ to: "siti@contoh.id", subject, paragraphs: ["Isi surat."] });
}

function recorder() {
  const sent: MailMessage[] = [];
  return { sent, send: async (m: MailMessage) => void sent.push(m) };
}

describe("mail queue", () => {
  it("sends a queued mail once, with its text and HTML parts", async () => {
    await enqueueMail(testDb.db, "test", mail("Pesanan diterima"));
    const { sent, send } = recorder();
    expect(await processMailQueue(testDb.db, { send })).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(await processMailQueue(testDb.db, { send })).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(sent).toHaveLength(1);
    expect(sent[0].subject).toBe("Pesanan diterima");
    expect(sent[0].text).toContain("Isi surat.");
    expect(sent[0].html).toContain("<p>Isi surat.</p>");
    const [row] = await testDb.db.select().from(mailQueue);
    expect(row.status).toBe("sent");
    expect(row.sentAt).not.toBeNull();
  });

  it("keeps a mail whose send fails and retries it after a growing pause, giving up in the end", async () => {
    await enqueueMail(testDb.db, "test", mail());
    const failing = async () => {
      throw new Error("SMTP 421 coba lagi nanti");
    };
    let clock = new Date(Date.now() + 1000);
    const now = () => clock;
    expect(await processMailQueue(testDb.db, { send: failing, now })).toEqual({ sent: 0, retrying: 1, failed: 0 });
    const [waiting] = await testDb.db.select().from(mailQueue);
    expect(waiting.status).toBe("pending");
    expect(waiting.lastError).toContain("421");
    expect(waiting.nextAttemptAt.getTime() - clock.getTime()).toBe(retryDelayMs(1));
    // Not due yet: nothing is tried.
    expect(await processMailQueue(testDb.db, { send: failing, now })).toEqual({ sent: 0, retrying: 0, failed: 0 });
    for (let attempt = 2; attempt <= MAIL_MAX_ATTEMPTS; attempt++) {
      clock = new Date(clock.getTime() + retryDelayMs(attempt - 1));
      await processMailQueue(testDb.db, { send: failing, now });
    }
    const [given] = await testDb.db.select().from(mailQueue);
    expect(given.status).toBe("failed");
    expect(given.attempts).toBe(MAIL_MAX_ATTEMPTS);
    expect(retryDelayMs(2)).toBeGreaterThan(retryDelayMs(1));
  });

  it("a later retry that succeeds sends the mail", async () => {
    await enqueueMail(testDb.db, "test", mail());
    let clock = new Date(Date.now() + 1000);
    await processMailQueue(testDb.db, {
      now: () => clock,
      send: async () => {
        throw new Error("down");
      },
    });
    clock = new Date(clock.getTime() + retryDelayMs(1));
    const { sent, send } = recorder();
    expect(await processMailQueue(testDb.db, { send, now: () => clock })).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(sent).toHaveLength(1);
  });

  it("two workers running at the same time never send one mail twice", async () => {
    for (let i = 0; i < 30; i++) await enqueueMail(testDb.db, "test", mail(`Surat ${i}`));
    const { sent, send } = recorder();
    const slowSend = async (m: MailMessage) => {
      await new Promise((r) => setTimeout(r, 2));
      await send(m);
    };
    await Promise.all([
      processMailQueue(testDb.db, { send: slowSend, limit: 10 }),
      processMailQueue(testDb.db, { send: slowSend, limit: 10 }),
      processMailQueue(testDb.db, { send: slowSend, limit: 10 }),
      processMailQueue(testDb.db, { send: slowSend, limit: 10 }),
    ]);
    await processMailQueue(testDb.db, { send: slowSend, limit: 30 });
    const subjects = sent.map((m) => m.subject);
    expect(subjects).toHaveLength(30);
    expect(new Set(subjects).size).toBe(30);
  });

  it("a dedupe key stores one mail only, and a rolled-back transaction leaves no mail", async () => {
    expect(await enqueueMail(testDb.db, "test", mail(), { dedupeKey: "k1" })).toBe(true);
    expect(await enqueueMail(testDb.db, "test", mail(), { dedupeKey: "k1" })).toBe(false);
    await testDb.db
      .transaction(async (tx) => {
        await enqueueMail(tx, "test", mail("Tidak jadi"));
        throw new Error("rollback");
      })
      .catch(() => {});
    const rows = await testDb.db.select({ subject: mailQueue.subject }).from(mailQueue);
    expect(rows.map((r) => r.subject)).toEqual(["Halo"]);
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
    const rows = await testDb.db.select().from(mailQueue).where(eq(mailQueue.toAddress, email));
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
    const rows = await testDb.db.select().from(mailQueue).where(eq(mailQueue.toAddress, email));
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
});
