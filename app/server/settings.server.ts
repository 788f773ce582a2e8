// The shop's settings store: values in PostgreSQL (so every app process agrees), each save
// checked by the schema of app/lib/shop-settings.ts and written with a history row (who,
// when, before, after) in the same transaction.
//
// Readers: `loadShopSettings` for pages (kept per process for SETTINGS_CACHE_MS at most, and
// dropped at once in the process that saved); `readShopSettings` inside a transaction that must
// decide on the current value (placing an order), never cached.
import { desc, eq, inArray, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { catalogState, shopSettings, shopSettingsHistory } from "~/db/schema";
import {
  SETTING_KEYS,
  SHOP_SETTINGS,
  settingChangeLines,
  type SettingKey,
  type SettingValue,
  type ShopSettings,
} from "~/lib/shop-settings";
import { fieldErrorsFromZod, formFailure, formSuccess, type FormResult } from "~/lib/form";
import { assertOwner, type AdminActor } from "./accounts/actor.server";
import { log } from "./logger.server";
import { savedIdentityOf, type StoredShopIdentity } from "~/lib/shop-identity";
import { rememberShopIdentity } from "./shop/identity.server";

/** How long a process may show a setting another process has changed. */
export const SETTINGS_CACHE_MS = 3_000;

export type SettingRevisions = Record<SettingKey, number>;
export type LoadedSettings = { values: ShopSettings; revisions: SettingRevisions };

function parseStored<K extends SettingKey>(key: K, stored: unknown): SettingValue<K> {
  const parsed = SHOP_SETTINGS[key].schema.safeParse(stored);
  if (parsed.success) return parsed.data as SettingValue<K>;
  // A row written by an older version whose rules were looser: the shop keeps working on the
  // sample value and staff see it on the settings page to save again.
  log.warn("stored setting no longer valid, using the default", { key });
  return SHOP_SETTINGS[key].defaultValue as SettingValue<K>;
}

/** Every setting as stored now (defaults for those never saved). Not cached. */
export async function readShopSettings(db: Queryable): Promise<LoadedSettings> {
  const rows = await db
    .select({ key: shopSettings.key, value: shopSettings.value, revision: shopSettings.revision })
    .from(shopSettings)
    .where(inArray(shopSettings.key, SETTING_KEYS));
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const values = {} as Record<SettingKey, unknown>;
  const revisions = {} as SettingRevisions;
  for (const key of SETTING_KEYS) {
    const row = byKey.get(key);
    values[key] = row ? parseStored(key, row.value) : SHOP_SETTINGS[key].defaultValue;
    revisions[key] = row?.revision ?? 0;
  }
  return { values: values as ShopSettings, revisions };
}

const store = globalThis as typeof globalThis & {
  __shopSettingsCache?: { at: number; db: Queryable; pending: Promise<LoadedSettings> };
};

/** The settings for showing pages: at most SETTINGS_CACHE_MS old. */
export async function loadShopSettings(db: Queryable): Promise<LoadedSettings> {
  const cached = store.__shopSettingsCache;
  if (cached && cached.db === db && Date.now() - cached.at < SETTINGS_CACHE_MS) return cached.pending;
  const pending = readShopSettings(db);
  store.__shopSettingsCache = { at: Date.now(), db, pending };
  pending.catch(() => {
    if (store.__shopSettingsCache?.pending === pending) store.__shopSettingsCache = undefined;
  });
  return pending;
}

/** Forgets the cached copy (after a save in this process; tests). */
export function forgetCachedSettings(): void {
  store.__shopSettingsCache = undefined;
}

/** Writes the sample settings of a fresh shop; never overwrites what staff saved. */
export async function seedSettingsIfMissing(db: Queryable): Promise<void> {
  await db
    .insert(shopSettings)
    .values(SETTING_KEYS.map((key) => ({ key, value: SHOP_SETTINGS[key].defaultValue as unknown })))
    .onConflictDoNothing();
}

type SaveSettingResult = FormResult<{ changed: boolean }>;

/** A save whose page read an older revision (or named none). */
class StaleSetting extends Error {}

/**
 * Saves one setting for staff. `candidate` is checked by its schema; `expectedRevision` is the
 * revision the page showed (or the caller read), so a page saved over someone else's newer
 * change is refused instead of silently undoing it. A save that names no revision is refused
 * the same way: otherwise leaving the field out of the post would skip the check.
 */
export async function saveShopSetting<K extends SettingKey>(
  db: Queryable,
  actor: AdminActor & { name: string },
  key: K,
  candidate: unknown,
  { expectedRevision }: { expectedRevision: number | undefined },
): Promise<SaveSettingResult> {
  assertOwner(actor);
  const definition = SHOP_SETTINGS[key];
  const parsed = definition.schema.safeParse(candidate);
  if (!parsed.success) {
    // The page names fields by their path ("pagi.cutoffTime"); a setting that is one value
    // (the minimum order) has its field's message under "".
    const fieldErrors = fieldErrorsFromZod(parsed.error, { nested: true, whole: "" });
    return formFailure(400, fieldErrors[""] ?? `${definition.title} belum disimpan: periksa isian yang ditandai.`, {
      fieldErrors,
    });
  }
  const value = parsed.data as unknown;
  const result = await db
    .transaction(async (tx): Promise<SaveSettingResult> => {
      // The row exists before it is locked, so two first saves queue on the same lock.
      await tx
        .insert(shopSettings)
        .values({ key, value: definition.defaultValue as unknown, revision: 0 })
        .onConflictDoNothing();
      const [row] = await tx
        .select({ value: shopSettings.value, revision: shopSettings.revision })
        .from(shopSettings)
        .where(eq(shopSettings.key, key))
        .for("update");
      // Refused by throwing, so the row made just above for the lock is rolled back too: an
      // answer that saves nothing stores nothing.
      if (expectedRevision === undefined || row.revision !== expectedRevision) throw new StaleSetting();
      const before = parseStored(key, row.value) as unknown;
      if (JSON.stringify(before) === JSON.stringify(value)) {
        return formSuccess(`${definition.title}: tidak ada perubahan.`, { changed: false });
      }
      await tx
        .update(shopSettings)
        .set({ value, revision: sql`${shopSettings.revision} + 1`, updatedBy: actor.id, updatedAt: sql`now()` })
        .where(eq(shopSettings.key, key));
      await tx.insert(shopSettingsHistory).values({
        key,
        oldValue: row.value,
        newValue: value,
        changedBy: actor.id,
        changedByName: actor.name,
      });
      // Every process's catalog pages are rendered again with the new value on their next view.
      if ((definition as { shownOnCatalogPages?: boolean }).shownOnCatalogPages)
        await tx
          .update(catalogState)
          .set({ version: sql`${catalogState.version} + 1`, changedAt: sql`now()` })
          .where(eq(catalogState.id, 1));
      return formSuccess(`${definition.title} disimpan.`, { changed: true });
    })
    .catch((error: unknown) => {
      if (!(error instanceof StaleSetting)) throw error;
      return formFailure(
        409,
        `${definition.title} baru saja diubah oleh staf lain. Muat ulang halaman untuk melihat perubahannya, lalu simpan lagi.`,
      );
    });
  if (result.ok && result.changed) {
    forgetCachedSettings();
    if (key === "shopIdentity") rememberShopIdentity(savedIdentityOf(value as StoredShopIdentity));
    log.info("setting changed", { key, by: actor.id });
  }
  return result;
}

export type SettingsHistoryEntry = {
  id: string;
  key: SettingKey;
  title: string;
  changedByName: string;
  createdAt: Date;
  removed: string[];
  added: string[];
};

/** The newest changes first, each as the lines that went and the lines that came. */
export async function listSettingsHistory(
  db: Queryable,
  actor: AdminActor,
  { limit = 50 }: { limit?: number } = {},
): Promise<SettingsHistoryEntry[]> {
  assertOwner(actor);
  const rows = await db
    .select({
      id: shopSettingsHistory.id,
      key: shopSettingsHistory.key,
      oldValue: shopSettingsHistory.oldValue,
      newValue: shopSettingsHistory.newValue,
      changedByName: shopSettingsHistory.changedByName,
      createdAt: shopSettingsHistory.createdAt,
    })
    .from(shopSettingsHistory)
    .where(inArray(shopSettingsHistory.key, SETTING_KEYS))
    .orderBy(desc(shopSettingsHistory.createdAt), desc(shopSettingsHistory.id))
    .limit(limit);
  return rows.map((r) => {
    const key = r.key as SettingKey;
    return {
      id: r.id,
      key,
      title: SHOP_SETTINGS[key].title,
      changedByName: r.changedByName,
      createdAt: r.createdAt,
      ...settingChangeLines(key, r.oldValue, r.newValue),
    };
  });
}
