import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as uploadsLoader } from "~/routes/uploads.$";
import {
  contentTypeOfKey,
  isValidKey,
  keyOfPublicUrl,
  LocalDiskStorage,
  publicUrlOf,
  randomKey,
  setStorageForTests,
  sniffImageType,
} from "./storage.server";

let root: string;
let storage: LocalDiskStorage;

beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), "sayur-storage-"));
  storage = new LocalDiskStorage(path.join(root, "uploads"));
  setStorageForTests(storage);
});

afterAll(() => {
  setStorageForTests(undefined);
  rmSync(root, { recursive: true, force: true });
});

const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
const JPEG = Buffer.from("ffd8ffe000104a464946", "hex");
const WEBP = Buffer.concat([Buffer.from("RIFF"), Buffer.from([0x24, 0, 0, 0]), Buffer.from("WEBPVP8 ")]);

describe("keys", () => {
  it("are random, in a folder, with the stored type's extension", () => {
    const a = randomKey("products", "webp");
    const b = randomKey("products", "webp");
    expect(a).toMatch(/^products\/[0-9a-f]{32}\.webp$/);
    expect(a).not.toBe(b);
    expect(contentTypeOfKey(a)).toBe("image/webp");
    expect(keyOfPublicUrl(publicUrlOf(a))).toBe(a);
  });

  it("refuse anything that could leave the uploads folder or name another type", () => {
    for (const bad of [
      "../secret.png",
      "products/../../x.png",
      "/etc/passwd.png",
      "products\\x.png",
      "products/x.svg",
      "products/x.png.exe",
      "x.html",
      "",
      "products//x.png",
      "PRODUCTS/X.PNG",
    ]) {
      expect(isValidKey(bad), bad).toBe(false);
    }
    expect(keyOfPublicUrl("/images/products/kangkung.svg")).toBeNull();
    expect(keyOfPublicUrl("https://contoh.id/uploads/products/x.png")).toBeNull();
  });
});

describe("sniffImageType", () => {
  it("reads JPEG, PNG and WebP from their first bytes and nothing else", () => {
    expect(sniffImageType(JPEG)).toBe("jpg");
    expect(sniffImageType(PNG)).toBe("png");
    expect(sniffImageType(WEBP)).toBe("webp");
    expect(sniffImageType(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(sniffImageType(Buffer.from("GIF89a"))).toBeNull();
    expect(sniffImageType(Buffer.from("RIFF\0\0\0\0WAVE"))).toBeNull();
    expect(sniffImageType(Buffer.from([0xff, 0xd8]))).toBeNull();
  });
});

describe("LocalDiskStorage", () => {
  it("puts, gets and deletes by key", async () => {
    const key = randomKey("products", "png");
    await storage.put(key, PNG);
    expect(await storage.get(key)).toEqual({ data: PNG, contentType: "image/png" });
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await storage.delete(key);
  });

  it("throws on a bad key instead of touching the disk", async () => {
    await expect(storage.put("../escape.png", PNG)).rejects.toThrow(/invalid storage key/);
    expect(existsSync(path.join(root, "escape.png"))).toBe(false);
    expect(await storage.get("../escape.png")).toBeNull();
  });
});

describe("GET /uploads/*", () => {
  const get = (key: string) =>
    uploadsLoader({
      params: { "*": key },
      request: new Request(`http://localhost/uploads/${key}`),
    } as never) as Promise<Response>;

  it("serves a stored image with its type, a year of caching and nosniff", async () => {
    const key = randomKey("products", "jpg");
    await storage.put(key, JPEG);
    const response = await get(key);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await response.arrayBuffer())).toEqual(JPEG);
  });

  it("answers 404 for missing files and for paths outside the uploads folder", async () => {
    writeFileSync(path.join(root, "secret.png"), PNG);
    for (const key of [
      randomKey("products", "png"),
      "../secret.png",
      "..%2Fsecret.png",
      "products/../../secret.png",
      "secret.txt",
    ]) {
      const response = await get(key);
      expect(response.status, key).toBe(404);
    }
  });
});
