// The shop's identity as shoppers see it right now: the owner's saved 'Identitas Toko' over
// the environment's values (app/lib/shop-identity.ts). Pages ask `loadShopIdentity` (one row,
// never cached: a catalog page rendered after a change must not show the old name under the
// new catalog version). Code that composes a mail synchronously asks `currentShop`, this
// process's copy from its last read; every request that changes something and the mail
// worker's loop read it first (see root.tsx and lifecycle.server.ts), so that copy is never
// older than the action or chore that uses it.
import { eq } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { shopSettings } from "~/db/schema";
import type { ShopIdentity } from "~/lib/shop";
import {
  applyShopIdentity,
  savedIdentityOf,
  storedShopIdentitySchema,
  type ShopIdentitySetting,
} from "~/lib/shop-identity";
import { config } from "../config.server";
import { log } from "../logger.server";

let lastRead: { saved: ShopIdentitySetting | null } | undefined;

function parse(stored: unknown): ShopIdentitySetting | null {
  if (stored === null || stored === undefined) return null;
  const parsed = storedShopIdentitySchema.safeParse(stored);
  if (parsed.success) return savedIdentityOf(parsed.data);
  log.warn("stored shop identity no longer valid, using the environment's");
  return null;
}

/** The saved 'Identitas Toko', or null while the environment's identity holds. */
export async function readSavedIdentity(db: Queryable): Promise<ShopIdentitySetting | null> {
  const [row] = await db
    .select({ value: shopSettings.value })
    .from(shopSettings)
    .where(eq(shopSettings.key, "shopIdentity"));
  const saved = parse(row?.value);
  lastRead = { saved };
  return saved;
}

/** The identity every page, invoice, chat link and JSON-LD shows. */
export async function loadShopIdentity(db: Queryable): Promise<ShopIdentity> {
  return applyShopIdentity(config().shop, await readSavedIdentity(db));
}

/** This process's identity as last read (the environment's before any read). */
export function currentShop(): ShopIdentity {
  return applyShopIdentity(config().shop, lastRead?.saved ?? null);
}

/** Tests: forget the copy of the last read. */
export function forgetShopIdentity(): void {
  lastRead = undefined;
}

/** After a save in this process: the copy is the saved value at once. */
export function rememberShopIdentity(saved: ShopIdentitySetting | null): void {
  lastRead = { saved };
}
