// The shop's logo: an upload made by sharp into the header logo, favicon and app icons, saved
// with the identity (the pages' copies follow on their next view), the replaced one deleted,
// and anything that is not a sound picture refused next to its field.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOGO_VARIANTS, logoKey, shopIcons, type LogoVariant } from "~/lib/shop-logo";
import { createUser } from "../../../tests/support/factories";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-db";
import { config } from "../config.server";
import { LocalDiskStorage, setStorageForTests } from "../uploads/storage.server";
import { loadShopIdentity } from "./identity.server";
import { saveShopLogo } from "./logo.server";

let testDb: TestDatabase;
let storage: LocalDiskStorage;
beforeAll(async () => {
  testDb = await createTestDatabase();
  storage = new LocalDiskStorage(mkdtempSync(path.join(os.tmpdir(), "logo-")));
  setStorageForTests(storage);
});
afterAll(async () => {
  setStorageForTests(undefined);
  await testDb?.destroy();
});

/** A wide red logo with a transparent background, as an owner's PNG might be. */
const wideLogo = () =>
  sharp({ create: { width: 900, height: 300, channels: 4, background: { r: 200, g: 20, b: 20, alpha: 1 } } })
    .png()
    .toBuffer();
const asFile = (data: Buffer, name = "logo.png", type = "image/png") =>
  new File([new Uint8Array(data)], name, { type });

describe("the shop's logo", () => {
  it("becomes the header logo, favicon and app icons, and replaces the previous one", async () => {
    const owner = await createUser(testDb.db, { role: "admin" });
    expect(shopIcons((await loadShopIdentity(testDb.db)).logo).header).toBeNull();

    expect(await saveShopLogo(testDb.db, owner, { logo: asFile(await wideLogo()) })).toMatchObject({ ok: true });
    const shop = await loadShopIdentity(testDb.db);
    // Saved with the identity the shop showed (the environment's), which stays as it was.
    expect(shop.name).toBe(config().shop.name);
    expect(shop.logo).toMatch(/^[a-f0-9]{32}$/);
    const icons = shopIcons(shop.logo);
    expect(icons.header).toBe(`/uploads/${logoKey(shop.logo!, "header")}`);
    expect(icons.manifest.map((i) => i.src)).toEqual([
      `/uploads/${logoKey(shop.logo!, "icon192")}`,
      `/uploads/${logoKey(shop.logo!, "icon512")}`,
      `/uploads/${logoKey(shop.logo!, "maskable512")}`,
    ]);
    for (const [variant, size] of Object.entries(LOGO_VARIANTS) as [LogoVariant, number][]) {
      const stored = await storage.get(logoKey(shop.logo!, variant));
      const meta = await sharp(stored!.data).metadata();
      expect([variant, meta.format, meta.width, meta.height]).toEqual([variant, "png", size, size]);
    }
    // Home-screen icons have no see-through corners; the header's logo keeps its transparency.
    const corner = async (variant: LogoVariant) =>
      (
        await sharp((await storage.get(logoKey(shop.logo!, variant)))!.data)
          .ensureAlpha()
          .raw()
          .toBuffer()
      )[3];
    expect(await corner("maskable512")).toBe(255);
    expect(await corner("appleTouch")).toBe(255);
    expect(await corner("header")).toBe(0);

    const first = shop.logo!;
    expect(await saveShopLogo(testDb.db, owner, { logo: asFile(await wideLogo()) })).toMatchObject({ ok: true });
    const second = (await loadShopIdentity(testDb.db)).logo!;
    expect(second).not.toBe(first);
    expect(await storage.exists(logoKey(first, "header"))).toBe(false);
    expect(await storage.exists(logoKey(second, "header"))).toBe(true);
  });

  it("refuses a file that is not a picture, or a picture too large to decode, next to its field", async () => {
    const owner = await createUser(testDb.db, { role: "admin" });
    const before = (await loadShopIdentity(testDb.db)).logo;
    const text = await saveShopLogo(testDb.db, owner, { logo: asFile(Buffer.from("bukan gambar"), "logo.png") });
    expect(text).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { logo: "Gambar harus berupa JPEG, PNG, atau WebP." },
    });
    const huge = await sharp({ create: { width: 12_001, height: 100, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    const refused = await saveShopLogo(testDb.db, owner, { logo: asFile(huge) });
    expect(refused).toMatchObject({ ok: false, status: 400 });
    expect((await loadShopIdentity(testDb.db)).logo).toBe(before);
  });

  it("is for the owner only", async () => {
    const staff = await createUser(testDb.db, { role: "staff" });
    await expect(saveShopLogo(testDb.db, staff, { logo: asFile(await wideLogo()) })).rejects.toThrow();
  });
});
