// Images are judged by their header before sharp decodes them, decodes take turns in a short
// queue, and a decode that runs too long is stopped: a small file can never keep the server's
// threads busy for long.
import sharp, { type Sharp } from "sharp";
import { describe, expect, it } from "vitest";
import { blankPng, tallPng } from "../../../tests/support/images";
import { DecodeGate, decodeImage, IMAGE_MESSAGES, readImageHeader } from "./image-decode.server";

const toWebp = (image: Sharp) => image.rotate().resize({ width: 400, withoutEnlargement: true }).webp();

describe("the header check", () => {
  it("refuses the 75 kB PNG of 1 x 39,000,000 pixels at once, without decoding it", async () => {
    const png = tallPng();
    expect(png.length).toBeLessThan(100_000);
    const started = Date.now();
    const result = await decodeImage(png, toWebp, "test");
    expect(Date.now() - started).toBeLessThan(1_000);
    // Under the 40-megapixel cap, but 39,000,000 pixels on one side.
    expect(result).toMatchObject({ ok: false, status: 400, message: IMAGE_MESSAGES.tooLarge });
  });

  it("bounds each side, the pixel count and the shape", async () => {
    expect(await readImageHeader(blankPng(12_001, 700))).toMatchObject({ ok: false, reason: "tooLarge" });
    expect(await readImageHeader(blankPng(700, 12_001))).toMatchObject({ ok: false, reason: "tooLarge" });
    expect(await readImageHeader(blankPng(8_000, 6_000))).toMatchObject({ ok: false, reason: "tooLarge" });
    expect(await readImageHeader(blankPng(4_000, 150))).toMatchObject({ ok: false, reason: "shape" });
    expect(await readImageHeader(blankPng(1_080, 10_000))).toMatchObject({ ok: true, width: 1_080, height: 10_000 });
    expect(IMAGE_MESSAGES.tooLarge).toBe("Gambar terlalu besar: maksimal 40 megapiksel dan 12.000 piksel per sisi.");
    expect(IMAGE_MESSAGES.shape).toBe("Bentuk gambar tidak wajar: sisi panjangnya lebih dari 20 kali sisi pendeknya.");
  });

  it("still decodes an ordinary photo, and a long phone screenshot", async () => {
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#3a7d2c" } })
      .jpeg()
      .toBuffer();
    const decoded = await decodeImage(photo, toWebp, "test");
    expect(decoded.ok).toBe(true);
    if (decoded.ok) expect((await sharp(decoded.data).metadata()).width).toBe(400);
    expect((await decodeImage(blankPng(1_080, 10_000), toWebp, "test")).ok).toBe(true);
  });

  it("answers a decode stopped by its time limit with a message, not an error", async () => {
    const photo = await sharp({ create: { width: 3000, height: 3000, channels: 3, background: "#3a7d2c" } })
      .png()
      .toBuffer();
    // The same stop as the real limit, made to come early by a slow pipeline.
    const result = await decodeImage(photo, (image) => image.timeout({ seconds: 1 }).blur(200).png(), "test");
    expect(result).toMatchObject({ ok: false, reason: "slow", status: 400, message: IMAGE_MESSAGES.slow });
  }, 30_000);
});

describe("the decode queue", () => {
  const later = () => {
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    return { done, release };
  };

  it("runs one decode at a time, in turn, and refuses callers beyond the queue as busy", async () => {
    const gate = new DecodeGate({ running: 1, waiting: 2, waitMs: 5_000 });
    const first = later();
    const order: string[] = [];
    const a = gate.run(async () => {
      order.push("a");
      await first.done;
      return "a";
    });
    const b = gate.run(async () => (order.push("b"), "b"));
    const c = gate.run(async () => (order.push("c"), "c"));
    expect(await gate.run(async () => "d")).toBe("busy");
    expect([gate.running, gate.queued, order]).toEqual([1, 2, ["a"]]);
    first.release();
    expect(await Promise.all([a, b, c])).toEqual(["a", "b", "c"]);
    expect([gate.running, gate.queued]).toEqual([0, 0]);
  });

  it("gives up on a turn that does not come in time, and the next caller still gets one", async () => {
    const gate = new DecodeGate({ running: 1, waiting: 4, waitMs: 50 });
    const first = later();
    const a = gate.run(() => first.done.then(() => "a"));
    expect(await gate.run(async () => "b")).toBe("busy");
    first.release();
    expect(await a).toBe("a");
    expect(await gate.run(async () => "c")).toBe("c");
    expect([gate.running, gate.queued]).toEqual([0, 0]);
  });

  it("frees the place of a task that failed", async () => {
    const gate = new DecodeGate({ running: 1, waiting: 1, waitMs: 1_000 });
    await expect(gate.run(async () => Promise.reject(new Error("rusak")))).rejects.toThrow("rusak");
    expect(await gate.run(async () => "ok")).toBe("ok");
  });
});
