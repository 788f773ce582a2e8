// Tables only. Money is integer rupiah; timestamps are timestamptz; ids are uuids
// except the Better Auth tables, whose ids Better Auth generates itself.
import { sql } from "drizzle-orm";
import type { StockReason } from "../lib/vocab/stock-reasons";
import type { PromoTerms } from "../lib/promo";
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

// ---- Accounts (Better Auth models user/session/account/verification, plural table names) ----

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(), // the full name
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    phone: text("phone").notNull().default(""),
    address: text("address").notNull().default(""),
    // The delivery area last chosen (an id of the 'Area Pengiriman' setting), offered again at checkout.
    deliveryAreaId: text("delivery_area_id"),
    // When the customer agreed to get order news on WhatsApp ('Kirim kabar pesanan ke WhatsApp
    // saya' at checkout, changeable on the profile); null: not agreed.
    whatsappConsentAt: timestamp("whatsapp_consent_at", { withTimezone: true }),
    // 'admin' is the owner (Pemilik), 'staff' a staff member (Staf), 'courier' a courier (Kurir); see app/lib/roles.ts.
    role: text("role").notNull().default("customer"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("users_role_check", sql`${t.role} in ('admin', 'staff', 'courier', 'customer')`)],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("accounts_user_id_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

// ---- Catalog ----

export const categories = pgTable("categories", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(),
  createdAt: createdAt(),
});

export const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    slug: text("slug").notNull().unique(),
    price: integer("price").notNull(),
    unit: text("unit").notNull().default("pcs"),
    discount: integer("discount").notNull().default(0),
    stock: integer("stock").notNull().default(0),
    featured: boolean("featured").notNull().default(false),
    imageUrl: text("image_url"),
    description: text("description").notNull().default(""),
    categoryId: uuid("category_id").references(() => categories.id, { onDelete: "restrict" }),
    // Hidden products stay in past orders but are not sold or listed.
    isActive: boolean("is_active").notNull().default(true),
    // Sold by weight: `price` is per kg, `stock` is grams, amounts move by `weight_step`
    // grams from `weight_min` grams (integer grams everywhere, never fractional kg).
    soldByWeight: boolean("sold_by_weight").notNull().default(false),
    weightStep: integer("weight_step").notNull().default(250),
    weightMin: integer("weight_min").notNull().default(250),
    // The 'Petani Mitra' who grows it (the picking list's 'Daftar Belanja per Petani').
    supplierId: uuid("supplier_id").references(() => suppliers.id, { onDelete: "set null" }),
    // 'Batas Stok Menipis', in the unit of `stock` (units, or grams when sold by weight); null
    // means the shop's default (app/lib/low-stock.ts): 5 units or 2 kg.
    lowStockThreshold: integer("low_stock_threshold"),
    // Moves (by a trigger, see the price board's migration) whenever price, discount or
    // 'Aktif' change by any path: the price board's optimistic check of a row.
    priceVersion: integer("price_version").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "products_low_stock_threshold_check",
      sql`${t.lowStockThreshold} is null or ${t.lowStockThreshold} between 0 and 1000000`,
    ),
    index("products_supplier_idx").on(t.supplierId),
    // The dashboard's 'Stok Menipis' card and the daily digest (low-stock.server.ts): stock
    // minus its limit (default 5 units / 2000 g), active products only, so finding the low
    // ones costs the few rows at or below zero rather than a scan of the catalog.
    index("products_low_stock_idx")
      .on(sql`(${t.stock} - coalesce(${t.lowStockThreshold}, case when ${t.soldByWeight} then 2000 else 5 end))`)
      .where(sql`${t.isActive}`),
    check("products_weight_step_check", sql`${t.weightStep} between 1 and 50000`),
    check("products_weight_min_check", sql`${t.weightMin} between 1 and 50000`),
    check("products_price_check", sql`${t.price} >= 0`),
    check("products_discount_check", sql`${t.discount} between 0 and 100`),
    // The last line of defence against overselling: stock can never go negative.
    check("products_stock_check", sql`${t.stock} >= 0`),
    index("products_category_name_idx").on(t.categoryId, t.name),
    index("products_category_price_idx").on(t.categoryId, t.price),
    index("products_name_idx").on(t.name),
    index("products_price_idx").on(t.price),
    index("products_featured_idx").on(t.featured),
    // A short pending list (128 kB): every search reads all of it, and the embedded database
    // never vacuums it away (the default, 4 MB, cost a search 6 ms after a bulk import).
    index("products_name_trgm_idx")
      .using("gin", sql`${t.name} gin_trgm_ops`)
      .with({ gin_pending_list_limit: 128 }),
    // The newest change (a sale's stock included) is part of the catalog pages' ETag.
    index("products_updated_idx").on(t.updatedAt),
    // The shop's list orders (catalog.server.ts listOrder), active products only: a page is
    // read from the index in order instead of sorting every product of the category.
    index("products_active_name_idx")
      .on(sql`lower(${t.name})`, t.id)
      .where(sql`${t.isActive}`),
    index("products_active_price_idx")
      .on(sql`round(${t.price} * (100 - ${t.discount}) / 100.0)`, sql`lower(${t.name})`, t.id)
      .where(sql`${t.isActive}`),
    index("products_active_category_name_idx")
      .on(t.categoryId, sql`lower(${t.name})`, t.id)
      .where(sql`${t.isActive}`),
    index("products_active_category_price_idx")
      .on(t.categoryId, sql`round(${t.price} * (100 - ${t.discount}) / 100.0)`, sql`lower(${t.name})`, t.id)
      .where(sql`${t.isActive}`),
  ],
);

// ---- Farmers who supply the shop ('Petani Mitra') ----

/**
 * A farmer the shop buys from: added by hand or accepted from a partner application (then
 * `partner_application_id` names it, so one application becomes one farmer only). Products
 * name their farmer; the picking list groups what to buy per farmer.
 */
export const suppliers = pgTable(
  "suppliers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    // International digits starting with 62 (app/lib/phone.ts), for the wa.me links.
    phone: text("phone").notNull(),
    village: text("village").notNull().default(""),
    // What the farmer grows, as staff or the farmer wrote it.
    products: text("products").notNull().default(""),
    partnerApplicationId: uuid("partner_application_id").references(() => partnerApplications.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("suppliers_partner_application_idx").on(t.partnerApplicationId),
    index("suppliers_name_idx").on(sql`lower(${t.name})`),
  ],
);

// ---- Promos ('Kode Promo') ----

// A code staff make at /admin/promos. `code` is kept in capitals (typed codes are compared in
// capitals). `value`: rupiah off ('fixed'), percent ('percent', capped by `max_discount`) or the
// most of the fee waived ('free_shipping'). Uses are the orders naming the promo that are not
// cancelled: cancelling an order gives its use back without a counter to keep in step.
export const promos = pgTable(
  "promos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: text("code").notNull(),
    kind: text("kind").notNull(),
    value: integer("value").notNull(),
    maxDiscount: integer("max_discount"),
    minSpend: integer("min_spend").notNull().default(0),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    quota: integer("quota"),
    perCustomer: integer("per_customer"),
    newCustomersOnly: boolean("new_customers_only").notNull().default(false),
    // Empty: every payment method.
    paymentMethods: text("payment_methods")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    active: boolean("active").notNull().default(true),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("promos_code_idx").on(t.code),
    check("promos_kind_check", sql`${t.kind} in ('fixed', 'percent', 'free_shipping')`),
    check("promos_value_check", sql`${t.value} > 0 and (${t.kind} <> 'percent' or ${t.value} <= 100)`),
    check(
      "promos_numbers_check",
      sql`${t.minSpend} >= 0 and coalesce(${t.quota}, 1) >= 1 and coalesce(${t.perCustomer}, 1) >= 1`,
    ),
  ],
);

// ---- Orders ----

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    status: text("status").notNull().default("pending"),
    // Sum of the items at the unit prices charged; the delivery fee is added once staff set it.
    totalAmount: integer("total_amount").notNull(),
    // The fee that applies (null while customer service has yet to agree one), where it came
    // from ('area': the area's rule at checkout, 'staff': set on the order page), and the area
    // as it was at checkout (id, name and its fee before any free-delivery threshold).
    deliveryFee: integer("delivery_fee"),
    deliveryFeeSource: text("delivery_fee_source"),
    deliveryAreaId: text("delivery_area_id"),
    deliveryAreaName: text("delivery_area_name"),
    areaFee: integer("area_fee"),
    deliverySlot: text("delivery_slot").notNull(), // 'pagi' | 'sore'
    deliveryTime: text("delivery_time").notNull(), // '05:00 - 07:00' | '16:00 - 18:00'
    deliveryDate: date("delivery_date", { mode: "string" }).notNull(),
    notes: text("notes").notNull().default(""),
    recipientName: text("recipient_name").notNull(),
    recipientPhone: text("recipient_phone").notNull(),
    recipientAddress: text("recipient_address").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    // Goes up with every staff edit of the lines or fee: an edit made from an older page is
    // refused ('Pesanan ini baru saja diubah'), so two staff never overwrite each other.
    version: integer("version").notNull().default(1),
    // Set by 'Tagihan Final': the lines are as packed and `total_amount` is the 'Total akhir'.
    billFinalAt: timestamp("bill_final_at", { withTimezone: true }),
    // How the customer pays ('qris' | 'transfer' | 'cod'; null for orders placed before
    // checkout asked) and where the payment stands, apart from the order's own status:
    // 'unpaid' Belum Bayar, 'pending' Menunggu Verifikasi, 'paid' Lunas, 'rejected' Ditolak.
    paymentMethod: text("payment_method"),
    paymentStatus: text("payment_status").notNull().default("unpaid"),
    // The customer's proof of payment: a private storage key, never a public URL.
    paymentProofKey: text("payment_proof_key"),
    paymentProofAt: timestamp("payment_proof_at", { withTimezone: true }),
    // Staff who attached the proof for the customer (one sent in the WhatsApp chat); null when
    // the customer uploaded it on their order page.
    paymentProofBy: text("payment_proof_by").references(() => users.id, { onDelete: "set null" }),
    // Why staff refused the last proof ('Tolak Bukti'), shown to the customer.
    paymentRejectReason: text("payment_reject_reason").notNull().default(""),
    // What staff counted as received ('Tandai Lunas'), and when.
    paidAmount: integer("paid_amount"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    // 'Saldo' taken into this bill at 'Tagihan Final': positive lowers the amount due (paid
    // too much before), negative raises it (paid too little before).
    balanceApplied: integer("balance_applied").notNull().default(0),
    // A deadline staff set for this order ('Perpanjang Batas Bayar'); null: the one 'Batas Bayar'
    // derives from the slot and the final bill (app/lib/payment-deadline.ts).
    paymentDueAt: timestamp("payment_due_at", { withTimezone: true }),
    // The prefilled chat reached the shop: set by an inbound WhatsApp message naming the order
    // ('whatsapp') or by staff with one tap ('staff'); until then the dashboard says 'Belum chat'.
    chatConfirmedAt: timestamp("chat_confirmed_at", { withTimezone: true }),
    chatConfirmedBy: text("chat_confirmed_by"),
    // The 'Kode Promo' used (one per order) and its terms as they were at checkout. With a
    // promo, `total_amount` is the goods less `promo_discount` and `delivery_fee` the fee less
    // `promo_fee_discount`: every sum of what is paid reads the two columns as before.
    promoId: uuid("promo_id").references(() => promos.id, { onDelete: "restrict" }),
    promoCode: text("promo_code"),
    promoTerms: jsonb("promo_terms").$type<PromoTerms>(),
    promoDiscount: integer("promo_discount").notNull().default(0),
    promoFeeDiscount: integer("promo_fee_discount").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("orders_promo_discount_check", sql`${t.promoDiscount} >= 0 and ${t.promoFeeDiscount} >= 0`),
    index("orders_promo_idx")
      .on(t.promoId)
      .where(sql`${t.promoId} is not null`),
    check("orders_status_check", sql`${t.status} in ('pending', 'processing', 'completed', 'cancelled')`),
    check("orders_slot_check", sql`${t.deliverySlot} in ('pagi', 'sore')`),
    check(
      "orders_payment_method_check",
      sql`${t.paymentMethod} is null or ${t.paymentMethod} in ('qris', 'transfer', 'cod')`,
    ),
    check("orders_payment_status_check", sql`${t.paymentStatus} in ('unpaid', 'pending', 'paid', 'rejected')`),
    check("orders_paid_amount_check", sql`${t.paidAmount} is null or ${t.paidAmount} >= 0`),
    index("orders_payment_status_created_idx").on(t.paymentStatus, t.createdAt.desc()),
    // The open bills the 'Batas Bayar' job looks at every minute.
    index("orders_awaiting_payment_idx")
      .on(t.deliveryDate)
      .where(
        sql`${t.status} in ('pending', 'processing') and ${t.paymentMethod} in ('qris', 'transfer') and ${t.paymentStatus} in ('unpaid', 'rejected') and ${t.billFinalAt} is not null`,
      ),
    check("orders_total_check", sql`${t.totalAmount} >= 0`),
    check("orders_fee_check", sql`${t.deliveryFee} is null or ${t.deliveryFee} >= 0`),
    check(
      "orders_fee_source_check",
      sql`${t.deliveryFeeSource} is null or ${t.deliveryFeeSource} in ('area', 'staff')`,
    ),
    uniqueIndex("orders_user_idempotency_idx").on(t.userId, t.idempotencyKey),
    index("orders_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("orders_status_created_idx").on(t.status, t.createdAt.desc()),
    index("orders_created_idx").on(t.createdAt.desc()),
    index("orders_delivery_idx").on(t.deliveryDate, t.deliverySlot),
    index("orders_recipient_name_trgm_idx").using("gin", sql`${t.recipientName} gin_trgm_ops`),
    index("orders_recipient_phone_trgm_idx").using("gin", sql`${t.recipientPhone} gin_trgm_ops`),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    // Null once a product is deleted; the snapshot columns keep the order readable.
    productId: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    productName: text("product_name").notNull(),
    productUnit: text("product_unit").notNull(),
    productImageUrl: text("product_image_url"),
    // Whole units, or grams when `sold_by_weight` (then `price` is per kg and the line's
    // price is price x grams / 1000 rounded once: ~/lib/weight linePrice).
    quantity: integer("quantity").notNull(),
    // What the shopper ordered, before weighing at packing changed `quantity` ('Pesan Lagi'
    // orders this again). Null for a line staff added or substituted.
    orderedQuantity: integer("ordered_quantity"),
    soldByWeight: boolean("sold_by_weight").notNull().default(false),
    price: integer("price").notNull(), // unit price charged (after discount)
    // The shopper's 'Catatan' for this line ('potong 4') and whether staff may substitute
    // a similar product ('Boleh diganti produk serupa'; false = 'Jangan diganti').
    note: text("note").notNull().default(""),
    allowSubstitute: boolean("allow_substitute").notNull().default(false),
    originalPrice: integer("original_price").notNull(),
    discount: integer("discount").notNull().default(0),
    // This line's whole-rupiah share of the order's promo discount (the shares add up to it).
    promoShare: integer("promo_share").notNull().default(0),
  },
  (t) => [
    check("order_items_quantity_check", sql`${t.quantity} > 0`),
    index("order_items_order_idx").on(t.orderId),
    index("order_items_product_idx").on(t.productId),
  ],
);

export const orderStatusHistory = pgTable(
  "order_status_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    changedBy: text("changed_by").references(() => users.id, { onDelete: "set null" }),
    note: text("note").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("order_status_history_order_idx").on(t.orderId, t.createdAt)],
);

export const stockAdjustments = pgTable(
  "stock_adjustments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    delta: integer("delta").notNull(),
    stockAfter: integer("stock_after").notNull(),
    reason: text("reason").$type<StockReason>().notNull(), // STOCK_REASON (app/lib/vocab/stock-reasons.ts)
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    changedBy: text("changed_by").references(() => users.id, { onDelete: "set null" }),
    note: text("note").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("stock_adjustments_product_idx").on(t.productId, t.createdAt)],
);

// ---- Order edits ('Riwayat Perubahan') ----

/**
 * Every change staff make to an order's lines, fee or bill after it was placed: who, when,
 * what, before -> after, and the order's item total before and after. Shown to staff and,
 * once the bill is final, to the customer.
 */
export const orderChanges = pgTable(
  "order_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    // 'weight' | 'substitute' | 'unavailable' | 'restore' | 'add' | 'fee' | 'final' | 'payment' | 'balance'
    kind: text("kind").notNull(),
    description: text("description").notNull(),
    totalBefore: integer("total_before").notNull(),
    totalAfter: integer("total_after").notNull(),
    changedBy: text("changed_by").references(() => users.id, { onDelete: "set null" }),
    // For a line marked 'Tidak Tersedia': the line as it was, so 'Batalkan' can put it back
    // exactly until the bill is final. Cleared once it is put back.
    removedLine: jsonb("removed_line"),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      "order_changes_kind_check",
      sql`${t.kind} in ('weight', 'substitute', 'unavailable', 'restore', 'add', 'fee', 'final', 'payment', 'balance')`,
    ),
    index("order_changes_order_idx").on(t.orderId, t.createdAt),
  ],
);

// ---- Customer balance ('Saldo') ----

/**
 * The customer's 'Saldo' as a ledger: the sum of `amount` is what the shop owes the customer
 * (negative: what the customer still owes). 'payment' rows come from a payment that differed
 * from the amount due of `order_id`; an 'applied' row takes the balance into the bill of
 * `order_id` at its 'Tagihan Final'.
 */
export const balanceEntries = pgTable(
  "balance_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    amount: integer("amount").notNull(),
    description: text("description").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("balance_entries_kind_check", sql`${t.kind} in ('payment', 'applied')`),
    index("balance_entries_user_idx").on(t.userId, t.createdAt),
    index("balance_entries_order_idx").on(t.orderId),
  ],
);

// ---- Transfer codes and bank statements ----

// The 'kode unik' of a transfer bill. A row is open while its bill waits for a transfer, and
// released (never deleted) in the transaction that pays, cancels or re-bills the order, so the
// code a payment carried can still be read when its money is settled. The partial unique
// index on the amount of open rows is what keeps two open bills from asking for the same
// transfer, under any number of checkouts at once.
export const transferCodes = pgTable(
  "transfer_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    code: integer("code").notNull(),
    // The amount due the code was made for; a bill that changes gets a new code.
    billAmount: integer("bill_amount").notNull(),
    // Exactly what the customer transfers: the bill plus (or minus) the code.
    amount: integer("amount").notNull(),
    mode: text("mode").notNull(),
    // When the bill went to the customer: a credit dated before it is not its payment.
    billSentAt: timestamp("bill_sent_at", { withTimezone: true }).notNull(),
    releasedAt: timestamp("released_at", { withTimezone: true }),
    // 'paid' | 'cancelled' | 'rebilled' | 'not-transfer'
    releaseReason: text("release_reason"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("transfer_codes_open_amount_idx")
      .on(t.amount)
      .where(sql`${t.releasedAt} is null`),
    uniqueIndex("transfer_codes_open_order_idx")
      .on(t.orderId)
      .where(sql`${t.releasedAt} is null`),
    index("transfer_codes_order_idx").on(t.orderId, t.createdAt),
    check("transfer_codes_code_check", sql`${t.code} between 1 and 999`),
    check("transfer_codes_mode_check", sql`${t.mode} in ('added', 'subtracted')`),
    check("transfer_codes_amount_check", sql`${t.amount} > 0`),
  ],
);

// One line of an imported bank statement ('mutasi rekening'), kept once: its fingerprint
// (bank, date, description, amount, running balance) is unique, so an overlapping import adds
// nothing twice. A credit is 'matched' to one order, waits in 'review' ('Perlu Dicek'), or was
// marked 'not-order' by staff; a debit is kept as 'debit' and never matched.
export const bankStatementLines = pgTable(
  "bank_statement_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    fingerprint: text("fingerprint").notNull(),
    bank: text("bank").notNull(),
    bookedOn: date("booked_on", { mode: "string" }).notNull(),
    description: text("description").notNull(),
    // Whole rupiah: positive for a credit, negative for a debit.
    amount: integer("amount").notNull(),
    state: text("state").notNull(),
    // Why a credit waits for staff ('Perlu Dicek').
    reviewReason: text("review_reason").notNull().default(""),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    importedBy: text("imported_by").references(() => users.id, { onDelete: "set null" }),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("bank_statement_lines_fingerprint_idx").on(t.fingerprint),
    check("bank_statement_lines_state_check", sql`${t.state} in ('matched', 'review', 'not-order', 'debit')`),
    index("bank_statement_lines_state_idx").on(t.state, t.bookedOn),
    index("bank_statement_lines_booked_idx").on(t.bookedOn),
  ],
);

// ---- Inbox ----

export const partnerApplications = pgTable(
  "partner_applications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    phone: text("phone").notNull(),
    landAddress: text("land_address").notNull().default(""),
    farmSize: text("farm_size").notNull().default(""),
    products: text("products").notNull(),
    harvestTime: text("harvest_time").notNull().default(""),
    otherInfo: text("other_info").notNull().default(""),
    status: text("status").notNull().default("new"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("partner_applications_status_check", sql`${t.status} in ('new', 'contacted', 'done')`),
    index("partner_applications_created_idx").on(t.createdAt.desc()),
  ],
);

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull().default(""),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    status: text("status").notNull().default("new"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("contact_messages_status_check", sql`${t.status} in ('new', 'contacted', 'done')`),
    index("contact_messages_created_idx").on(t.createdAt.desc()),
  ],
);

// ---- Shared counters (in the database so every app process sees the same) ----

export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});

/**
 * One row whose version goes up whenever staff change what the catalog pages show (a
 * product's or category's data, a product added or removed), bumped by triggers in the
 * migrations so no writer can forget it. Part of the public pages' ETag.
 */
export const catalogState = pgTable(
  "catalog_state",
  {
    id: integer("id").primaryKey().default(1),
    version: integer("version").notNull().default(1),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("catalog_state_single_row", sql`${t.id} = 1`)],
);

// ---- Shop settings (staff's 'Pengaturan Toko') ----

/**
 * One row per setting of app/lib/shop-settings.ts, its value checked by that module's schema.
 * `revision` goes up with every save, so a page saved over a newer change is refused.
 */
export const shopSettings = pgTable("shop_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  revision: integer("revision").notNull().default(1),
  updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: updatedAt(),
});

/** Every change of a setting: who, when, the value before and after. */
export const shopSettingsHistory = pgTable(
  "shop_settings_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    key: text("key").notNull(),
    oldValue: jsonb("old_value"),
    newValue: jsonb("new_value").notNull(),
    changedBy: text("changed_by").references(() => users.id, { onDelete: "set null" }),
    // Kept as written at the time, so the history still names someone whose account is gone.
    changedByName: text("changed_by_name").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("shop_settings_history_created_idx").on(t.createdAt.desc())],
);

// ---- Notifications: one outbox for every channel ----

/**
 * Something the shop tells someone (an order's news, an invitation, a stock notice), stored
 * by `notify` (app/server/notifications/notify.server.ts) in the transaction of the change it
 * reports, with a snapshot of what was true then. Its rows in notification_deliveries carry
 * it to each channel the recipient takes. "Was the customer told" is read here
 * (`orderNotices`), never from a channel's rows.
 */
export const notificationEvents = pgTable(
  "notification_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    // The order the news is about; null for notices about other things.
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    // Who is told: { userId?, email?, phone?, name? }.
    recipient: jsonb("recipient").notNull(),
    // What was true when it happened; the channels' templates read only this.
    snapshot: jsonb("snapshot").notNull(),
    // Set when one event must never be told twice (e.g. 'completed:<order id>').
    dedupeKey: text("dedupe_key").unique(),
    createdAt: createdAt(),
  },
  (t) => [index("notification_events_order_idx").on(t.orderId, t.kind)],
);

/**
 * One row per channel an event goes out on, rendered when stored (the message says what was
 * true at the event) and sent by the outbox worker (app/server/notifications/outbox.server.ts).
 * A message that cannot be sent now waits for a retry; several app processes claim rows with
 * FOR UPDATE SKIP LOCKED, so no message goes out twice. Sent rows stay: a record of what was
 * told to whom.
 */
export const notificationDeliveries = pgTable(
  "notification_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => notificationEvents.id, { onDelete: "cascade" }),
    channel: text("channel").notNull(),
    // The e-mail address (or, for a chat channel, the number) it goes to.
    address: text("address").notNull(),
    // The rendered message in the channel's shape (e-mail: subject, text, html).
    content: jsonb("content").notNull(),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    // When the worker may (re)try; while a worker sends, pushed ahead as its claim.
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("notification_deliveries_status_check", sql`${t.status} in ('pending', 'sent', 'failed')`),
    index("notification_deliveries_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index("notification_deliveries_event_idx").on(t.eventId),
  ],
);

// ---- WhatsApp Business Platform (app/server/whatsapp/) ----

/**
 * The shop's connection to the WhatsApp Cloud API, saved on /admin/settings/whatsapp (one row,
 * id 1). Empty fields fall back to the WHATSAPP_* environment variables. The access token and
 * the app secret are write-only: never sent to a browser, never logged.
 */
export const whatsappConnection = pgTable("whatsapp_connection", {
  id: integer("id").primaryKey().default(1),
  phoneNumberId: text("phone_number_id").notNull().default(""),
  accessToken: text("access_token").notNull().default(""),
  appSecret: text("app_secret").notNull().default(""),
  verifyToken: text("verify_token").notNull().default(""),
  graphUrl: text("graph_url").notNull().default(""),
  // Per message kind: { name, language } of the approved template.
  templates: jsonb("templates").notNull().default({}),
  // 'Belum chat' shows on an order this many minutes after it was placed.
  chatReminderMinutes: integer("chat_reminder_minutes").notNull().default(30),
  updatedAt: updatedAt(),
});

/**
 * Every WhatsApp message of the shop, both ways: 'out' (a template or a staff reply; `wamid`
 * is Meta's id once accepted, null when the send was refused) and 'in' (a customer's message,
 * unique on its id so a webhook delivered twice stores it once). `status` is the furthest
 * state seen (sent < delivered < read) or 'failed' with the error code.
 */
export const whatsappMessages = pgTable(
  "whatsapp_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    wamid: text("wamid").unique(),
    direction: text("direction").notNull(),
    // The customer's number, 62 form.
    phone: text("phone").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    deliveryId: uuid("delivery_id").references(() => notificationDeliveries.id, { onDelete: "set null" }),
    // The notice kind of a template, 'reply' (staff free text), 'test' or 'text' (inbound).
    kind: text("kind").notNull(),
    body: text("body").notNull().default(""),
    status: text("status").notNull(),
    errorCode: integer("error_code"),
    errorTitle: text("error_title"),
    // When it was sent or received (the message's own timestamp for inbound ones).
    at: timestamp("at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("whatsapp_messages_direction_check", sql`${t.direction} in ('in', 'out')`),
    check(
      "whatsapp_messages_status_check",
      sql`${t.status} in ('accepted', 'sent', 'delivered', 'read', 'failed', 'received')`,
    ),
    index("whatsapp_messages_order_idx").on(t.orderId, t.at),
    index("whatsapp_messages_phone_idx").on(t.phone, t.at),
  ],
);

/** Each status webhook once: unique on message id + status, whatever order they arrive in. */
export const whatsappStatusEvents = pgTable(
  "whatsapp_status_events",
  {
    wamid: text("wamid").notNull(),
    status: text("status").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    errorCode: integer("error_code"),
    errorTitle: text("error_title"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.wamid, t.status] })],
);

// ---- Live order events ----

/**
 * One row per new order, numbered in commit order: the staff's live stream sends them and a
 * reconnecting browser asks for everything after the last number it saw. Written by a
 * trigger on orders (migrations) that also takes a lock until commit, so a number is never
 * visible before a smaller one, and announces it with NOTIFY order_events.
 */
export const orderEvents = pgTable(
  "order_events",
  {
    seq: bigserial("seq", { mode: "number" }).primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    // 'created': a new order (written by the trigger); 'courier': a courier's step at a stop,
    // told to the dashboard with `note` ('Terkirim ke Bu Sari'); 'proof': a payment proof
    // arrived ('Bukti bayar masuk'); 'addition': the shopper added products to the order
    // ('ditambah: 2 produk').
    kind: text("kind").notNull().default("created"),
    note: text("note").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    check("order_events_kind_check", sql`${t.kind} in ('created', 'courier', 'proof', 'addition')`),
    index("order_events_order_idx").on(t.orderId),
  ],
);

// ---- Favourites ----

/** The products a signed-in customer marked 'Favorit' (visitors keep theirs in local storage until they sign in). */
export const favorites = pgTable(
  "favorites",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    index("favorites_user_created_idx").on(t.userId, t.createdAt.desc()),
  ],
);

// ---- Search synonyms ('Sinonim Pencarian') ----

/**
 * Words shoppers type for what the catalog names otherwise ('cabe' for 'cabai', 'brambang' for
 * 'bawang merah'). A pair works both ways: searching either finds products named with the other.
 * Both sides are stored normalised (lower case, single spaces; app/lib/search.ts). Staff edit
 * them on 'Sinonim Pencarian'; a trigger bumps the catalog version so cached search pages renew.
 */
export const searchSynonyms = pgTable(
  "search_synonyms",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    term: text("term").notNull(),
    synonym: text("synonym").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("search_synonyms_distinct_check", sql`${t.term} <> ${t.synonym}`),
    check(
      "search_synonyms_length_check",
      sql`length(${t.term}) between 2 and 40 and length(${t.synonym}) between 2 and 40`,
    ),
    // One pair in either order: (cabe, cabai) and (cabai, cabe) are the same pair.
    uniqueIndex("search_synonyms_pair_idx").on(
      sql`least(${t.term}, ${t.synonym})`,
      sql`greatest(${t.term}, ${t.synonym})`,
    ),
    index("search_synonyms_term_idx").on(t.term),
    index("search_synonyms_synonym_idx").on(t.synonym),
  ],
);

/**
 * The search's narrow copy of every active product's name in lower case, kept by triggers on
 * products (migration 0021). A common word's matches are found, counted and sorted by name from
 * these short rows (a few hundred pages) instead of the wide product rows; `key LIKE` on it is
 * exactly `name ILIKE` on products. The trigram index keeps a short pending list (128 kB):
 * every search reads all of it, and the embedded database never vacuums it away.
 */
export const productSearch = pgTable(
  "product_search",
  {
    productId: uuid("product_id").primaryKey(),
    key: text("key").notNull(),
  },
  (t) => [
    index("product_search_key_trgm_idx")
      .using("gin", sql`${t.key} gin_trgm_ops`)
      .with({ gin_pending_list_limit: 128 }),
  ],
);

/**
 * The words of the active products' names (lower case, letters in them), with how many products
 * carry each; kept by the same triggers. A typo ('kangkong') is matched against these few
 * hundred words (trigram distance, GiST) instead of every product name.
 */
export const searchWords = pgTable(
  "search_words",
  {
    word: text("word").primaryKey(),
    products: integer("products").notNull(),
  },
  (t) => [index("search_words_word_trgm_idx").using("gist", sql`${t.word} gist_trgm_ops`)],
);

// ---- Sales figures per day (the reports and the dashboard's counters) ----

/**
 * Orders per shop day (the Jakarta date the order was placed), delivery slot, status and
 * payment status: how many, their item totals, delivery fees and the amounts received. Kept by triggers on orders and
 * order_items (migrations) in the same transaction as every change, so the reports and the
 * status counters read a few hundred rows instead of every order.
 */
export const orderDayStats = pgTable(
  "order_day_stats",
  {
    day: date("day", { mode: "string" }).notNull(),
    slot: text("slot").notNull(),
    status: text("status").notNull(),
    paymentStatus: text("payment_status").notNull().default("unpaid"),
    orderCount: integer("order_count").notNull().default(0),
    itemsTotal: bigint("items_total", { mode: "number" }).notNull().default(0),
    feeTotal: bigint("fee_total", { mode: "number" }).notNull().default(0),
    // What staff counted as received ('Tandai Lunas').
    paidTotal: bigint("paid_total", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.slot, t.status, t.paymentStatus] })],
);

/**
 * What each product sold per shop day, counting orders that are not cancelled: amount
 * (units, or grams when sold by weight) and the line prices charged. `product_key` is the
 * product id, or 'nama:' and the name for lines whose product was deleted; the name and
 * unit are the latest seen on a line.
 */
export const orderProductDayStats = pgTable(
  "order_product_day_stats",
  {
    day: date("day", { mode: "string" }).notNull(),
    productKey: text("product_key").notNull(),
    soldByWeight: boolean("sold_by_weight").notNull(),
    productName: text("product_name").notNull(),
    productUnit: text("product_unit").notNull(),
    quantity: bigint("quantity", { mode: "number" }).notNull().default(0),
    revenue: bigint("revenue", { mode: "number" }).notNull().default(0),
    lineCount: integer("line_count").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.productKey, t.soldByWeight] }),
    // The name and unit of the few best sellers, latest day first, without reading the range again.
    index("order_product_day_stats_product_idx").on(t.productKey, t.soldByWeight, t.day.desc()),
  ],
);

/**
 * A counter per shop day, raised (by a trigger, in the same transaction) whenever a product
 * figure of that day changes, and never lowered: a process that holds a day's figures read
 * with its counter knows they are still the database's while the counter is unchanged.
 */
export const orderProductDayVersions = pgTable("order_product_day_versions", {
  day: date("day", { mode: "string" }).primaryKey(),
  version: bigint("version", { mode: "number" }).notNull().default(0),
});

// ---- Back-in-stock alerts ('Kabari Saya') ----

/**
 * A shopper waiting for an out-of-stock product: one row per product and e-mail address (a
 * signed-in shopper's is the account's). When the stock rises above zero by any path, a
 * trigger (migrations) sets `due_at` and sends NOTIFY stock_alerts; the mail worker then queues
 * one e-mail per row and deletes it, in one transaction (app/server/catalog/stock-alerts.server.ts).
 */
export const stockAlerts = pgTable(
  "stock_alerts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    dueAt: timestamp("due_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("stock_alerts_product_email_idx").on(t.productId, t.email),
    index("stock_alerts_email_idx").on(t.email),
    index("stock_alerts_due_idx")
      .on(t.dueAt)
      .where(sql`${t.dueAt} is not null`),
  ],
);

// ---- Standing orders ('Langganan'): a regular's weekly basket, made into a normal order before each cut-off ----

export const standingOrders = pgTable(
  "standing_orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // ISO weekdays the basket comes (1 Senin ... 7 Minggu), at least one.
    weekdays: integer("weekdays").array().notNull(),
    deliverySlot: text("delivery_slot").notNull(),
    // The delivery area's id as the checkout takes it ('luar-area' outside every area).
    areaId: text("area_id").notNull(),
    recipientName: text("recipient_name").notNull(),
    recipientPhone: text("recipient_phone").notNull(),
    recipientAddress: text("recipient_address").notNull(),
    notes: text("notes").notNull().default(""),
    paymentMethod: text("payment_method"),
    // 'active' or 'stopped' ('Berhenti'); a pause is a date, not a status.
    status: text("status").notNull().default("active"),
    // No order is made for dates up to and including this one ('Jeda').
    pausedUntil: date("paused_until", { mode: "string" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("standing_orders_slot_check", sql`${t.deliverySlot} in ('pagi', 'sore')`),
    check("standing_orders_status_check", sql`${t.status} in ('active', 'stopped')`),
    check(
      "standing_orders_payment_method_check",
      sql`${t.paymentMethod} is null or ${t.paymentMethod} in ('qris', 'transfer', 'cod')`,
    ),
    check("standing_orders_weekdays_check", sql`cardinality(${t.weekdays}) between 1 and 7`),
    index("standing_orders_user_idx").on(t.userId, t.createdAt),
    index("standing_orders_active_idx").on(t.status),
  ],
);

export const standingOrderLines = pgTable(
  "standing_order_lines",
  {
    standingOrderId: uuid("standing_order_id")
      .notNull()
      .references(() => standingOrders.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    // Units, or grams for a product sold by weight (as on an order line).
    quantity: integer("quantity").notNull(),
    note: text("note").notNull().default(""),
    allowSubstitute: boolean("allow_substitute").notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.standingOrderId, t.productId] }),
    check("standing_order_lines_quantity_check", sql`${t.quantity} > 0`),
  ],
);

/** One row per standing order and delivery date it was looked at: skipped, made into an order, or why not. */
export const standingOrderRuns = pgTable(
  "standing_order_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    standingOrderId: uuid("standing_order_id")
      .notNull()
      .references(() => standingOrders.id, { onDelete: "cascade" }),
    deliveryDate: date("delivery_date", { mode: "string" }).notNull(),
    // 'skipped' ('Lewati' by the shopper), 'placed', 'nothing' (no line could be delivered), 'refused' (slot full, minimum ...).
    outcome: text("outcome").notNull(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    // What the shopper and staff are told: lines left out or reduced, or why no order was made.
    message: text("message").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    // Never two orders (or a skip and an order) for one standing order and date.
    uniqueIndex("standing_order_runs_once_idx").on(t.standingOrderId, t.deliveryDate),
    check("standing_order_runs_outcome_check", sql`${t.outcome} in ('skipped', 'placed', 'nothing', 'refused')`),
    index("standing_order_runs_date_idx").on(t.deliveryDate),
  ],
);

// ---- Price board ('Harga Hari Ini') ----

/**
 * 'Riwayat Harga': every change of a product's price, discount or 'Aktif' made through the
 * price board, its CSV upload, a scheduled price ('Berlaku mulai') or the product page's form,
 * old -> new, who, when.
 * `scheduled_for` is the time a scheduled price was set to take effect (null: immediate).
 */
export const priceChanges = pgTable(
  "price_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    priceBefore: integer("price_before").notNull(),
    priceAfter: integer("price_after").notNull(),
    discountBefore: integer("discount_before").notNull(),
    discountAfter: integer("discount_after").notNull(),
    activeBefore: boolean("active_before").notNull(),
    activeAfter: boolean("active_after").notNull(),
    // 'board' | 'csv' | 'scheduled' | 'form' (the product page)
    source: text("source").notNull(),
    scheduledFor: timestamp("scheduled_for", { withTimezone: true }),
    changedBy: text("changed_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("price_changes_product_idx").on(t.productId, t.createdAt),
    index("price_changes_created_idx").on(t.createdAt),
  ],
);

/**
 * A price set tonight for tomorrow: applied by the clock job (app/server/catalog/
 * price-schedule.server.ts) at `effective_at`, or at the first look after a restart. At most
 * one waiting price per product; a newer one replaces it.
 */
export const scheduledPrices = pgTable(
  "scheduled_prices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    price: integer("price").notNull(),
    discount: integer("discount").notNull(),
    effectiveAt: timestamp("effective_at", { withTimezone: true }).notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    appliedAt: timestamp("applied_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("scheduled_prices_price_check", sql`${t.price} >= 0`),
    check("scheduled_prices_discount_check", sql`${t.discount} between 0 and 100`),
    uniqueIndex("scheduled_prices_waiting_idx")
      .on(t.productId)
      .where(sql`${t.appliedAt} is null`),
    index("scheduled_prices_due_idx")
      .on(t.effectiveAt)
      .where(sql`${t.appliedAt} is null`),
  ],
);

// ---- Couriers: runs, stops, the stop order, the cash handover ('Setoran') ----

/**
 * One courier's share of one delivery slot. The cash handover lives on it: what the courier
 * counted, what staff counted, the note on any difference, and the owner's acceptance; the
 * run stays 'Belum Setor' until `accepted_at` is set.
 */
export const courierRuns = pgTable(
  "courier_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    courierId: text("courier_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    deliveryDate: date("delivery_date", { mode: "string" }).notNull(),
    deliverySlot: text("delivery_slot").notNull(),
    courierCash: integer("courier_cash"),
    courierCountedAt: timestamp("courier_counted_at", { withTimezone: true }),
    staffCash: integer("staff_cash"),
    staffCountedBy: text("staff_counted_by").references(() => users.id, { onDelete: "set null" }),
    staffCountedAt: timestamp("staff_counted_at", { withTimezone: true }),
    handoverNote: text("handover_note").notNull().default(""),
    acceptedBy: text("accepted_by").references(() => users.id, { onDelete: "set null" }),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("courier_runs_slot_check", sql`${t.deliverySlot} in ('pagi', 'sore')`),
    check("courier_runs_cash_check", sql`coalesce(${t.courierCash}, 0) >= 0 and coalesce(${t.staffCash}, 0) >= 0`),
    uniqueIndex("courier_runs_courier_slot_idx").on(t.courierId, t.deliveryDate, t.deliverySlot),
    index("courier_runs_slot_idx").on(t.deliveryDate, t.deliverySlot),
  ],
);

/** An order on a courier's run, and what happened at its door. */
export const courierStops = pgTable(
  "courier_stops",
  {
    orderId: uuid("order_id")
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    runId: uuid("run_id")
      .notNull()
      .references(() => courierRuns.id, { onDelete: "cascade" }),
    // null while on the way; 'delivered' ('Terkirim') or 'failed' ('Gagal Antar').
    outcome: text("outcome"),
    outcomeAt: timestamp("outcome_at", { withTimezone: true }),
    recipientName: text("recipient_name").notNull().default(""),
    // A private storage key (photos of the door are never public).
    photoKey: text("photo_key"),
    failReason: text("fail_reason").notNull().default(""),
    // 'Uang Diterima': the cash the courier took at the door.
    cashReceived: integer("cash_received"),
    cashAt: timestamp("cash_at", { withTimezone: true }),
  },
  (t) => [
    check("courier_stops_outcome_check", sql`${t.outcome} is null or ${t.outcome} in ('delivered', 'failed')`),
    check("courier_stops_cash_check", sql`${t.cashReceived} is null or ${t.cashReceived} >= 0`),
    index("courier_stops_run_idx").on(t.runId),
  ],
);

/**
 * The stop order staff set, remembered per address (normalised), so next week's run comes
 * out the same; an address never placed has no row and goes to the end of its area.
 */
export const stopPositions = pgTable("stop_positions", {
  addressKey: text("address_key").primaryKey(),
  position: integer("position").notNull(),
  updatedAt: updatedAt(),
});

/**
 * Every step a courier took, once: the phone sends each with its own key, and a step sent
 * again (a weak signal, a retry after coming back online) finds its key here and does nothing.
 */
export const courierActions = pgTable(
  "courier_actions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    idempotencyKey: text("idempotency_key").notNull(),
    courierId: text("courier_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    description: text("description").notNull(),
    // When the courier took the step (the phone's time, for a step sent later) and when it arrived.
    takenAt: timestamp("taken_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("courier_actions_kind_check", sql`${t.kind} in ('delivered', 'failed', 'cash')`),
    uniqueIndex("courier_actions_key_idx").on(t.courierId, t.idempotencyKey),
    index("courier_actions_order_idx").on(t.orderId, t.createdAt),
  ],
);
