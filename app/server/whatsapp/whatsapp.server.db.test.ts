// WhatsApp on the embedded database (or PostgreSQL with TEST_DATABASE_URL): order news goes
// to the fake Graph API only with a connection and the customer's consent; webhooks are stored
// once however often they come; statuses end at the furthest; inbound messages tie to the
// order they name and clear 'Belum chat'; a reply outside the window never calls out.
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import {
  notificationDeliveries,
  orders,
  products,
  users,
  whatsappConnection,
  whatsappMessages,
  whatsappStatusEvents,
} from "~/db/schema";
import { parseCheckout } from "~/lib/checkout";
import { resetClock, setClock, fixedClock } from "../clock.server";
import { nextDelivery } from "../../../tests/support/factories";
import { clearOutbox } from "../../../tests/support/outbox";
import { startFakeGraph, type FakeGraph } from "../../../tests/support/fake-graph";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-db";
import { processOutbox } from "../notifications/outbox.server";
import { placeOrder } from "../orders/placing.server";
import { countChatMissing, loadChatState } from "./chat-check.server";
import { DEFAULT_TEMPLATES, storeConnection } from "./connection.server";
import { loadOrderConversation, sendStaffReply, setWhatsappConsent } from "./messages.server";
import { loadOrderTemplates, sendStaffTemplate } from "./staff-template.server";
import { ingestWebhook } from "./webhook.server";

let testDb: TestDatabase;
let fake: FakeGraph;
const SECRET = "rahasia-uji";

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: false });
  fake = await startFakeGraph({ appSecret: SECRET });
});

afterAll(async () => {
  await fake?.close();
  await testDb?.destroy();
});

beforeEach(async () => {
  resetClock();
  await clearOutbox(testDb.db);
  await testDb.db.delete(whatsappConnection);
  await testDb.db.delete(whatsappMessages);
  await testDb.db.delete(whatsappStatusEvents);
  fake.sends.length = 0;
});

async function connect() {
  await storeConnection(testDb.db, {
    phoneNumberId: "1234567890",
    accessToken: "token-uji",
    appSecret: SECRET,
    clearSecrets: false,
    verifyToken: "verifikasi",
    graphUrl: fake.url,
    templates: DEFAULT_TEMPLATES,
    chatReminderMinutes: 30,
  });
}

async function placeWith(
  consent: boolean | undefined,
  phone = `08${randomBytes(5).readUInt32BE() % 1e9}`.padEnd(12, "7"),
) {
  const userId = randomUUID();
  await testDb.db.insert(users).values({ id: userId, name: "Siti Aminah", email: `${userId}@contoh.id` });
  const [product] = await testDb.db
    .insert(products)
    .values({ name: "Kangkung", slug: `kangkung-${randomBytes(3).toString("hex")}`, price: 3000, stock: 10 })
    .returning();
  const input = parseCheckout({
    lines: [{ productId: product.id, quantity: 2 }],
    name: "Siti Aminah",
    phone,
    address: "Jl. Kalimantan No. 37, Jember",
    // The earliest delivery still open now: a fixed "tomorrow morning" is closed after its
    // 21:00 cut-off, and the suite must pass at any hour.
    ...nextDelivery(),
    notes: "",
    whatsappConsent: consent,
    idempotencyKey: randomBytes(12).toString("hex"),
  });
  if (!input.success) throw new Error("bad checkout fixture");
  const placed = await placeOrder(testDb.db, { id: userId }, input.data);
  if (!placed.ok) throw new Error(placed.message);
  return { userId, order: placed.order, phone: placed.order.recipientPhone };
}

const whatsappDeliveries = () =>
  testDb.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.channel, "whatsapp"));

describe("order news on WhatsApp", () => {
  it("without a connection nothing is stored for WhatsApp and nothing calls out, consent or not", async () => {
    await placeWith(true);
    await processOutbox(testDb.db);
    expect(await whatsappDeliveries()).toHaveLength(0);
    expect(fake.sends).toHaveLength(0);
  });

  it("with a connection, a customer who agreed gets 'order received' with the order number; one who did not gets nothing", async () => {
    await connect();
    await placeWith(false);
    const { order, phone, userId } = await placeWith(true);
    const [agreed] = await testDb.db.select({ at: users.whatsappConsentAt }).from(users).where(eq(users.id, userId));
    expect(agreed.at).toBeInstanceOf(Date);
    await processOutbox(testDb.db);
    expect(fake.sends).toHaveLength(1);
    const [send] = fake.sends;
    expect(send.to).toBe(phone);
    expect(send.authorization).toBe("Bearer token-uji");
    expect(send.template?.name).toBe("pesanan_diterima");
    expect(send.template?.params).toContain(`#${order.id.slice(0, 8)}`);
    const conversation = await loadOrderConversation(testDb.db, order.id);
    expect(conversation.messages.map((m) => [m.kind, m.label])).toEqual([["order-received", "Dikirim"]]);
  });

  it("a number not on WhatsApp is given up at once with its meaning; throttling waits for a retry", async () => {
    await connect();
    fake.failNext(131026);
    const unreachable = await placeWith(true);
    await processOutbox(testDb.db);
    const [failed] = await whatsappDeliveries();
    expect(failed.status).toBe("failed");
    const conversation = await loadOrderConversation(testDb.db, unreachable.order.id);
    expect(conversation.messages[0].label).toBe("Gagal");
    expect(conversation.messages[0].reason).toContain("wa.me");

    await clearOutbox(testDb.db);
    fake.failNext(130429);
    await placeWith(true);
    const result = await processOutbox(testDb.db);
    expect(result.retrying).toBe(1);
    const [waiting] = await whatsappDeliveries();
    expect(waiting.status).toBe("pending");
  });
});

describe("'Kirim Template' by hand outside the 24-hour window", () => {
  it("is refused in Indonesian without a connection or without the customer's consent, and nothing calls out", async () => {
    const { order, userId } = await placeWith(true);
    const offline = await sendStaffTemplate(testDb.db, order.id, "order-received");
    expect(offline).toMatchObject({ ok: false, status: 409 });
    expect(!offline.ok && offline.message).toContain("WhatsApp belum terhubung");

    await connect();
    await setWhatsappConsent(testDb.db, userId, false);
    const declined = await sendStaffTemplate(testDb.db, order.id, "order-received");
    expect(!declined.ok && declined.message).toContain("Pelanggan belum setuju");
    expect((await loadOrderTemplates(testDb.db, order.id)).refusal).toContain("Pelanggan belum setuju");
    await processOutbox(testDb.db);
    expect(fake.sends).toHaveLength(0);
  });

  it("offers the templates that fit the order with their filled text, and sends the chosen one through the outbox", async () => {
    await connect();
    const { order, phone } = await placeWith(true);
    await processOutbox(testDb.db);
    fake.sends.length = 0;

    const before = await loadOrderTemplates(testDb.db, order.id);
    expect(before.refusal).toBeNull();
    expect(before.choices.map((c) => c.kind)).not.toContain("bill-final");
    expect(await sendStaffTemplate(testDb.db, order.id, "bill-final")).toMatchObject({ ok: false, status: 409 });

    await testDb.db.update(orders).set({ billFinalAt: new Date() }).where(eq(orders.id, order.id));
    const { choices } = await loadOrderTemplates(testDb.db, order.id);
    const bill = choices.find((c) => c.kind === "bill-final");
    expect(bill?.label).toBe("Tagihan final");
    expect(bill?.text).toContain(`pesanan #${order.id.slice(0, 8)} sudah ditimbang dan dikemas`);

    expect(await sendStaffTemplate(testDb.db, order.id, "bill-final")).toMatchObject({ ok: true });
    // 'Pesanan diterima' was told automatically already; sent by hand it goes again.
    expect(await sendStaffTemplate(testDb.db, order.id, "order-received")).toMatchObject({ ok: true });
    await processOutbox(testDb.db);
    expect(fake.sends.map((s) => [s.to, s.template?.name])).toEqual([
      [phone, "tagihan_final"],
      [phone, "pesanan_diterima"],
    ]);
    const conversation = await loadOrderConversation(testDb.db, order.id);
    expect(conversation.messages.map((m) => [m.kind, m.label])).toEqual([
      ["order-received", "Dikirim"],
      ["bill-final", "Dikirim"],
      ["order-received", "Dikirim"],
    ]);
    expect(conversation.messages[1].body).toBe(bill?.text);
  });
});

describe("webhooks", () => {
  const statusPayload = (wamid: string, status: string, code?: number) => ({
    object: "whatsapp_business_account",
    entry: [
      {
        changes: [
          {
            value: {
              statuses: [
                {
                  id: wamid,
                  status,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  recipient_id: "6281234567890",
                  ...(code ? { errors: [{ code, title: "Re-engagement message" }] } : {}),
                },
              ],
            },
          },
        ],
      },
    ],
  });
  const inboundPayload = (from: string, id: string, text: string, at = new Date()) => ({
    object: "whatsapp_business_account",
    entry: [
      {
        changes: [
          {
            value: {
              messages: [
                { from, id, timestamp: String(Math.floor(at.getTime() / 1000)), type: "text", text: { body: text } },
              ],
            },
          },
        ],
      },
    ],
  });

  it("statuses out of order and twice end at the furthest, each stored once", async () => {
    await connect();
    const { order } = await placeWith(true);
    await processOutbox(testDb.db);
    const wamid = fake.sends[0].wamid!;
    for (const status of ["read", "sent", "delivered", "read", "sent"])
      await ingestWebhook(testDb.db, statusPayload(wamid, status));
    const [row] = await testDb.db.select().from(whatsappMessages).where(eq(whatsappMessages.wamid, wamid));
    expect(row.status).toBe("read");
    const events = await testDb.db.select().from(whatsappStatusEvents).where(eq(whatsappStatusEvents.wamid, wamid));
    expect(events.map((e) => e.status).sort()).toEqual(["delivered", "read", "sent"]);
    expect((await loadOrderConversation(testDb.db, order.id)).messages[0].label).toBe("Dibaca");
  });

  it("an inbound message naming the order is stored once, tied to the order and customer, and clears 'Belum chat'", async () => {
    await connect();
    const placedAt = new Date("2026-11-27T01:00:00Z");
    setClock(fixedClock(placedAt));
    const { order, phone, userId } = await placeWith(undefined);
    // Orders take their creation time from the database; put this one at the clock's time.
    await testDb.db.update(orders).set({ createdAt: placedAt }).where(eq(orders.id, order.id));
    setClock(fixedClock(new Date(placedAt.getTime() + 31 * 60_000)));
    expect((await loadChatState(testDb.db, order.id))?.missing).toBe(true);
    const missingBefore = (await countChatMissing(testDb.db)).count;
    const id = `wamid.in.${randomBytes(6).toString("hex")}`;
    const text = `Halo, saya pesan.\nNo. Pesanan: #${order.id.slice(0, 8)}`;
    const payload = inboundPayload(phone, id, text, new Date(placedAt.getTime() + 31 * 60_000));
    expect(await ingestWebhook(testDb.db, payload)).toMatchObject({ messages: 1 });
    expect(await ingestWebhook(testDb.db, payload)).toMatchObject({ messages: 0 });
    const rows = await testDb.db.select().from(whatsappMessages).where(eq(whatsappMessages.wamid, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ orderId: order.id, userId, direction: "in", phone });
    const state = await loadChatState(testDb.db, order.id);
    expect(state).toMatchObject({ missing: false, confirmedBy: "whatsapp" });
    expect((await countChatMissing(testDb.db)).count).toBe(missingBefore - 1);
  });

  it("a staff reply inside the window reaches the fake; outside it is refused without a call", async () => {
    await connect();
    const start = new Date(Math.floor(Date.now() / 1000) * 1000);
    setClock(fixedClock(start));
    const { order, phone } = await placeWith(true);
    await processOutbox(testDb.db);
    const sendsBefore = fake.sends.length;
    // No message from the customer yet: no window.
    const refused = await sendStaffReply(testDb.db, order.id, "Baik, kami proses.");
    expect(refused.ok).toBe(false);
    expect(fake.sends).toHaveLength(sendsBefore);

    const lastMessage = new Date(start.getTime() + 60_000);
    setClock(fixedClock(new Date(start.getTime() + 120_000)));
    await ingestWebhook(
      testDb.db,
      inboundPayload(phone, `wamid.in.${randomBytes(6).toString("hex")}`, "Kapan diantar?", lastMessage),
    );
    const sent = await sendStaffReply(testDb.db, order.id, "Besok pagi, Bu.");
    expect(sent.ok).toBe(true);
    expect(fake.sends.at(-1)).toMatchObject({ type: "text", text: "Besok pagi, Bu.", to: phone });

    setClock(fixedClock(new Date(lastMessage.getTime() + (23 * 60 + 46) * 60_000)));
    const late = await sendStaffReply(testDb.db, order.id, "Masih ada?");
    expect(late.ok).toBe(false);
    if (!late.ok) expect(late.message).toContain("jendela 24 jam");
    expect(fake.sends).toHaveLength(sendsBefore + 1);
    const conversation = await loadOrderConversation(testDb.db, order.id);
    expect(conversation.canReply).toBe(false);
    expect(conversation.messages.map((m) => m.direction)).toEqual(["out", "in", "out"]);
  });
});
