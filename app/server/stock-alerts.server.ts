// 'Kabari Saya': shoppers ask to hear when an out-of-stock product is back. A signed-in
// shopper is subscribed with the account's e-mail, a visitor gives one. When the stock rises
// above zero by any path, a database trigger marks the alerts due (migrations); the mail
// worker's chore below queues one e-mail per alert through the durable mail queue and deletes
// the alert in the same transaction, so each subscriber gets exactly one. Every such e-mail
// carries a signed link that stops all of that address's alerts.
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import { z } from "zod";
import { uuidField } from "~/lib/form-schema";
import { isTokenShaped } from "~/lib/form-text";
import type { Queryable } from "~/db/client.server";
import { products, stockAlerts } from "~/db/schema";
import { formFailure, formSuccess, isUuid, type FormResult } from "~/lib/form";
import { INVALID_UNSUBSCRIBE_MESSAGE, SUBSCRIBE_FAILED_TITLE } from "~/lib/stock-alerts";
import { authSecret, config } from "./config.server";
import { log } from "./logger.server";
import type { MailChore } from "./mail-queue.server";
import { enqueueMail } from "./mail-queue.server";
import { backInStockMail } from "./mail-templates.server";
import { hitRateLimit, retryMessage } from "./rate-limit.server";

/** The NOTIFY channel of the trigger that marks alerts due. */
export const STOCK_ALERTS_CHANNEL = "stock_alerts";
/** Per client (IP) and per e-mail address: enough for a shopper, too few to flood an inbox. */
export const ALERTS_PER_CLIENT_PER_HOUR = 10;
export const ALERTS_PER_EMAIL_PER_HOUR = 5;
const BATCH = 50;

export const stockAlertSchema = z.object({
  productId: uuidField("Produk tidak ditemukan."),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, "Email terlalu panjang.")
    .optional()
    .transform((v) => v || undefined)
    .pipe(z.email("Format email tidak valid. Contoh: nama@email.com").optional()),
});

export type StockAlertInput = z.output<typeof stockAlertSchema>;

/**
 * Subscribes an address to one product. The answer is the same whether the address has an
 * account or was already subscribed, so the form tells nobody anything about an address.
 */
export async function subscribeToStock(
  db: Queryable,
  who: { user: { id: string; email: string } | null; clientKey: string },
  input: StockAlertInput,
): Promise<FormResult<{ email: string; product: { name: string; slug: string } }, "email" | "productId">> {
  const email = (input.email ?? who.user?.email ?? "").toLowerCase();
  if (!email)
    return formFailure(400, "Isi email Anda agar kami bisa mengabari.", {
      title: SUBSCRIBE_FAILED_TITLE,
      fieldErrors: { email: "Email wajib diisi." },
    });
  const [product] = await db
    .select({ id: products.id, name: products.name, slug: products.slug, stock: products.stock })
    .from(products)
    .where(and(eq(products.id, input.productId), eq(products.isActive, true)))
    .limit(1);
  if (!product) return formFailure(404, "Produk tidak ditemukan.", { title: SUBSCRIBE_FAILED_TITLE });
  if (product.stock > 0)
    return formFailure(409, `${product.name} sudah tersedia. Silakan langsung pesan.`, {
      title: SUBSCRIBE_FAILED_TITLE,
    });

  for (const [key, limit] of [
    [`stock-alert:client:${who.user?.id ?? who.clientKey}`, ALERTS_PER_CLIENT_PER_HOUR],
    [`stock-alert:email:${email}`, ALERTS_PER_EMAIL_PER_HOUR],
  ] as const) {
    const hit = await hitRateLimit(db, key, limit, 3600);
    if (!hit.allowed) {
      log.warn("stock alert rate limited", { key: key.startsWith("stock-alert:email:") ? "email" : "client" });
      return formFailure(429, retryMessage(hit.retryAfterSeconds), { title: SUBSCRIBE_FAILED_TITLE });
    }
  }

  await db
    .insert(stockAlerts)
    .values({ productId: product.id, email, userId: who.user && who.user.email === email ? who.user.id : null })
    .onConflictDoNothing();
  return formSuccess(`Kami akan mengirim email ke ${email} saat ${product.name} tersedia lagi.`, {
    email,
    product: { name: product.name, slug: product.slug },
  });
}

/** Whether this signed-in shopper already waits for this product (for the button's label). */
export async function isSubscribed(db: Queryable, user: { email: string }, productId: string): Promise<boolean> {
  if (!isUuid(productId)) return false;
  const [row] = await db
    .select({ id: stockAlerts.id })
    .from(stockAlerts)
    .where(and(eq(stockAlerts.productId, productId), eq(stockAlerts.email, user.email.toLowerCase())))
    .limit(1);
  return Boolean(row);
}

// ---------------------------------------------------------------- sending

/**
 * Queues the e-mails of the alerts that are due and ends those alerts, in one transaction per
 * batch: an alert is either still waiting or has exactly one queued mail (its id is the mail's
 * dedupe key besides). Rows are claimed with SKIP LOCKED, so several processes may run it.
 * An alert whose product went out of stock or was hidden again meanwhile waits for the next rise.
 */
export async function dispatchStockAlerts(db: Queryable): Promise<number> {
  let queued = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const due = await tx
        .select({
          id: stockAlerts.id,
          email: stockAlerts.email,
          productId: stockAlerts.productId,
        })
        .from(stockAlerts)
        .where(isNotNull(stockAlerts.dueAt))
        .orderBy(asc(stockAlerts.dueAt))
        .limit(BATCH)
        .for("update", { skipLocked: true });
      if (due.length === 0) return 0;
      const ids = [...new Set(due.map((d) => d.productId))];
      const found = await tx
        .select({
          id: products.id,
          name: products.name,
          slug: products.slug,
          stock: products.stock,
          isActive: products.isActive,
        })
        .from(products)
        .where(inArray(products.id, ids));
      const byId = new Map(found.map((p) => [p.id, p]));
      for (const alert of due) {
        const product = byId.get(alert.productId);
        if (!product || !product.isActive || product.stock <= 0) {
          await tx.update(stockAlerts).set({ dueAt: null }).where(eq(stockAlerts.id, alert.id));
          continue;
        }
        await enqueueMail(tx, "back-in-stock", backInStockMail(alert.email, product, unsubscribeUrl(alert.email)), {
          dedupeKey: `back-in-stock:${alert.id}`,
        });
        await tx.delete(stockAlerts).where(eq(stockAlerts.id, alert.id));
        queued++;
      }
      return due.length;
    });
    if (done < BATCH) break;
  }
  if (queued > 0) log.info("back-in-stock mails queued", { count: queued });
  return queued;
}

/** Run by each process's mail worker every round; the trigger's NOTIFY wakes it at once. */
export const stockAlertsChore: MailChore = {
  name: "back-in-stock alerts",
  everyMs: 0,
  run: (db) => dispatchStockAlerts(db),
};

// ---------------------------------------------------------------- unsubscribing

function signature(email: string): string {
  return createHmac("sha256", authSecret()).update(`stock-alert-unsubscribe:${email}`).digest("base64url");
}

/** A token naming an address, signed with the server's secret: nobody can forge one for another address. */
export function unsubscribeToken(email: string): string {
  const normalized = email.toLowerCase();
  return `${Buffer.from(normalized).toString("base64url")}.${signature(normalized)}`;
}

/** The address a token names, or null for a token that was changed or made up. */
export function verifyUnsubscribeToken(token: unknown): string | null {
  if (!isTokenShaped(token, 1000)) return null;
  const [encoded, given] = token.split(".");
  if (!encoded || !given) return null;
  const email = Buffer.from(encoded, "base64url").toString("utf8");
  const expected = Buffer.from(signature(email));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  return email;
}

export function unsubscribeUrl(email: string): string {
  return `${config().appUrl}/stock-alerts/unsubscribe?token=${encodeURIComponent(unsubscribeToken(email))}`;
}

export const unsubscribeSchema = z.object({
  token: z.string({ error: "Tautan berhenti tidak valid." }).min(1, "Tautan berhenti tidak valid."),
});

/** Ends every alert of the token's address. The answer does not say whether any existed. */
export async function unsubscribeStockAlerts(db: Queryable, token: string): Promise<FormResult> {
  const email = verifyUnsubscribeToken(token);
  if (!email) return formFailure(400, INVALID_UNSUBSCRIBE_MESSAGE, { title: "Tautan Tidak Valid" });
  const removed = await db.delete(stockAlerts).where(eq(stockAlerts.email, email)).returning({ id: stockAlerts.id });
  log.info("stock alerts unsubscribed", { count: removed.length });
  return formSuccess(
    "Anda sudah berhenti menerima kabar stok. Kami tidak akan mengirim email kabar stok lagi ke alamat ini kecuali Anda memintanya lagi.",
  );
}
