// Backups in the S3 bucket: written in parts (memory stays at about one part), listed, read
// back byte for byte and deleted, against the local fake S3 that checks every signature.
import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeS3, type FakeS3 } from "../../../tests/support/fake-s3";
import { backupName, S3BackupStore } from "./store.server";

let s3: FakeS3;
beforeAll(async () => {
  s3 = await startFakeS3();
});
afterAll(() => s3?.close());

const PART = 64 * 1024;
const chunksOf = (data: Buffer, size = 16 * 1024) =>
  Readable.from(Array.from({ length: Math.ceil(data.length / size) }, (_, i) => data.subarray(i * size, (i + 1) * size)));

async function readAll(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe("backups in the S3 bucket", () => {
  it("uploads a large backup in parts no bigger than one part, then lists, opens and deletes it", async () => {
    const store = new S3BackupStore(s3.settings, PART);
    const name = backupName("auto", new Date("2026-11-27T03:00:00+07:00"));
    const data = randomBytes(20 * PART + 1234);
    await pipeline(chunksOf(data), store.create(name));

    const parts = s3.seen.filter((r) => r.method === "PUT" && r.query.includes("partNumber"));
    expect(parts).toHaveLength(21);
    expect(Math.max(...parts.map((p) => p.bytes))).toBeLessThan(PART + 16 * 1024);
    expect(s3.objects.get(`backups/${name}`)?.equals(data)).toBe(true);
    expect(s3.openUploads()).toBe(0);

    const [listed] = await store.list();
    expect(listed).toMatchObject({ name, kind: "auto", size: data.length });
    const opened = await store.open(name);
    expect(opened?.size).toBe(data.length);
    expect((await readAll(opened!.stream)).equals(data)).toBe(true);

    await store.remove(name);
    expect(await store.list()).toEqual([]);
    expect(await store.open(name)).toBeNull();
  });

  it("sends a small backup in one request", async () => {
    const store = new S3BackupStore(s3.settings, PART);
    const name = backupName("manual", new Date("2026-11-27T10:00:00+07:00"));
    const before = s3.seen.length;
    await pipeline(chunksOf(Buffer.from("kecil")), store.create(name));
    expect(s3.seen.slice(before).map((r) => r.method)).toEqual(["PUT"]);
    expect(s3.objects.get(`backups/${name}`)?.toString()).toBe("kecil");
    await store.remove(name);
  });

  it("leaves neither a backup nor paid-for parts behind when the writing fails", async () => {
    const store = new S3BackupStore(s3.settings, PART);
    const name = backupName("auto", new Date("2026-11-28T03:00:00+07:00"));
    async function* failing() {
      yield randomBytes(3 * PART);
      throw new Error("disk gone");
    }
    await expect(pipeline(Readable.from(failing()), store.create(name))).rejects.toThrow("disk gone");
    await expect.poll(() => s3.openUploads()).toBe(0);
    expect(await store.list()).toEqual([]);
  });

  it("refuses a name that is not one of the shop's backups", async () => {
    const store = new S3BackupStore(s3.settings, PART);
    expect(await store.open("../rahasia.txt")).toBeNull();
    expect(() => store.create("rahasia.txt")).toThrow();
  });
});
