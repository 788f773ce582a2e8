// Images built by hand for upload tests: a real PNG (valid chunks and checksums) whose pixels
// cost far more to decode than its bytes suggest.
import { crc32, deflateSync } from "node:zlib";

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/**
 * A complete grey PNG of `width` x `height` black pixels. At 1 x 39,000,000 it is about 75 kB
 * and under the 40-megapixel cap, yet libvips needs tens of seconds to decode it, row by row.
 */
export function blankPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per sample
  header[9] = 0; // greyscale
  // Each row: the filter byte, then one byte a pixel, all zero.
  const rows = Buffer.alloc((width + 1) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** The tall PNG of the upload denial-of-service: 1 x 39,000,000 pixels in about 75 kB. */
export const tallPng = () => blankPng(1, 39_000_000);
