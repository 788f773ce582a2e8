// The one place uploaded files live. Files are addressed by key ("products/<random>.webp");
// the backend is the local disk under config().uploadsDir, or an S3-compatible bucket when
// the S3_* settings are given (needed once several app machines serve the same shop).
import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { AwsClient } from "aws4fetch";
import { config, type S3Config } from "../config.server";

export type StoredFile = { data: Buffer; contentType: string };

export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** The file, or null when there is none under that key. */
  get(key: string): Promise<StoredFile | null>;
  /** Whether a file is kept under that key, without reading it. */
  exists(key: string): Promise<boolean>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
}

/** The types the shop accepts and serves, by stored extension. */
export const CONTENT_TYPES = {
  jpg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
} as const;
export type StoredExtension = keyof typeof CONTENT_TYPES;

// Keys are built by the server only (randomKey); anything else, "..", a leading slash or a
// backslash included, is refused before it can reach a file system or a bucket.
const KEY_PATTERN = /^[a-z0-9-]{1,40}(\/[a-z0-9-]{1,64})*\.(jpg|png|webp)$/;

export function isValidKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function contentTypeOfKey(key: string): string | null {
  if (!isValidKey(key)) return null;
  const ext = key.slice(key.lastIndexOf(".") + 1) as StoredExtension;
  return CONTENT_TYPES[ext] ?? null;
}

/**
 * What an upload really is, read from its first bytes (never from its name or the type the
 * browser claims): JPEG, PNG or WebP, or null for anything else.
 */
export function sniffImageType(bytes: Uint8Array): StoredExtension | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (bytes.length >= 3 && starts([0xff, 0xd8, 0xff])) return "jpg";
  if (bytes.length >= 8 && starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  // RIFF....WEBP
  if (bytes.length >= 12 && starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "webp";
  return null;
}

/** Folders whose files are never served at /uploads (proofs of payment, photos taken at the door). */
const PRIVATE_FOLDERS = ["proofs/", "delivery-photos/"];

/** True for a key only its own route may serve, after checking who asks. */
export function isPrivateKey(key: string): boolean {
  return PRIVATE_FOLDERS.some((folder) => key.startsWith(folder));
}

const PRIVATE_HEADERS = { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" };

/**
 * A private file as its route answers it, once the route's server function has checked who
 * asks: never kept by a cache or stored by the browser, never run as a page, and a 404 alike
 * for a file that is missing and one the asker may not see.
 */
export function privateFileResponse(file: StoredFile | null): Response {
  if (!file)
    return new Response("Tidak ditemukan.", {
      status: 404,
      headers: { ...PRIVATE_HEADERS, "Content-Type": "text/plain; charset=utf-8" },
    });
  return new Response(new Uint8Array(file.data), {
    headers: {
      ...PRIVATE_HEADERS,
      "Content-Type": file.contentType,
      "Content-Length": String(file.data.length),
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      "Cross-Origin-Resource-Policy": "same-origin",
    },
  });
}

/** A fresh key in a folder: 128 random bits, never a name a user chose. */
export function randomKey(folder: string, ext: StoredExtension): string {
  return `${folder}/${randomBytes(16).toString("hex")}.${ext}`;
}

/** The public URL of a stored file (served by routes/uploads.$.ts). */
export function publicUrlOf(key: string): string {
  return `/uploads/${key}`;
}

/** The key behind a URL made by publicUrlOf, or null for any other URL (e.g. /images/...). */
export function keyOfPublicUrl(url: string | null | undefined): string | null {
  if (!url || !url.startsWith("/uploads/")) return null;
  const key = url.slice("/uploads/".length);
  return isValidKey(key) ? key : null;
}

function assertKey(key: string) {
  if (!isValidKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}

export class LocalDiskStorage implements FileStorage {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private pathOf(key: string): string {
    assertKey(key);
    const full = path.resolve(this.root, key);
    // The key pattern already rules this out; checked again so a future pattern change cannot open a hole.
    if (!full.startsWith(this.root + path.sep)) throw new Error("storage key escapes the uploads folder");
    return full;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const full = this.pathOf(key);
    await mkdir(path.dirname(full), { recursive: true });
    // Written beside and renamed, so a reader never sees half a file.
    const temp = `${full}.${randomBytes(4).toString("hex")}.tmp`;
    await writeFile(temp, data, { mode: 0o644 });
    await rename(temp, full);
  }

  async get(key: string): Promise<StoredFile | null> {
    if (!isValidKey(key)) return null;
    try {
      const data = await readFile(this.pathOf(key));
      return {
        data,
        contentType: contentTypeOfKey(key) ?? "application/octet-stream",
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT" || (error as NodeJS.ErrnoException).code === "EISDIR")
        return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    if (!isValidKey(key)) return false;
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch {
      return false;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}

const sha256Hex = (data: Buffer | string) => createHash("sha256").update(data).digest("hex");
// Bodiless requests sign the hash of nothing, which every S3-compatible store accepts.
const EMPTY_SHA256 = sha256Hex("");

/**
 * An S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Backblaze B2...), addressed
 * path-style (`endpoint/bucket/key`), every request signed with AWS Signature V4.
 */
export class S3Storage implements FileStorage {
  private readonly client: AwsClient;

  constructor(private readonly settings: S3Config) {
    this.client = new AwsClient({
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
      region: settings.region,
      service: "s3",
      // A failing bucket should surface as an error to the admin quickly, not after minutes of retries.
      retries: 2,
    });
  }

  private urlOf(key: string): string {
    assertKey(key);
    return `${this.settings.endpoint}/${encodeURIComponent(this.settings.bucket)}/${key}`;
  }

  private async fail(operation: string, key: string, response: Response): Promise<never> {
    const detail = (await response.text().catch(() => "")).slice(0, 300);
    throw new Error(`S3 ${operation} ${key} failed: ${response.status} ${detail}`);
  }

  async put(key: string, data: Buffer): Promise<void> {
    const response = await this.client.fetch(this.urlOf(key), {
      method: "PUT",
      body: new Uint8Array(data),
      headers: {
        "Content-Type": contentTypeOfKey(key) ?? "application/octet-stream",
        // A signed payload hash: the store refuses a body changed on the way.
        "X-Amz-Content-Sha256": sha256Hex(data),
      },
    });
    if (!response.ok) await this.fail("put", key, response);
  }

  async get(key: string): Promise<StoredFile | null> {
    if (!isValidKey(key)) return null;
    const response = await this.client.fetch(this.urlOf(key), {
      method: "GET",
      headers: { "X-Amz-Content-Sha256": EMPTY_SHA256 },
    });
    if (response.status === 404) return null;
    if (!response.ok) await this.fail("get", key, response);
    return {
      data: Buffer.from(await response.arrayBuffer()),
      contentType: contentTypeOfKey(key) ?? "application/octet-stream",
    };
  }

  async exists(key: string): Promise<boolean> {
    if (!isValidKey(key)) return false;
    const response = await this.client.fetch(this.urlOf(key), {
      method: "HEAD",
      headers: { "X-Amz-Content-Sha256": EMPTY_SHA256 },
    });
    if (response.status === 404) return false;
    if (!response.ok) await this.fail("head", key, response);
    return true;
  }

  async delete(key: string): Promise<void> {
    const response = await this.client.fetch(this.urlOf(key), {
      method: "DELETE",
      headers: { "X-Amz-Content-Sha256": EMPTY_SHA256 },
    });
    if (!response.ok && response.status !== 404) await this.fail("delete", key, response);
  }
}

const store = globalThis as typeof globalThis & { __shopStorage?: FileStorage };

export function getStorage(): FileStorage {
  const cfg = config();
  store.__shopStorage ??= cfg.s3 ? new S3Storage(cfg.s3) : new LocalDiskStorage(cfg.uploadsDir);
  return store.__shopStorage;
}

/** For tests that keep their uploads in a temporary folder. */
export function setStorageForTests(storage: FileStorage | undefined) {
  store.__shopStorage = storage;
}
