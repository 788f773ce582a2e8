// 'Kabari Saya': shoppers ask to hear when an out-of-stock product is back. A signed-in
// shopper whose address is verified is subscribed with it at once; any other address (a
// visitor's, or an account's not yet verified) first gets one confirmation mail, and the alert
// exists only once its owner presses the button behind that mail's link (a pending request is
// a row of `verifications`, which holds every other one-time proof of an address too). Nobody
// can thus sign a stranger's inbox up for mail. When the stock rises
// above zero by any path, a database trigger marks the alerts due (migrations); the mail
// worker's chore below queues one e-mail per alert through the durable mail queue and deletes
// the alert in the same transaction, so each subscriber gets exactly one. Every such e-mail
// carries a signed link that stops all of that address's alerts.
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { and, asc, eq, gt, inArray, isNotNull, like, lte, sql } from "drizzle-orm";
import { z } from "zod";
import { uuidField } from "~/lib/form-schema";
import { isTokenShaped } from "~/lib/form-text";
import type { Queryable } from "~/db/client.server";
import { products, stockAlerts, verifications } from "~/db/schema";
import { formFailure, formSuccess, isUuid, type FormResult } from "~/lib/form";
import {
  CONFIRM_FAILED_TITLE,
  INVALID_CONFIRM_MESSAGE,
  INVALID_UNSUBSCRIBE_MESSAGE,
  SUBSCRIBE_FAILED_TITLE,
} from "~/lib/stock-alerts";
import { now as clockNow } from "../clock.server";
import { authSecret, config } from "../config.server";
import { log } from "../logger.server";
import { notify } from "../notifications/notify.server";
import type { OutboxChore } from "../notifications/outbox.server";
import { hitRateLimit, retryMessage } from "../rate-limit.server";

/** The NOTIFY channel of the trigger that marks alerts due. */
export const STOCK_ALERTS_CHANNEL = "stock_alerts";
/** Per client (IP) and per e-mail address: enough for a shopper, too few to flood an inbox. */
export const ALERTS_PER_CLIENT_PER_HOUR = 10;
export const ALERTS_PER_EMAIL_PER_HOUR = 5;
const BATCH = 50;
/** How long a confirmation link works; an unconfirmed request is forgotten after it. */
export const CONFIRMATION_VALID_HOURS = 72;
const PENDING_PREFIX = "stock-alert:";

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

type SubscribeAnswer = FormResult<
  {
    email: string;
    product: { name: string; slug: string };
    /** True when a confirmation mail went out instead: nothing is subscribed yet. */
    pending: boolean;
  },
  "email" | "productId"
>;

/**
 * Subscribes an address to one product: at once for the signed-in shopper's own verified
 * address, otherwise by one confirmation mail (never a second while the first is pending). The
 * answer is the same whether the address has an account, waits already or was mailed already,
 * so the form tells nobody anything about an address.
 */
export async function subscribeToStock(
  db: Queryable,
  who: { user: { id: string; email: string; emailVerified?: boolean } | null; clientKey: string },
  input: StockAlertInput,
): Promise<SubscribeAnswer> {
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

  const shown = { name: product.name, slug: product.slug };
  const own = who.user !== null && who.user.email.toLowerCase() === email;
  if (own && who.user?.emailVerified === true) {
    await db.insert(stockAlerts).values({ productId: product.id, email, userId: who.user.id }).onConflictDoNothing();
    return formSuccess(`Kami akan mengirim email ke ${email} saat ${product.name} tersedia lagi.`, {
      email,
      product: shown,
      pending: false,
    });
  }
  await requestConfirmation(db, product, email);
  return formSuccess(
    `Kami mengirim email konfirmasi ke ${email}. Buka email itu dan tekan 'Aktifkan kabar stok' agar kami mengabari Anda saat ${product.name} tersedia lagi.`,
    { email, product: shown, pending: true },
  );
}

/**
 * Stores one pending request for this address and product and queues its mail, unless the
 * address already waits for the product or has a request still valid: asking again sends
 * nothing more. The lock keeps two requests at once from both mailing.
 */
async function requestConfirmation(db: Queryable, product: { id: string; name: string }, email: string) {
  const identifier = `${PENDING_PREFIX}${product.id}:${email}`;
  const at = clockNow();
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7207, hashtext(${identifier}))`);
    const [waiting] = await tx
      .select({ id: stockAlerts.id })
      .from(stockAlerts)
      .where(and(eq(stockAlerts.productId, product.id), eq(stockAlerts.email, email)))
      .limit(1);
    if (waiting) return;
    const [pending] = await tx
      .select({ id: verifications.id })
      .from(verifications)
      .where(and(eq(verifications.identifier, identifier), gt(verifications.expiresAt, at)))
      .limit(1);
    if (pending) return;
    await tx.delete(verifications).where(eq(verifications.identifier, identifier));
    const id = randomUUID();
    await tx.insert(verifications).values({
      id,
      identifier,
      value: JSON.stringify({ productId: product.id, email }),
      expiresAt: new Date(at.getTime() + CONFIRMATION_VALID_HOURS * 3_600_000),
    });
    await notify(tx, {
      kind: "stock-alert-confirm",
      subject: {
        product: { name: product.name },
        confirmHref: confirmationUrl(id),
        validHours: CONFIRMATION_VALID_HOURS,
      },
      recipient: { email },
      dedupeKey: `stock-alert-confirm:${id}`,
    });
  });
  log.info("stock alert confirmation requested");
}

function confirmationSignature(id: string): string {
  return createHmac("sha256", authSecret()).update(`stock-alert-confirm:${id}`).digest("base64url");
}

/** The link of a confirmation mail: the pending request's id, signed, so ids cannot be guessed into alerts. */
export function confirmationToken(id: string): string {
  return `${id}.${confirmationSignature(id)}`;
}

export function confirmationUrl(id: string): string {
  return `${config().appUrl}/stock-alerts/confirm?token=${encodeURIComponent(confirmationToken(id))}`;
}

/** The pending request a token names, or null for a token that was changed, made up or malformed. */
export function verifyConfirmationToken(token: unknown): string | null {
  if (!isTokenShaped(token, 200)) return null;
  const [id, given, extra] = token.split(".");
  if (!id || !given || extra !== undefined || !isUuid(id)) return null;
  const expected = Buffer.from(confirmationSignature(id));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  return id;
}

export const confirmSchema = z.object({
  token: z.string({ error: INVALID_CONFIRM_MESSAGE }).min(1, INVALID_CONFIRM_MESSAGE),
});

const pendingValue = z.object({ productId: z.string().refine(isUuid), email: z.string().min(3).max(254) });

/**
 * 'Ya, kabari saya' behind a confirmation link: the pending request becomes the alert (once;
 * the link is used up). A link that was changed, used or is too old is refused with a message.
 */
export async function confirmStockAlert(
  db: Queryable,
  token: string,
): Promise<FormResult<{ product: { name: string; slug: string } }>> {
  const invalid = () => formFailure(400, INVALID_CONFIRM_MESSAGE, { title: CONFIRM_FAILED_TITLE });
  const id = verifyConfirmationToken(token);
  if (!id) return invalid();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ identifier: verifications.identifier, value: verifications.value, expiresAt: verifications.expiresAt })
      .from(verifications)
      .where(eq(verifications.id, id))
      .for("update");
    if (!row || !row.identifier.startsWith(PENDING_PREFIX)) return invalid();
    await tx.delete(verifications).where(eq(verifications.id, id));
    if (row.expiresAt <= clockNow()) {
      return formFailure(
        400,
        `Tautan konfirmasi ini sudah lewat ${CONFIRMATION_VALID_HOURS} jam. Buka lagi halaman produknya dan tekan 'Kabari Saya'.`,
        { title: CONFIRM_FAILED_TITLE },
      );
    }
    let stored: unknown;
    try {
      stored = JSON.parse(row.value);
    } catch {
      stored = null;
    }
    const pending = pendingValue.safeParse(stored);
    if (!pending.success) return invalid();
    const [product] = await tx
      .select({ id: products.id, name: products.name, slug: products.slug, stock: products.stock })
      .from(products)
      .where(and(eq(products.id, pending.data.productId), eq(products.isActive, true)))
      .limit(1);
    if (!product) return formFailure(404, "Produk ini sudah tidak dijual.", { title: CONFIRM_FAILED_TITLE });
    const shown = { name: product.name, slug: product.slug };
    if (product.stock > 0)
      return formSuccess(`${product.name} sudah tersedia lagi. Silakan langsung pesan.`, { product: shown });
    await tx.insert(stockAlerts).values({ productId: product.id, email: pending.data.email }).onConflictDoNothing();
    log.info("stock alert confirmed");
    return formSuccess(
      `Kabar stok aktif. Kami akan mengirim email ke ${pending.data.email} saat ${product.name} tersedia lagi.`,
      { product: shown },
    );
  });
}

/** Forgets confirmation requests nobody answered in time (hourly, from the mail worker). */
export async function forgetExpiredConfirmations(db: Queryable): Promise<number> {
  const gone = await db
    .delete(verifications)
    .where(and(like(verifications.identifier, `${PENDING_PREFIX}%`), lte(verifications.expiresAt, clockNow())))
    .returning({ id: verifications.id });
  return gone.length;
}

export const expiredConfirmationsChore: OutboxChore = {
  name: "expired stock alert confirmations",
  everyMs: 3_600_000,
  run: (db) => forgetExpiredConfirmations(db),
};

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
        await notify(tx, {
          kind: "back-in-stock",
          subject: {
            product: { name: product.name, slug: product.slug },
            unsubscribeHref: unsubscribeUrl(alert.email),
          },
          recipient: { email: alert.email },
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
export const stockAlertsChore: OutboxChore = {
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
