// Uploaded photos are served as small WebP copies at the widths pages ask for, made once.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { responsiveImage } from "~/lib/images";
import { loader } from "~/routes/uploads.$";
import { getImageVariant, variantKey } from "./image-variants.server";
import { LocalDiskStorage, setStorageForTests } from "./storage.server";

let dir: string;
let storage: LocalDiskStorage;
const key = "products/0123456789abcdef0123456789abcdef.jpg";

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "sayur-variants-"));
  storage = new LocalDiskStorage(dir);
  setStorageForTests(storage);
  const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#3a7d2c" } })
    .jpeg({ quality: 95 })
    .toBuffer();
  await storage.put(key, photo);
});

afterAll(() => {
  setStorageForTests(undefined);
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string) => {
  const request = new Request(`http://localhost${url}`);
  const splat = new URL(request.url).pathname.slice("/uploads/".length);
  return loader({ request, params: { "*": splat }, context: {} } as unknown as Parameters<typeof loader>[0]);
};

describe("image variants", () => {
  it("answers ?w=320 with a 320-pixel WebP, kept in storage for the next request", async () => {
    const response = await get(`/uploads/${key}?w=320`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toContain("immutable");
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 320, 240]);
    expect(await storage.get(variantKey(key, 320))).not.toBeNull();
  });

  it("never enlarges and never makes a copy of a copy", async () => {
    const small = "products/fedcba9876543210fedcba9876543210.png";
    await storage.put(
      small,
      await sharp({ create: { width: 200, height: 200, channels: 3, background: "#fff" } })
        .png()
        .toBuffer(),
    );
    const variant = await getImageVariant(small, 960);
    expect((await sharp((variant as { data: Buffer }).data).metadata()).width).toBe(200);
    expect(await getImageVariant(variantKey(key, 320), 160)).toBeNull();
  });

  it("refuses widths it does not make, with a message, and 404s a missing photo", async () => {
    const odd = await get(`/uploads/${key}?w=333`);
    expect(odd.status).toBe(400);
    expect(await odd.text()).toBe("Lebar gambar tidak didukung.");
    expect((await get(`/uploads/products/00000000000000000000000000000000.jpg?w=320`)).status).toBe(404);
  });

  it("gives uploaded photos a srcset and leaves the shipped SVGs alone", () => {
    expect(responsiveImage(`/uploads/${key}`, 400)).toEqual({
      src: `/uploads/${key}?w=480`,
      srcSet: [160, 320, 480, 640, 960].map((w) => `/uploads/${key}?w=${w} ${w}w`).join(", "),
    });
    expect(responsiveImage("/images/products/bayam.svg", 400)).toBeNull();
  });
});

describe("a stored original that does not decode", () => {
  it("answers every width with the placeholder, never a 500", async () => {
    const broken = "products/0badc0de0badc0de0badc0de0badc0d.png";
    await storage.put(broken, Buffer.from("89504e470d0a1a0a3c68746d6c3e3c7363726970743e", "hex"));
    for (const width of [160, 320, 960]) {
      const response = await get(`/uploads/${broken}?w=${width}`);
      expect(response.status, String(width)).toBe(302);
      expect(response.headers.get("location")).toBe("/images/placeholder.svg");
      expect(response.headers.get("cache-control")).toBe("no-store");
    }
    expect(await storage.get(variantKey(broken, 320))).toBeNull();
  });
});
