// The one place uploaded files live. Files are addressed by key ("products/<random>.webp");
// the default backend is the local disk under config().uploadsDir. Another backend (an
// S3-compatible bucket) only has to implement FileStorage and be returned by getStorage().
import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { config } from "./config.server";

export type StoredFile = { data: Buffer; contentType: string };

export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** The file, or null when there is none under that key. */
  get(key: string): Promise<StoredFile | null>;
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
      if ((error as NodeJS.ErrnoException).code === "ENOENT" || (error as NodeJS.ErrnoException).code === "EISDIR") return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}

const store = globalThis as typeof globalThis & { __shopStorage?: FileStorage };

export function getStorage(): FileStorage {
  store.__shopStorage ??= new LocalDiskStorage(config().uploadsDir);
  return store.__shopStorage;
}

/** For tests that keep their uploads in a temporary folder. */
export function setStorageForTests(storage: FileStorage | undefined) {
  store.__shopStorage = storage;
}
