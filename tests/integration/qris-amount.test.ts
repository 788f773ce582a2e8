// The QRIS on the order page carries the bill's amount: the owner's static code is read from
// the uploaded image (or pasted as text), a damaged one is refused with a message and the plain
// image shown instead, and the QR the customer's page draws decodes to the shop's code asking
// for exactly the amount due. Another customer never gets it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import jsQR from "jsqr";
import QRCode from "qrcode";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "~/db/schema";
import { parseCheckout } from "~/lib/checkout";
import { parseQris, qrisCrc } from "~/lib/qris";
import * as adminOrderRoute from "~/routes/admin.orders.$id";
import * as qrisRoute from "~/routes/admin.settings.qris";
import * as orderRoute from "~/routes/orders.$id";
import { placeOrder } from "~/server/orders/placing.server";
import { readShopSettings } from "~/server/settings.server";
import { LocalDiskStorage, setStorageForTests } from "~/server/uploads/storage.server";
import { createProduct, createUser, nextDelivery, signIn, type TestUser } from "../support/factories";
import { callAction, callLoader, form, releaseTestDatabase, useTestDatabase } from "../support/routes";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

const body =
  "00020101021126570011ID.DANA.WWW011893600915380003720102091234567890303UMI" +
  "51440014ID.CO.QRIS.WWW0215ID10243377665540303UMI5204541153033605802ID5912Sayur Jember6006JEMBER6105681216304";
const SHOP_QRIS = body + qrisCrc(body);
const DAMAGED_QRIS = SHOP_QRIS.replace("Sayur Jember", "Sayur Jembar");

let testDb: TestDatabase;
let uploads: string;
let ani: TestUser;
let budi: TestUser;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: false });
  useTestDatabase(testDb);
  uploads = mkdtempSync(path.join(tmpdir(), "qris-"));
  setStorageForTests(new LocalDiskStorage(uploads));
  const owner = await createUser(testDb.db, { role: "admin", name: "Bu Ratna" });
  const staff = await createUser(testDb.db, { role: "staff", name: "Dewi Staf" });
  ani = await createUser(testDb.db, { name: "Ani Lestari" });
  budi = await createUser(testDb.db, { name: "Budi Santoso" });
  for (const [k, u] of Object.entries({ owner, staff, ani, budi })) cookies[k] = await signIn(testDb.db, u);
});

afterAll(async () => {
  setStorageForTests(undefined);
  releaseTestDatabase();
  await testDb?.destroy();
  rmSync(uploads, { recursive: true, force: true });
});

/** A QR image as a phone photo of the sticker would be: the code on a white card. */
async function qrImage(text: string): Promise<File> {
  const png = await QRCode.toBuffer(text, { type: "png", margin: 4, width: 600 });
  const card = await sharp({ create: { width: 800, height: 900, channels: 3, background: "#ffffff" } })
    .composite([{ input: png, top: 150, left: 100 }])
    .png()
    .toBuffer();
  return new File([new Uint8Array(card)], "qris.png", { type: "image/png" });
}

const ownerPost = (fields: Record<string, string | File>) =>
  callAction(qrisRoute.action, "/admin/settings/qris", form(fields), { cookie: cookies.owner });

const storedQris = async () => (await readShopSettings(testDb.db)).values.paymentMethods.qris;

/** The text of the QR an SVG draws, read as a phone would. */
async function readSvgQr(svg: string): Promise<string | null> {
  const { data, info } = await sharp(Buffer.from(svg), { density: 300 })
    .resize(600, 600)
    .flatten({ background: "#ffffff" })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

const staffPost = (orderId: string, fields: Record<string, string>) =>
  callAction(adminOrderRoute.action, `/admin/orders/${orderId}`, form(fields), {
    cookie: cookies.staff,
    params: { id: orderId },
  });

const version = async (orderId: string) =>
  String((await testDb.db.select({ v: orders.version }).from(orders).where(eq(orders.id, orderId)))[0].v);

async function billedQrisOrder(): Promise<string> {
  const tomat = await createProduct(testDb.db, { name: `Tomat QRIS ${Math.random()}`, price: 12000, stock: 50 });
  const input = parseCheckout({
    name: ani.name,
    phone: "081234567890",
    address: "Jl. Kalimantan No. 37, Jember",
    // The earliest delivery still open now: a fixed "tomorrow morning" is closed after its
    // 21:00 cut-off, and the suite must pass at any hour.
    ...nextDelivery(),
    lines: [{ productId: tomat.id, quantity: 3, note: "" }],
    paymentMethod: "qris",
    idempotencyKey: `key-${Math.random().toString(36).slice(2)}-qris`,
  });
  if (!input.success) throw new Error(JSON.stringify(input.fieldErrors));
  const placed = await placeOrder(testDb.db, ani, input.data);
  if (!placed.ok) throw new Error(placed.message);
  const id = placed.order.id;
  expect((await staffPost(id, { intent: "fee", version: await version(id), deliveryFee: "5123" })).status).toBe(303);
  expect((await staffPost(id, { intent: "finalize", version: await version(id) })).status).toBe(303);
  return id;
}

const pageOf = (who: "ani" | "budi", id: string) =>
  callLoader(orderRoute.loader, `/orders/${id}`, { cookie: cookies[who], params: { id } });

describe("QRIS with the amount in it", () => {
  it("reads the code from the uploaded image and shows the customer a QR for exactly the bill", async () => {
    const uploaded = await ownerPost({ intent: "image", qrisImage: await qrImage(SHOP_QRIS) });
    expect(uploaded.status).toBe(303);
    expect(await storedQris()).toMatchObject({ active: true, payload: SHOP_QRIS });

    const id = await billedQrisOrder();
    const page = await pageOf("ani", id);
    const data = page.data as { bill: { amountDue: number }; qrisSvg: string | null };
    // 3 x Rp 12.000 + Rp 5.123 delivery.
    expect(data.bill.amountDue).toBe(41123);
    expect(data.qrisSvg).toContain("<svg");
    const scanned = await readSvgQr(data.qrisSvg!);
    const parsed = parseQris(scanned ?? "");
    expect(parsed).toMatchObject({ ok: true, amount: 41123, merchantName: "Sayur Jember" });
    expect(scanned).toContain("010212");

    // Someone else's order: no page, no QR.
    const other = await pageOf("budi", id);
    expect(other.status).toBe(302);
    expect(JSON.stringify(other.data ?? null)).not.toContain("svg");
  });

  it("keeps a damaged code out: the owner is told and the customer sees the plain image", async () => {
    const uploaded = await ownerPost({ intent: "image", qrisImage: await qrImage(DAMAGED_QRIS) });
    expect(uploaded.status).toBe(303);
    expect(await storedQris()).toMatchObject({ active: true, payload: null });
    const settings = await callLoader(qrisRoute.loader, "/admin/settings/qris", { cookie: cookies.owner });
    expect(settings.data).toMatchObject({ qris: { hasPayload: false } });

    const id = await billedQrisOrder();
    const page = await pageOf("ani", id);
    expect(page.data).toMatchObject({
      qrisSvg: null,
      bill: { paymentMethods: { qris: { imageUrl: expect.any(String) } } },
    });

    const pasted = await ownerPost({ intent: "text", qrisText: DAMAGED_QRIS });
    expect(pasted.status).toBe(400);
    expect(JSON.stringify(pasted.data)).toContain("CRC");
    expect((await storedQris()).payload).toBeNull();

    expect((await ownerPost({ intent: "text", qrisText: ` ${SHOP_QRIS}\n` })).status).toBe(303);
    expect((await storedQris()).payload).toBe(SHOP_QRIS);
    const again = (await pageOf("ani", id)).data as { qrisSvg: string };
    expect(parseQris((await readSvgQr(again.qrisSvg)) ?? "")).toMatchObject({ ok: true, amount: 41123 });
  });
});
