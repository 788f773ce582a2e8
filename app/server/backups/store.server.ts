// Where the backup files live: a folder on this machine (BACKUP_DIR), or the shop's S3 bucket
// under "backups/" when S3_* is configured, so that with several app machines every one of them
// sees the same backups, and a backup survives the machine's disk. Either way a backup is
// written as a stream: to the bucket in parts of PART_SIZE (S3 multipart upload), so memory
// stays at about one part whatever the shop's size.
import { createReadStream, createWriteStream, mkdirSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { Readable, Writable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { createHash } from "node:crypto";
import { AwsClient } from "aws4fetch";
import type { S3Config } from "../config.server";

export type BackupKind = "auto" | "manual";
export type BackupEntry = { name: string; kind: BackupKind; size: number; createdAt: Date };

const NAME = /^sayur-jember-(auto|manual)-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.backup\.gz$/;

/** A backup file's name: its kind and the instant it was made (UTC, sortable). */
export function backupName(kind: BackupKind, at: Date): string {
  return `sayur-jember-${kind}-${at.toISOString().replace(/[:.]/g, "-")}.backup.gz`;
}

/** Whether a name is one of the shop's backup files (the download refuses anything else). */
export function isBackupName(name: string): boolean {
  return NAME.test(name);
}

function entryOf(name: string, size: number): BackupEntry | null {
  const m = NAME.exec(name);
  if (!m) return null;
  const createdAt = new Date(`${m[2]}T${m[3]}:${m[4]}:${m[5]}.${m[6]}Z`);
  return { name, kind: m[1] as BackupKind, size, createdAt };
}

const newestFirst = (a: BackupEntry, b: BackupEntry) => b.createdAt.getTime() - a.createdAt.getTime();

export interface BackupStore {
  /** Where the backups go, for the log and the settings page. */
  readonly place: string;
  /** The backups, newest first. */
  list(): Promise<BackupEntry[]>;
  /** A Writable that becomes the backup `name` once it finished; a failed write leaves nothing behind. */
  create(name: string): Writable;
  remove(name: string): Promise<void>;
  /** The backup as a stream, or null when there is none by that name. */
  open(name: string): Promise<{ stream: Readable; size: number } | null>;
}

/** The backups in a folder, newest first (a missing folder has none). */
export function listBackupFiles(dir: string): BackupEntry[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const entries: BackupEntry[] = [];
  for (const name of names) {
    const entry = entryOf(name, 0);
    if (entry) entries.push({ ...entry, size: statSync(path.join(dir, name)).size });
  }
  return entries.sort(newestFirst);
}

export class DiskBackupStore implements BackupStore {
  constructor(readonly dir: string) {}

  get place() {
    return this.dir;
  }

  async list() {
    return listBackupFiles(this.dir);
  }

  create(name: string): Writable {
    if (!isBackupName(name)) throw new Error(`not a backup name: ${name}`);
    mkdirSync(this.dir, { recursive: true });
    const file = path.join(this.dir, name);
    const temp = `${file}.tmp`;
    const out = createWriteStream(temp, { mode: 0o600 });
    // Written beside and renamed when complete: a listing never shows half a backup.
    out.on("finish", () => renameSync(temp, file));
    out.on("error", () => rmSync(temp, { force: true }));
    return out;
  }

  async remove(name: string) {
    if (isBackupName(name)) rmSync(path.join(this.dir, name), { force: true });
  }

  async open(name: string) {
    if (!isBackupName(name)) return null;
    const file = path.join(this.dir, name);
    // Stat first: a read stream opened on a missing file emits an error nobody listens to, which
    // would end the process.
    let size: number;
    try {
      size = statSync(file).size;
    } catch {
      return null;
    }
    return { stream: createReadStream(file), size };
  }
}

const sha256Hex = (data: Uint8Array | string) => createHash("sha256").update(data).digest("hex");
const EMPTY_SHA256 = sha256Hex("");
/** S3's smallest part but the last is 5 MiB; 8 MiB keeps a 80 GB backup under the 10,000-part limit. */
export const PART_SIZE = 8 * 1024 * 1024;
const PREFIX = "backups/";

const xmlValues = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, "g"))].map((m) => m[1]);

/** The bucket of S3_* (path-style, signed with AWS Signature V4), under "backups/". */
export class S3BackupStore implements BackupStore {
  private readonly client: AwsClient;

  constructor(
    private readonly settings: S3Config,
    private readonly partSize = PART_SIZE,
  ) {
    this.client = new AwsClient({
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
      region: settings.region,
      service: "s3",
      retries: 2,
    });
  }

  get place() {
    return `s3 ${this.settings.bucket}/${PREFIX}`;
  }

  private bucketUrl() {
    return `${this.settings.endpoint}/${encodeURIComponent(this.settings.bucket)}`;
  }

  private urlOf(name: string, query = "") {
    if (!isBackupName(name)) throw new Error(`not a backup name: ${name}`);
    return `${this.bucketUrl()}/${PREFIX}${name}${query}`;
  }

  private send(url: string, init: { method: string; body?: Buffer | string; headers?: Record<string, string> }) {
    const { body } = init;
    return this.client.fetch(url, {
      method: init.method,
      body: typeof body === "string" ? body : body ? new Uint8Array(body) : undefined,
      // A signed payload hash: the store refuses a body changed on the way.
      headers: { ...init.headers, "X-Amz-Content-Sha256": body ? sha256Hex(body) : EMPTY_SHA256 },
    });
  }

  private async ok(what: string, response: Response) {
    if (response.ok) return response;
    const detail = (await response.text().catch(() => "")).slice(0, 300);
    throw new Error(`S3 ${what} failed: ${response.status} ${detail}`);
  }

  async list() {
    const entries: BackupEntry[] = [];
    let token: string | undefined;
    do {
      const query = new URLSearchParams({ "list-type": "2", prefix: PREFIX });
      if (token) query.set("continuation-token", token);
      const xml = await (await this.ok("list", await this.send(`${this.bucketUrl()}?${query}`, { method: "GET" }))).text();
      for (const contents of xmlValues(xml, "Contents")) {
        const key = xmlValues(contents, "Key")[0] ?? "";
        const entry = entryOf(key.slice(PREFIX.length), Number(xmlValues(contents, "Size")[0] ?? 0));
        if (key.startsWith(PREFIX) && entry) entries.push(entry);
      }
      token = xmlValues(xml, "IsTruncated")[0] === "true" ? xmlValues(xml, "NextContinuationToken")[0] : undefined;
    } while (token);
    return entries.sort(newestFirst);
  }

  create(name: string): Writable {
    const url = this.urlOf(name);
    const send = this.send.bind(this);
    const ok = this.ok.bind(this);
    const partSize = this.partSize;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let uploadId: string | undefined;
    const etags: string[] = [];

    const take = () => {
      const part = Buffer.concat(pending);
      pending = [];
      pendingBytes = 0;
      return part;
    };
    const uploadPart = async (part: Buffer) => {
      if (!uploadId) {
        const xml = await (await ok("start upload", await send(`${url}?uploads`, { method: "POST" }))).text();
        uploadId = xmlValues(xml, "UploadId")[0];
        if (!uploadId) throw new Error("S3 start upload: no UploadId in the answer");
      }
      const query = `?partNumber=${etags.length + 1}&uploadId=${encodeURIComponent(uploadId)}`;
      const response = await ok("upload part", await send(`${url}${query}`, { method: "PUT", body: part }));
      etags.push(response.headers.get("etag") ?? "");
    };

    return new Writable({
      async write(chunk: Buffer, _encoding, callback) {
        pending.push(chunk);
        pendingBytes += chunk.length;
        try {
          // The callback waits for the part's upload: the gzip behind it waits too (backpressure).
          if (pendingBytes >= partSize) await uploadPart(take());
          callback();
        } catch (error) {
          callback(error as Error);
        }
      },
      async final(callback) {
        try {
          const rest = take();
          if (!uploadId) {
            // Small enough for one request.
            await ok(
              "put",
              await send(url, { method: "PUT", body: rest, headers: { "Content-Type": "application/gzip" } }),
            );
          } else {
            if (rest.length > 0) await uploadPart(rest);
            const parts = etags.map((etag, i) => `<Part><PartNumber>${i + 1}</PartNumber><ETag>${etag}</ETag></Part>`);
            const body = `<CompleteMultipartUpload>${parts.join("")}</CompleteMultipartUpload>`;
            const response = await ok(
              "complete upload",
              await send(`${url}?uploadId=${encodeURIComponent(uploadId)}`, { method: "POST", body }),
            );
            // S3 may answer 200 with an error inside when completing fails late.
            const answer = await response.text();
            if (answer.includes("<Error>")) throw new Error(`S3 complete upload failed: ${answer.slice(0, 300)}`);
          }
          callback();
        } catch (error) {
          callback(error as Error);
        }
      },
      async destroy(error, callback) {
        // A failed backup leaves no half-uploaded parts to pay for.
        if (error && uploadId)
          await send(`${url}?uploadId=${encodeURIComponent(uploadId)}`, { method: "DELETE" }).catch(() => {});
        callback(error);
      },
    });
  }

  async remove(name: string) {
    const response = await this.send(this.urlOf(name), { method: "DELETE" });
    if (response.status !== 404) await this.ok("delete", response);
  }

  async open(name: string) {
    if (!isBackupName(name)) return null;
    const response = await this.send(this.urlOf(name), { method: "GET" });
    if (response.status === 404) return null;
    await this.ok("get", response);
    if (!response.body) return null;
    return {
      stream: Readable.fromWeb(response.body as WebReadableStream),
      size: Number(response.headers.get("content-length") ?? 0),
    };
  }
}

export function backupStoreOf(options: { dir: string; s3?: S3Config }): BackupStore {
  return options.s3 ? new S3BackupStore(options.s3) : new DiskBackupStore(options.dir);
}
