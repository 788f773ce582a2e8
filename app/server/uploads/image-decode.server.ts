// The one way the shop decodes an image with sharp: uploads (product photos, the QRIS image,
// proofs of payment) and the resized copies of stored photos all come through here.
//
// A small file can hold an image that is very slow to decode (a 75 kB PNG of 1 x 39,000,000
// pixels takes tens of seconds), and sharp runs each decode on one of libuv's four threads,
// the same threads that read files and hash for the rest of the server. So:
// 1. the header alone is read first (sharp's metadata() does not decode pixels), and an image
//    too large on either side, too large in pixels or of an absurd shape is refused at once;
// 2. at most DECODE_LIMITS.running decodes run at a time in this process, a few more wait in
//    a short queue, and anything beyond is refused as busy: the other libuv threads, the
//    event loop and the database connections stay free for logins and /healthz;
// 3. every decode has a time limit (sharp's timeout), after which libvips stops it.
// Callers check who asks and the state of what the image is for before they call.
import sharp, { type Metadata, type Sharp } from "sharp";
import { log } from "../logger.server";
import { sniffImageType, type StoredExtension } from "./storage.server";

export const IMAGE_LIMITS = {
  /** Pixels sharp may be asked to decode (any phone photo; no decompression bomb). */
  maxPixels: 40_000_000,
  /** Longest side in pixels. */
  maxSide: 12_000,
  /** Longest side divided by the shortest: a long phone screenshot is about 10. */
  maxAspect: 20,
} as const;

export const DECODE_LIMITS = {
  /** Decodes running at once in one process (libuv has four threads; the rest stay free). */
  running: 1,
  /** Decodes waiting for their turn; one more is refused as busy. */
  waiting: 16,
  /** How long a decode may wait for its turn before it is refused as busy. */
  waitMs: 20_000,
  /** How long libvips may work on one image. */
  seconds: 10,
} as const;

// One libvips thread per image: a decode never takes both cores of a small server.
sharp.concurrency(1);

export const IMAGE_MESSAGES = {
  type: "Gambar harus berupa JPEG, PNG, atau WebP.",
  unreadable: "Gambar tidak dapat dibaca. Unggah foto JPEG, PNG, atau WebP yang utuh.",
  tooLarge: `Gambar terlalu besar: maksimal 40 megapiksel dan ${IMAGE_LIMITS.maxSide.toLocaleString("id-ID")} piksel per sisi.`,
  shape: `Bentuk gambar tidak wajar: sisi panjangnya lebih dari ${IMAGE_LIMITS.maxAspect} kali sisi pendeknya.`,
  slow: "Gambar terlalu lama diproses. Unggah foto JPEG, PNG, atau WebP yang lebih kecil.",
  busy: "Server sedang memproses gambar lain. Coba unggah lagi sebentar lagi.",
} as const;

export type ImageRefusal = keyof typeof IMAGE_MESSAGES;

export type ImageHeader = { ext: StoredExtension; width: number; height: number };

type Refused = { ok: false; reason: ImageRefusal; message: string; status: number };

function refused(reason: ImageRefusal): Refused {
  return { ok: false, reason, message: IMAGE_MESSAGES[reason], status: reason === "busy" ? 503 : 400 };
}

const SHARP_FORMATS: Record<StoredExtension, string> = { jpg: "jpeg", png: "png", webp: "webp" };

/** Whether a header's size is one the shop decodes, or why not. */
export function checkDimensions(width: number, height: number): ImageRefusal | null {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) return "unreadable";
  if (width > IMAGE_LIMITS.maxSide || height > IMAGE_LIMITS.maxSide) return "tooLarge";
  if (width * height > IMAGE_LIMITS.maxPixels) return "tooLarge";
  if (Math.max(width, height) / Math.min(width, height) > IMAGE_LIMITS.maxAspect) return "shape";
  return null;
}

/** The type and size of an image read from its header only, or why it is refused. */
export async function readImageHeader(data: Buffer): Promise<({ ok: true } & ImageHeader) | Refused> {
  const ext = sniffImageType(data);
  if (!ext) return refused("type");
  let meta: Metadata;
  try {
    meta = await sharp(data, { limitInputPixels: IMAGE_LIMITS.maxPixels }).metadata();
  } catch (error) {
    return refused(/pixel limit/i.test(String(error)) ? "tooLarge" : "unreadable");
  }
  if (meta.format !== SHARP_FORMATS[ext]) return refused("unreadable");
  // An animation is decoded one frame at a time: the frame's height is what counts.
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  const problem = checkDimensions(width, height);
  if (problem) return refused(problem);
  return { ok: true, ext, width, height };
}

/**
 * A counting semaphore with a bounded queue: `run` waits for a free place for at most
 * `waitMs`, and is refused at once when `waiting` callers already wait.
 */
export class DecodeGate {
  private active = 0;
  private readonly queue: (() => void)[] = [];

  constructor(private readonly limits: { running: number; waiting: number; waitMs: number }) {}

  get running() {
    return this.active;
  }

  get queued() {
    return this.queue.length;
  }

  /** The task's result, or "busy" when it got no turn. */
  async run<T>(task: () => Promise<T>): Promise<T | "busy"> {
    if (this.active >= this.limits.running) {
      if (this.queue.length >= this.limits.waiting) return "busy";
      const turn = await new Promise<boolean>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          resolve(true);
        };
        const timer = setTimeout(() => {
          const at = this.queue.indexOf(wake);
          if (at >= 0) this.queue.splice(at, 1);
          resolve(false);
        }, this.limits.waitMs);
        this.queue.push(wake);
      });
      if (!turn) return "busy";
    } else {
      this.active++;
    }
    try {
      return await task();
    } finally {
      // The place passes straight to the next in line, so `active` never drops below its
      // real count and nobody can jump the queue in between.
      const next = this.queue.shift();
      if (next) next();
      else this.active--;
    }
  }
}

const store = globalThis as typeof globalThis & { __imageDecodeGate?: DecodeGate };

function gate(): DecodeGate {
  store.__imageDecodeGate ??= new DecodeGate(DECODE_LIMITS);
  return store.__imageDecodeGate;
}

export type Decoded = { ok: true; data: Buffer; header: ImageHeader } | Refused;

/**
 * Reads the header of `data`, then decodes it through `pipeline` (rotate, resize, encode)
 * in its turn and within the time limit. `what` names the image in the log.
 */
export async function decodeImage(
  data: Buffer,
  pipeline: (image: Sharp, header: ImageHeader) => Sharp,
  what: string,
): Promise<Decoded> {
  const header = await readImageHeader(data);
  if (!header.ok) {
    log.warn("image refused before decoding", { what, reason: header.reason });
    return header;
  }
  const { ext, width, height } = header;
  const result = await gate().run(async (): Promise<Decoded> => {
    const started = Date.now();
    try {
      const image = sharp(data, { limitInputPixels: IMAGE_LIMITS.maxPixels, failOn: "error" }).timeout({
        seconds: DECODE_LIMITS.seconds,
      });
      const out = await pipeline(image, { ext, width, height }).toBuffer();
      return { ok: true, data: out, header: { ext, width, height } };
    } catch (error) {
      const text = String(error);
      const reason: ImageRefusal = /timeout/i.test(text)
        ? "slow"
        : /pixel limit/i.test(text)
          ? "tooLarge"
          : "unreadable";
      log.warn("image refused while decoding", { what, reason, width, height, ms: Date.now() - started });
      return refused(reason);
    }
  });
  if (result === "busy") {
    log.warn("image refused: decoder busy", { what });
    return refused("busy");
  }
  return result;
}
