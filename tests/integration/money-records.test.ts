// Money is never lost by a state change, a typed amount or a big sum, through the routes as the
// server runs them: a shopper cannot cancel once the bill is final or money was paid (and is
// not offered to); staff can, and what the cancel moves (a debt or a credit the bill carried, a
// payment received) lands in 'Saldo' and 'Riwayat Perubahan', so the customer's money adds up.
// Amounts typed with zero sen are read as whole rupiah, non-zero sen refused; a balance is
// bounded where it is stored, and pages that add it up never fail.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { balanceEntries, orderChanges, orders } from "~/db/schema";
import { parseCheckout } from "~/lib/checkout";
import * as adminOrderRoute from "~/routes/admin.orders.$id";
import * as orderRoute from "~/routes/orders.$id";
import * as profileRoute from "~/routes/profile";
import { placeOrder } from "~/server/orders/placing.server";
import { LocalDiskStorage, setStorageForTests } from "~/server/uploads/storage.server";
import {
  configureBankAccount,
  createProduct,
  createUser,
  nextDelivery,
  signIn,
  type TestUser,
} from "../support/factories";
import { callAction, callLoader, cookiesAfter, form, releaseTestDatabase, useTestDatabase } from "../support/routes";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

let testDb: TestDatabase;
let uploads: string;
let staff: TestUser;
let productId: string;
const cookies = new Map<string, string>();

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: false });
  useTestDatabase(testDb);
  // The shop's own account entered: a fresh shop takes no transfers.
  await configureBankAccount(testDb.db);
  uploads = mkdtempSync(path.join(tmpdir(), "uang-"));
  setStorageForTests(new LocalDiskStorage(uploads));
  staff = await createUser(testDb.db, { role: "staff", name: "Dewi Staf" });
  cookies.set(staff.id, await signIn(testDb.db, staff));
  // Rp 20.000 per kg: 0,5 kg is Rp 10.000, plus Rp 5.000 delivery, Rp 15.000 in all.
  productId = (
    await createProduct(testDb.db, {
      name: "Tomat Uang",
      price: 20000,
      stock: 1_000_000,
      soldByWeight: true,
      unit: "per kg",
      weightStep: 250,
      weightMin: 250,
    })
  ).id;
});

afterAll(async () => {
  setStorageForTests(undefined);
  releaseTestDatabase();
  await testDb?.destroy();
  rmSync(uploads, { recursive: true, force: true });
});

async function customer(name: string) {
  const user = await createUser(testDb.db, { name });
  cookies.set(user.id, await signIn(testDb.db, user));
  return user;
}

async function place(user: TestUser, paymentMethod: "transfer" | "cod" = "transfer") {
  const input = parseCheckout({
    name: user.name,
    phone: "081234567890",
    address: "Jl. Kalimantan No. 37, Jember",
    // The earliest delivery still open now: a fixed "tomorrow morning" is closed after its
    // 21:00 cut-off, and the suite must pass at any hour.
    ...nextDelivery(),
    lines: [{ productId, quantity: 500 }],
    paymentMethod,
    idempotencyKey: `key-${Math.random().toString(36).slice(2)}-uang`,
  });
  if (!input.success) throw new Error(JSON.stringify(input.fieldErrors));
  const result = await placeOrder(testDb.db, user, input.data);
  if (!result.ok) throw new Error(result.message);
  return result.order;
}

const staffPost = (orderId: string, fields: Record<string, string>) =>
  callAction(adminOrderRoute.action, `/admin/orders/${orderId}`, form(fields), {
    cookie: cookies.get(staff.id),
    params: { id: orderId },
  });

const version = async (orderId: string) =>
  String((await testDb.db.select({ v: orders.version }).from(orders).where(eq(orders.id, orderId)))[0].v);

const row = async (orderId: string) => (await testDb.db.select().from(orders).where(eq(orders.id, orderId)))[0];

/** Staff set the fee and press 'Tagihan Final': Rp 10.000 of tomatoes plus Rp 5.000. */
async function finalise(orderId: string) {
  expect(
    (await staffPost(orderId, { intent: "fee", version: await version(orderId), deliveryFee: "5000" })).status,
  ).toBe(303);
  return staffPost(orderId, { intent: "finalize", version: await version(orderId) });
}

const markPaid = (orderId: string, paidAmount: string) => staffPost(orderId, { intent: "paid", paidAmount });

const balanceOf = async (user: TestUser) =>
  (await callLoader(profileRoute.loader, "/profile", { cookie: cookies.get(user.id) })).data as {
    balance: { balance: number };
  };

const sumOfEntries = async (user: TestUser) =>
  (await testDb.db.select().from(balanceEntries).where(eq(balanceEntries.userId, user.id))).reduce(
    (sum, e) => sum + e.amount,
    0,
  );

const changeLines = async (orderId: string) =>
  (
    await testDb.db
      .select({ description: orderChanges.description })
      .from(orderChanges)
      .where(and(eq(orderChanges.orderId, orderId), eq(orderChanges.kind, "balance")))
  )
    .map((c) => c.description.replace(/\u00a0/g, " "))
    .join("\n");

/** The shopper's own 'Batalkan Pesanan': refused once money moved, and not offered either. */
async function shopperCannotCancel(user: TestUser, orderId: string) {
  const page = await callLoader(orderRoute.loader, `/orders/${orderId}`, {
    cookie: cookies.get(user.id),
    params: { id: orderId },
  });
  expect((page.data as { canCancel: boolean }).canCancel).toBe(false);
  const before = { order: await row(orderId), entries: await sumOfEntries(user) };
  const refused = await callAction(orderRoute.action, `/orders/${orderId}`, form({ intent: "cancel", reason: "" }), {
    cookie: cookies.get(user.id),
    params: { id: orderId },
  });
  expect(refused.status).toBe(409);
  expect((refused.data as { message: string }).message).toMatch(
    /tidak dapat dibatalkan sendiri karena tagihan final sudah dikirim atau pembayaran sudah tercatat\. Hubungi kami lewat WhatsApp/,
  );
  expect(await row(orderId)).toEqual(before.order);
  expect(await sumOfEntries(user)).toBe(before.entries);
}

const staffCancel = (orderId: string) => staffPost(orderId, { intent: "status", status: "cancelled" });

describe("a cancel after the final bill or a payment", () => {
  it("is still the shopper's own while no money has moved", async () => {
    const gita = await customer("Gita Waktu");
    const order = await place(gita);
    const page = await callLoader(orderRoute.loader, `/orders/${order.id}`, {
      cookie: cookies.get(gita.id),
      params: { id: order.id },
    });
    expect((page.data as { canCancel: boolean }).canCancel).toBe(true);
    const done = await callAction(orderRoute.action, `/orders/${order.id}`, form({ intent: "cancel", reason: "" }), {
      cookie: cookies.get(gita.id),
      params: { id: order.id },
    });
    expect(done.status).toBe(303);
    expect((await row(order.id)).status).toBe("cancelled");
  });

  it("keeps a debt carried into the bill: refused to the shopper, back in 'Saldo' when staff cancel", async () => {
    const ani = await customer("Ani Hutang");
    const first = await place(ani);
    expect((await finalise(first.id)).status).toBe(303);
    // Rp 7.000 received for Rp 15.000: Rp 8.000 owed.
    expect((await markPaid(first.id, "7000")).status).toBe(303);
    expect((await balanceOf(ani)).balance.balance).toBe(-8000);

    const second = await place(ani);
    expect((await finalise(second.id)).status).toBe(303);
    expect((await row(second.id)).balanceApplied).toBe(-8000);
    expect((await balanceOf(ani)).balance.balance).toBe(0);

    await shopperCannotCancel(ani, second.id);

    expect((await staffCancel(second.id)).status).toBe(303);
    const cancelled = await row(second.id);
    expect(cancelled).toMatchObject({ status: "cancelled", balanceApplied: 0 });
    expect((await balanceOf(ani)).balance.balance).toBe(-8000);
    expect(await changeLines(second.id)).toContain(
      "Pesanan dibatalkan: kurang bayar Rp 8.000 yang ditambahkan ke tagihan kembali tercatat di Saldo",
    );

    // The next bill carries the debt again, naming where it came from.
    const third = await place(ani);
    expect((await finalise(third.id)).status).toBe(303);
    expect((await row(third.id)).balanceApplied).toBe(-8000);
    expect(await changeLines(third.id)).toContain(`#${first.id.slice(0, 8)}`);
    expect(await sumOfEntries(ani)).toBe(0);
  });

  it("keeps the money of a paid order: refused to the shopper, credited to 'Saldo' when staff cancel", async () => {
    const budi = await customer("Budi Lunas");
    const order = await place(budi);
    expect((await finalise(order.id)).status).toBe(303);
    // Rp 17.000 received for Rp 15.000: Rp 2.000 goes to 'Saldo' at once.
    expect((await markPaid(order.id, "17000")).status).toBe(303);
    expect((await balanceOf(budi)).balance.balance).toBe(2000);

    await shopperCannotCancel(budi, order.id);

    const cancelled = await staffCancel(order.id);
    expect(cancelled.status).toBe(303);
    expect(await row(order.id)).toMatchObject({ status: "cancelled", paymentStatus: "paid", paidAmount: 17000 });
    const { loader: layoutLoader } = await import("~/routes/admin.layout");
    const next = await callLoader(layoutLoader, cancelled.location ?? "/admin/dashboard", {
      cookie: cookiesAfter(cookies.get(staff.id)!, cancelled as never),
    });
    expect((next.data as { flash: { message: string } | null }).flash?.message.replace(/\u00a0/g, " ")).toBe(
      `Status pesanan #${order.id.slice(0, 8)} diubah menjadi Dibatalkan. +Rp 15.000 masuk Saldo pelanggan.`,
    );
    // Nothing was delivered: all Rp 17.000 received is the customer's.
    expect((await balanceOf(budi)).balance.balance).toBe(17000);
    expect(await changeLines(order.id)).toContain("Pesanan dibatalkan: pembayaran (diterima Rp 17.000) masuk Saldo");

    // Taking it up again would count the payment twice.
    const again = await staffPost(order.id, { intent: "status", status: "pending" });
    expect(again.status).toBe(409);
    expect((again.data as { message: string }).message).toContain("tidak dapat diaktifkan kembali");
    expect((await row(order.id)).status).toBe("cancelled");
    expect((await balanceOf(budi)).balance.balance).toBe(17000);
  });

  it("keeps a payment made before the weighing", async () => {
    const dedi = await customer("Dedi Bayar Dulu");
    const order = await place(dedi);
    expect((await markPaid(order.id, "15000")).status).toBe(303);
    await shopperCannotCancel(dedi, order.id);
    expect((await staffCancel(order.id)).status).toBe(303);
    expect((await balanceOf(dedi)).balance.balance).toBe(15000);
  });

  it("keeps a credit taken into the bill: refused to the shopper, back in 'Saldo' when staff cancel", async () => {
    const citra = await customer("Citra Kredit");
    const first = await place(citra);
    expect((await finalise(first.id)).status).toBe(303);
    expect((await markPaid(first.id, "19000")).status).toBe(303);
    expect((await balanceOf(citra)).balance.balance).toBe(4000);

    const second = await place(citra);
    expect((await finalise(second.id)).status).toBe(303);
    expect((await row(second.id)).balanceApplied).toBe(4000);
    expect((await balanceOf(citra)).balance.balance).toBe(0);

    await shopperCannotCancel(citra, second.id);

    expect((await staffCancel(second.id)).status).toBe(303);
    expect((await balanceOf(citra)).balance.balance).toBe(4000);
    expect(await changeLines(second.id)).toContain(
      "Pesanan dibatalkan: Saldo Rp 4.000 yang dipotong dari tagihan dikembalikan ke Saldo",
    );
  });

  it("waits for a proof to be checked before staff cancel", async () => {
    const eko = await customer("Eko Bukti");
    const order = await place(eko);
    expect((await finalise(order.id)).status).toBe(303);
    const image = await sharp({ create: { width: 32, height: 24, channels: 3, background: "#2f855a" } })
      .jpeg()
      .toBuffer();
    const sent = await callAction(
      orderRoute.action,
      `/orders/${order.id}`,
      form({ intent: "proof", proof: new File([new Uint8Array(image)], "bukti.jpg", { type: "image/jpeg" }) }),
      { cookie: cookies.get(eko.id), params: { id: order.id } },
    );
    expect(sent.status).toBe(303);
    await shopperCannotCancel(eko, order.id);
    const refused = await staffCancel(order.id);
    expect(refused.status).toBe(409);
    expect((refused.data as { message: string }).message).toContain("masih menunggu verifikasi");
    expect((await row(order.id)).status).toBe("pending");
  });
});

describe("amounts typed on 'Tandai Lunas'", () => {
  it("reads zero sen as whole rupiah and refuses other sen, storing nothing", async () => {
    const fajar = await customer("Fajar Desimal");
    const order = await place(fajar);
    expect((await finalise(order.id)).status).toBe(303);
    for (const typed of ["15000.50", "15.000,50", "15,000"]) {
      const refused = await markPaid(order.id, typed);
      expect(refused.status, typed).toBe(400);
      expect((await row(order.id)).paymentStatus).toBe("unpaid");
    }
    expect(((await markPaid(order.id, "15000.50")).data as { message: string }).message).toBe(
      "Jumlah diterima harus rupiah bulat tanpa sen, mis. 11.000.",
    );
    // Not Rp 1.500.000 with Rp 1.485.000 put into 'Saldo'.
    expect((await markPaid(order.id, "15000.00")).status).toBe(303);
    expect(await row(order.id)).toMatchObject({ paymentStatus: "paid", paidAmount: 15000 });
    expect((await balanceOf(fajar)).balance.balance).toBe(0);
  });
});

describe("a balance kept in range", () => {
  it("refuses a payment that would take 'Saldo' past its bound, storing nothing", async () => {
    const hadi = await customer("Hadi Besar");
    const first = await place(hadi);
    expect((await finalise(first.id)).status).toBe(303);
    expect((await markPaid(first.id, "1.000.000.001")).status).toBe(400);
    expect((await markPaid(first.id, "1.000.000.000")).status).toBe(303);
    expect((await balanceOf(hadi)).balance.balance).toBe(999_985_000);

    const second = await place(hadi);
    expect((await finalise(second.id)).status).toBe(303);
    const entriesBefore = await sumOfEntries(hadi);
    const refused = await markPaid(second.id, "1000000000");
    expect(refused.status).toBe(409);
    expect((refused.data as { message: string }).message).toContain("melewati batas");
    expect(await row(second.id)).toMatchObject({ paymentStatus: "unpaid", paidAmount: null });
    expect(await sumOfEntries(hadi)).toBe(entriesBefore);
  });

  it("still shows every page of a customer whose stored entries add up past an integer", async () => {
    for (const sign of [1, -1]) {
      const indah = await customer(`Indah ${sign > 0 ? "Lebih" : "Kurang"}`);
      const old = await place(indah);
      const order = await place(indah);
      // Two entries at the old maximum, stored before the bound existed.
      await testDb.db.insert(balanceEntries).values(
        [1, 2].map(() => ({
          userId: indah.id,
          orderId: old.id,
          kind: "payment",
          amount: sign * 2_000_000_000,
          description: "lama",
        })),
      );
      const profile = await callLoader(profileRoute.loader, "/profile", { cookie: cookies.get(indah.id) });
      expect(profile.status).toBe(200);
      expect((profile.data as { balance: { balance: number } }).balance.balance).toBe(sign * 4_000_000_000);
      const staffPage = await callLoader(adminOrderRoute.loader, `/admin/orders/${order.id}`, {
        cookie: cookies.get(staff.id),
        params: { id: order.id },
      });
      expect(staffPage.status).toBe(200);
      const final = await finalise(order.id);
      if (sign > 0) {
        // A credit taken into the bill brings the balance back towards its range.
        expect(final.status).toBe(303);
        expect((await row(order.id)).balanceApplied).toBe(15000);
      } else {
        // A debt past what a bill can hold is refused with a message, never a failure.
        expect(final.status).toBe(409);
        expect((final.data as { message: string }).message).toContain("melewati batas");
        expect((await row(order.id)).billFinalAt).toBeNull();
      }
    }
  });
});
