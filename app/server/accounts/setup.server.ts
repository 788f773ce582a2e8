// 'Siapkan Toko': the first-run set-up at /setup. While the shop has no owner, the server
// keeps one random set-up token (in the verifications table, so every process and a restart
// agree on it) and prints the link with it when it starts; `npm run setup-link` prints it
// again. Whoever posts the form with that token becomes the owner and is signed in. The
// token is taken out of the table in the same statement that checks it, so of two set-ups
// posted at once exactly one goes on; once an owner exists the page is a 404 and the token is
// deleted. Attempts are rate-limited per client address: without the token nothing is made.
import { randomBytes, randomUUID } from "node:crypto";
import { isAPIError } from "better-auth/api";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database, Queryable } from "~/db/client.server";
import { shopSettings, users, verifications } from "~/db/schema";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/lib/account-rules";
import { formFailure, formSuccess, type FormFailure, type FormSuccess } from "~/lib/form";
import { isSingleLineText, isTokenShaped, SINGLE_LINE_MESSAGE } from "~/lib/form-text";
import { identityCandidateFrom, shopIdentitySchema } from "~/lib/shop-identity";
import type { AccountDeps } from "./customer.server";
import { config } from "../config.server";
import { announce, log } from "../logger.server";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "./password-policy.server";
import { hitRateLimit, retryMessage } from "../rate-limit.server";
import { saveShopSetting } from "../settings.server";

const IDENTIFIER = "shop-setup";
/** Attempts per client address: the token is 256 random bits, this only keeps the log quiet. */
export const SETUP_LIMITS = { perClient: 10, windowSeconds: 15 * 60 };
export const SETUP_FAILED_TITLE = "Toko Belum Disiapkan";
export const SETUP_BAD_TOKEN =
  "Tautan penyiapan tidak berlaku. Buka tautan yang tercetak di log server, atau jalankan `npm run setup-link`.";

/** Whether an owner ('Pemilik') exists: then /setup is gone for good. */
export async function shopHasOwner(db: Queryable): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1);
  return Boolean(row);
}

/**
 * The set-up token while the shop has no owner (made on first call), or null once it has one
 * (any token left is deleted then). Safe in several processes at once: they agree on one token.
 */
export async function ensureSetupToken(db: Database): Promise<string | null> {
  return db.transaction(async (tx) => {
    // Two processes starting together queue here instead of making two tokens.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('shop-setup-token'))`);
    if (await shopHasOwner(tx)) {
      await tx.delete(verifications).where(eq(verifications.identifier, IDENTIFIER));
      return null;
    }
    const [existing] = await tx
      .select({ value: verifications.value })
      .from(verifications)
      .where(eq(verifications.identifier, IDENTIFIER))
      .limit(1);
    if (existing) return existing.value;
    const token = randomBytes(32).toString("base64url");
    await tx.insert(verifications).values({
      id: randomUUID(),
      identifier: IDENTIFIER,
      value: token,
      // Valid until used: a shop may be set up days after it was installed.
      expiresAt: new Date("9999-12-31T00:00:00Z"),
    });
    return token;
  });
}

export function setupLink(token: string): string {
  return `${config().appUrl}/setup?token=${token}`;
}

/**
 * Printed when the server starts while the shop has no owner, whole (the log's redaction
 * would hide the token the person at the terminal needs).
 */
export async function announceSetupLink(db: Database): Promise<void> {
  const token = await ensureSetupToken(db);
  if (!token) return;
  announce("Toko belum punya pemilik: buka tautan ini untuk menyiapkan toko (sekali pakai)", {
    setupLink: setupLink(token),
  });
}

// ---- the form ----

const asText = (value: unknown) => (typeof value === "string" ? value : "");
const text = <S extends z.ZodType>(schema: S) => z.preprocess(asText, schema);

const ownerSchema = z.object({
  token: text(z.string()),
  ownerName: text(
    z
      .string()
      .trim()
      .min(1, "Nama pemilik wajib diisi.")
      .max(100, "Nama pemilik maksimal 100 karakter.")
      .refine(isSingleLineText, SINGLE_LINE_MESSAGE),
  ),
  ownerEmail: text(
    z.string().trim().toLowerCase().min(1, "Email pemilik wajib diisi.").pipe(z.email("Format email tidak valid.")),
  ),
  password: text(
    z
      .string()
      .min(PASSWORD_MIN_LENGTH, `Password minimal ${PASSWORD_MIN_LENGTH} karakter.`)
      .max(PASSWORD_MAX_LENGTH, `Password maksimal ${PASSWORD_MAX_LENGTH} karakter.`)
      .refine((v) => !isCommonPassword(v), COMMON_PASSWORD_MESSAGE),
  ),
});

/** The set-up form: the owner's fields and the identity's (named as on 'Identitas Toko'). */
export const setupSchema = z.preprocess(
  (fields) => {
    const f = (fields ?? {}) as Record<string, unknown>;
    return { ...f, ...identityCandidateFrom((name) => asText(f[name]).trim()) };
  },
  ownerSchema.extend(shopIdentitySchema.shape).transform(({ token, ownerName, ownerEmail, password, ...shop }) => ({
    token,
    ownerName,
    ownerEmail,
    password,
    shop,
  })),
);
export type SetupInput = z.output<typeof setupSchema>;

/** Creates the owner and the shop's identity, and opens the owner's session. */
export async function completeSetup(
  deps: AccountDeps,
  input: SetupInput,
  client: { key: string; headers: Headers },
): Promise<FormSuccess<{ headers: Headers }> | FormFailure<string>> {
  const { db, auth } = deps;
  const limit = await hitRateLimit(
    db,
    `setup:client:${client.key}`,
    SETUP_LIMITS.perClient,
    SETUP_LIMITS.windowSeconds,
  );
  if (!limit.allowed) {
    log.warn("shop set-up slowed down by rate limit", { client: client.key });
    return formFailure(429, retryMessage(limit.retryAfterSeconds), { title: SETUP_FAILED_TITLE });
  }
  if (await shopHasOwner(db)) return formFailure(404, "Toko ini sudah disiapkan.", { title: SETUP_FAILED_TITLE });
  if (!isTokenShaped(input.token, 200)) {
    log.warn("shop set-up refused: wrong token", { client: client.key });
    return formFailure(403, SETUP_BAD_TOKEN, { title: SETUP_FAILED_TITLE });
  }
  // Checked and taken in one statement: of two set-ups at once, one gets the row.
  const claimed = await db
    .delete(verifications)
    .where(and(eq(verifications.identifier, IDENTIFIER), eq(verifications.value, input.token)))
    .returning({ id: verifications.id });
  if (claimed.length === 0) {
    log.warn("shop set-up refused: wrong token", { client: client.key });
    return formFailure(403, SETUP_BAD_TOKEN, { title: SETUP_FAILED_TITLE });
  }
  const putBack = () =>
    db
      .insert(verifications)
      .values({
        id: randomUUID(),
        identifier: IDENTIFIER,
        value: input.token,
        expiresAt: new Date("9999-12-31T00:00:00Z"),
      })
      .catch((error: unknown) => log.error("set-up token could not be put back", { error }));

  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.ownerEmail));
  if (taken) {
    await putBack();
    const message = "Email ini sudah dipakai akun lain. Pakai email lain untuk pemilik toko.";
    return formFailure(400, message, { title: SETUP_FAILED_TITLE, fieldErrors: { ownerEmail: message } });
  }
  let userId: string;
  try {
    const created = await auth.api.signUpEmail({
      body: { name: input.ownerName, email: input.ownerEmail, password: input.password },
    });
    userId = created.user.id;
    await db
      .update(users)
      .set({ role: "admin", emailVerified: true, updatedAt: new Date() })
      .where(eq(users.id, userId));
  } catch (error) {
    await putBack();
    if (isAPIError(error) && (error.body as { code?: string } | undefined)?.code === "PASSWORD_TOO_COMMON")
      return formFailure(400, COMMON_PASSWORD_MESSAGE, {
        title: SETUP_FAILED_TITLE,
        fieldErrors: { password: COMMON_PASSWORD_MESSAGE },
      });
    throw error;
  }
  await saveShopSetting(db, { id: userId, role: "admin", name: input.ownerName }, "shopIdentity", input.shop, {
    expectedRevision: await settingRevision(db),
  });
  log.info("shop set up: owner created", { userId });
  const { headers } = await auth.api.signInEmail({
    body: { email: input.ownerEmail, password: input.password, rememberMe: true },
    headers: client.headers,
    returnHeaders: true,
  });
  return formSuccess("Toko siap. Selamat datang!", { headers });
}

async function settingRevision(db: Queryable): Promise<number> {
  const [row] = await db
    .select({ revision: shopSettings.revision })
    .from(shopSettings)
    .where(eq(shopSettings.key, "shopIdentity"));
  return row?.revision ?? 0;
}
