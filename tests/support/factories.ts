// Test data made the way the app makes it: accounts through Better Auth, orders through the
// shop's own order store (stock taken through the stock ledger, as checkout does), and the
// inbox's applications and messages.
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Database, Queryable } from "~/db/client.server";
import { categories, contactMessages, orders, partnerApplications, products, shopSettings, users } from "~/db/schema";
import { DELIVERY_SLOTS, type DeliverySlot } from "~/lib/vocab/delivery-slots";
import { type OrderStatus } from "~/lib/vocab/order-statuses";
import { earliestOpenChoice, deliveryDays } from "~/lib/delivery";
import { DEFAULT_DELIVERY_SLOTS, MAX_ORDERS_PER_CUSTOMER } from "~/lib/delivery-settings";
import { now, shopTomorrow } from "~/server/clock.server";
import { makeSignature } from "better-auth/crypto";
import { createAuth } from "~/server/accounts/auth.server";
import { changeOrderStatus } from "~/server/orders/status.server";
import { storeOrder } from "~/server/orders/placing.server";
import { type OrderRecord } from "~/server/orders/columns.server";
import { moveStock, type StockMove } from "~/server/catalog/stock-ledger.server";
import { savePromo, type PromoAction } from "~/server/promos/manage.server";
import type { SettingKey } from "~/lib/shop-settings";
import type { AdminActor } from "~/server/accounts/actor.server";
import { forgetCachedSettings, readShopSettings, saveShopSetting } from "~/server/settings.server";
import type { BankAccount } from "~/lib/payment-settings";
import { cookieHeader } from "./http";

const uid = () => randomBytes(5).toString("hex");

export type TestUser = {
  id: string;
  email: string;
  password: string;
  name: string;
  role: "admin" | "staff" | "courier" | "customer";
};

export async function createUser(
  db: Database,
  {
    role = "customer",
    name,
    email,
    password,
    phone = "081234567890",
    address = "Jl. Kalimantan No. 37, Sumbersari, Jember",
  }: Partial<TestUser> & { phone?: string; address?: string } = {},
): Promise<TestUser> {
  const u = uid();
  const account = {
    email: email ?? `${role}.${u}@contoh.id`,
    password: password ?? `Sayur-Segar-${u}-Jember`,
    name:
      name ??
      (role === "admin"
        ? `Admin ${u}`
        : role === "staff"
          ? `Staf ${u}`
          : role === "courier"
            ? `Kurir ${u}`
            : `Pelanggan ${u}`),
  };
  const created = await createAuth(db).api.signUpEmail({
    body: { ...account, phone, address },
  });
  if (role !== "customer") await db.update(users).set({ role }).where(eq(users.id, created.user.id));
  return { id: created.user.id, role, ...account };
}

/** The Cookie header of a fresh session for this account, as a browser would send it. */
export async function signIn(db: Database, user: { email: string; password: string }): Promise<string> {
  const { headers } = await createAuth(db).api.signInEmail({
    body: { email: user.email, password: user.password },
    returnHeaders: true,
  });
  return cookieHeader(headers);
}

/**
 * `count` new sessions of this account, each as its token and the Cookie header a browser would
 * send, made as a sign-in makes one but without the password check: that check's hash takes
 * about half a second on a loaded 2-core machine, and a test that signs one person in again and
 * again (a customer who posts to the admin is signed out) paid it every time.
 */
export async function openSessions(
  db: Database,
  userId: string,
  count: number,
): Promise<{ token: string; cookie: string }[]> {
  const auth = await createAuth(db).$context;
  const opened: { token: string; cookie: string }[] = [];
  for (let i = 0; i < count; i++) {
    const { token } = await auth.internalAdapter.createSession(userId);
    const signed = `${token}.${await makeSignature(token, auth.secret)}`;
    opened.push({ token, cookie: `${auth.authCookies.sessionToken.name}=${encodeURIComponent(signed)}` });
  }
  return opened;
}

export type OrderLineInput = { productId: string; quantity: number };

export type CreateOrderInput = {
  userId: string;
  items: OrderLineInput[];
  status?: OrderStatus;
  deliveryDate?: string;
  deliverySlot?: DeliverySlot;
  recipientName?: string;
  recipientPhone?: string;
  recipientAddress?: string;
  notes?: string;
  deliveryFee?: number | null;
  /** The delivery area as chosen at checkout (null: outside every area). */
  deliveryAreaName?: string | null;
  createdAt?: Date;
  /** Leave the stock as it was: the order's stock goes back through the ledger (default: taken). */
  takeStock?: boolean;
};

/**
 * An order placed by the shop's own code (`storeOrder`, what checkout stores once it checked
 * the delivery choices): stock taken through the stock ledger, today's discounted prices,
 * the first status. A later status is then set as staff would leave it; a cancelled order
 * has its stock given back, as cancelling does.
 */
export async function createOrder(db: Database, input: CreateOrderInput) {
  return db.transaction((tx) => storeTestOrder(tx, input));
}

async function storeTestOrder(tx: Queryable, input: CreateOrderInput) {
  const slot = input.deliverySlot ?? "pagi";
  const status = input.status ?? "pending";
  let order: OrderRecord;
  try {
    order = await storeOrder(tx, {
      userId: input.userId,
      lines: input.items,
      fields: () => ({
        deliveryFee: input.deliveryFee ?? null,
        deliveryAreaName: input.deliveryAreaName ?? null,
        deliverySlot: slot,
        deliveryTime: DELIVERY_SLOTS[slot].time,
        deliveryDate: input.deliveryDate ?? shopTomorrow(),
        notes: input.notes ?? "",
        recipientName: input.recipientName ?? "Siti Aminah",
        recipientPhone: input.recipientPhone ?? "081234567890",
        recipientAddress: input.recipientAddress ?? "Jl. Kalimantan No. 37, Sumbersari, Jember",
        idempotencyKey: uid(),
        ...(input.createdAt ? { createdAt: input.createdAt, updatedAt: input.createdAt } : {}),
      }),
    });
  } catch (error) {
    throw new Error(`createOrder: the shop refused the order: ${(error as Error).message}`, { cause: error });
  }
  if (status !== "pending") {
    // Set as the shop sets it: the history row, a cancelled order's stock given back, the mail.
    const changed = await changeOrderStatus(tx, { orderId: order.id, status, changedBy: null });
    if (!changed.ok) throw new Error(`createOrder: the shop refused the status ${status}: ${changed.message}`);
    // An order made "in the past" keeps that time as its last change too.
    if (input.createdAt) await tx.update(orders).set({ updatedAt: input.createdAt }).where(eq(orders.id, order.id));
  }
  if (!(input.takeStock ?? true) && status !== "cancelled") {
    await moveStock(
      tx,
      order.items.map((item): StockMove => ({
        productId: item.productId ?? "",
        delta: item.quantity,
        reason: "manual",
        orderId: order.id,
        changedBy: null,
      })),
    );
  }
  return { ...order, status };
}

/**
 * Many orders at once, for paging and search tests, stored like `createOrder` in one
 * transaction; the products' stock ends where it was (topped up first, then taken).
 */
export async function createManyOrders(
  db: Database,
  count: number,
  make: (i: number) => Omit<CreateOrderInput, "items" | "takeStock"> & {
    product: { id: string; name: string; unit: string; price: number };
    quantity?: number;
  },
) {
  const wanted = Array.from({ length: count }, (_, i) => make(i));
  return db.transaction(async (tx) => {
    const topUp = new Map<string, number>();
    for (const w of wanted) topUp.set(w.product.id, (topUp.get(w.product.id) ?? 0) + (w.quantity ?? 1));
    await moveStock(
      tx,
      [...topUp].map(([productId, delta]): StockMove => ({ productId, delta, reason: "manual", changedBy: null })),
    );
    const made: { id: string; recipientName: string; recipientPhone: string; createdAt: Date }[] = [];
    const cancelled = new Map<string, number>();
    for (const w of wanted) {
      const order = await storeTestOrder(tx, { ...w, items: [{ productId: w.product.id, quantity: w.quantity ?? 1 }] });
      made.push({
        id: order.id,
        recipientName: order.recipientName,
        recipientPhone: order.recipientPhone,
        createdAt: order.createdAt,
      });
      // A cancelled order gave its stock back: that part of the top-up goes again.
      if (w.status === "cancelled") cancelled.set(w.product.id, (cancelled.get(w.product.id) ?? 0) + (w.quantity ?? 1));
    }
    await moveStock(
      tx,
      [...cancelled].map(([productId, quantity]): StockMove => ({
        productId,
        delta: -quantity,
        reason: "manual",
        changedBy: null,
      })),
    );
    return made;
  });
}

export async function createPartnerApplication(
  db: Database,
  overrides: Partial<typeof partnerApplications.$inferInsert> = {},
) {
  const [row] = await db
    .insert(partnerApplications)
    .values({
      name: "Pak Slamet",
      phone: "081298765432",
      landAddress: "Desa Sukorambi, Jember",
      farmSize: "0,5 ha",
      products: "Bayam, kangkung\nCabai rawit",
      harvestTime: "Setiap minggu",
      otherInfo: "",
      ...overrides,
    })
    .returning();
  return row;
}

export async function createContactMessage(db: Database, overrides: Partial<typeof contactMessages.$inferInsert> = {}) {
  const [row] = await db
    .insert(contactMessages)
    .values({
      name: "Bu Ratna",
      email: "ratna@contoh.id",
      phone: "085211112222",
      subject: "Pengiriman ke Patrang",
      message: "Apakah bisa kirim ke Patrang?",
      ...overrides,
    })
    .returning();
  return row;
}

/**
 * A product of its own (tests never rely on the sample catalog, which may change). Its stock
 * comes in through the stock ledger as an 'initial' move, as a product made by staff does.
 */
export async function createProduct(db: Database, overrides: Partial<typeof products.$inferInsert> = {}) {
  const u = uid();
  const { stock = 50, ...fields } = overrides;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(products)
      .values({
        name: `Sayur Uji ${u}`,
        slug: `sayur-uji-${u}`,
        price: 5000,
        unit: "per ikat",
        description: "Untuk pengujian.",
        ...fields,
        stock: 0,
      })
      .returning();
    if (stock === 0) return row;
    await moveStock(tx, { productId: row.id, delta: stock, reason: "initial", changedBy: null });
    // The row as the move left it, with the time the test asked for kept when it gave one.
    const [stocked] = await tx
      .update(products)
      .set({ updatedAt: fields.updatedAt ?? row.updatedAt })
      .where(eq(products.id, row.id))
      .returning();
    return stocked;
  });
}

/**
 * Brings a product's stock to `stock` through the stock ledger (a 'manual' move, as a staff
 * edit does, or a sale's 'order'), never by writing the column.
 */
export async function setStock(
  db: Database,
  productId: string,
  stock: number,
  { reason = "manual" }: { reason?: "manual" | "order" } = {},
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, productId))
      .for("update");
    if (!row) throw new Error(`setStock: no product ${productId}`);
    if (row.stock === stock) return;
    const moved = await moveStock(tx, { productId, delta: stock - row.stock, reason, changedBy: null });
    if (!moved) throw new Error(`setStock: the ledger refused stock ${stock} for ${productId}`);
  });
}

export async function createCategory(db: Database, name = `Kategori Uji ${uid()}`) {
  const [row] = await db
    .insert(categories)
    .values({ name, slug: name.toLowerCase().replace(/[^a-z0-9]+/g, "-") })
    .returning();
  return row;
}

/**
 * The earliest date and slot a fresh shop's rules (both slots close 21:00 the day before)
 * still take at the server clock's now: what the checkout chooses by default.
 */
export function nextDelivery(): { deliveryDate: string; slot: "pagi" | "sore" } {
  const choice = earliestOpenChoice(deliveryDays({ slots: DEFAULT_DELIVERY_SLOTS, closedDays: [] }, now()));
  if (!choice) throw new Error("no delivery open under the default rules");
  return { deliveryDate: choice.date, slot: choice.slot };
}

/** Saves a setting as the owner would from a freshly loaded settings page: with the revision it shows. */
export async function saveSetting<K extends SettingKey>(
  db: Queryable,
  owner: AdminActor & { name: string },
  key: K,
  value: unknown,
) {
  const { revisions } = await readShopSettings(db);
  return saveShopSetting(db, owner, key, value, { expectedRevision: revisions[key] });
}

/**
 * Load and race tests send many orders per customer into one delivery slot: this lifts the
 * per-customer limit (to its maximum), which is not what they measure.
 */
export async function liftOrdersPerCustomerLimit(db: Queryable) {
  await db
    .insert(shopSettings)
    .values({ key: "ordersPerCustomer", value: MAX_ORDERS_PER_CUSTOMER })
    .onConflictDoUpdate({ target: shopSettings.key, set: { value: MAX_ORDERS_PER_CUSTOMER } });
}

/** A bank account that looks like a shop's own (a fresh shop has none and takes no transfers). */
export const TEST_BANK_ACCOUNT: BankAccount = { bank: "BRI", number: "0987-01-004567-53-2", holder: "Sayur Jember" };

/** Switches 'Transfer Bank' on with `account`, as the owner does on 'Pengaturan Toko'. */
export async function configureBankAccount(db: Queryable, account: BankAccount = TEST_BANK_ACCOUNT): Promise<void> {
  const current = (await readShopSettings(db)).values.paymentMethods;
  const value = { ...current, bankTransfer: { active: true, accounts: [account] } };
  await db
    .insert(shopSettings)
    .values({ key: "paymentMethods", value, revision: 1 })
    .onConflictDoUpdate({ target: shopSettings.key, set: { value, revision: sql`${shopSettings.revision} + 1` } });
  forgetCachedSettings();
}

export type NewPromo = Extract<PromoAction, { intent: "create" }>;

/** 'Buat Promo' as staff fill it: a fixed Rp 5.000 off, active, for anyone, unless `fields` say otherwise. */
export function promoForm(fields: Partial<NewPromo> = {}): NewPromo {
  return {
    intent: "create",
    code: `UJI${randomBytes(3).toString("hex").toUpperCase()}`,
    kind: "fixed",
    value: 5000,
    maxDiscount: null,
    minSpend: 0,
    startsAt: null,
    endsAt: null,
    quota: null,
    perCustomer: null,
    newCustomersOnly: false,
    active: true,
    method_qris: false,
    method_transfer: false,
    method_cod: false,
    ...fields,
  };
}

/** A 'Kode Promo' saved as staff save it (`promoForm`'s defaults unless `fields` say otherwise); its code. */
export async function createPromo(db: Queryable, actor: AdminActor, fields: Partial<NewPromo> = {}): Promise<string> {
  const form = promoForm(fields);
  const saved = await savePromo(db, actor, form);
  if (!saved.ok) throw new Error(`the test's promo was refused: ${JSON.stringify(saved)}`);
  return form.code;
}
