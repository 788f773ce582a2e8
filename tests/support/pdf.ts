// What a browser test reads back from a PDF Chromium printed, without a PDF library: each
// page's size (its MediaBox, in points) and the text it draws. Chromium writes text as glyph
// numbers of an embedded font, so the text is read through the fonts' ToUnicode maps.
import { inflateSync } from "node:zlib";

/** 1 mm in PDF points. */
export const POINTS_PER_MM = 72 / 25.4;

/** Each page's width and height in millimetres, read from its MediaBox. */
export function pdfPageSizesMm(pdf: Buffer): { width: number; height: number }[] {
  const text = pdf.toString("latin1");
  return [...text.matchAll(/\/MediaBox\s*\[\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s*\]/g)].map((m) => ({
    width: (Number(m[3]) - Number(m[1])) / POINTS_PER_MM,
    height: (Number(m[4]) - Number(m[2])) / POINTS_PER_MM,
  }));
}

/** The contents of every stream in the file, inflated where compressed. */
function streams(pdf: Buffer): string[] {
  const out: string[] = [];
  const text = pdf.toString("latin1");
  for (const m of text.matchAll(/stream\r?\n/g)) {
    const start = m.index + m[0].length;
    const end = text.indexOf("endstream", start);
    if (end < 0) continue;
    const raw = pdf.subarray(start, end);
    try {
      out.push(inflateSync(raw).toString("latin1"));
    } catch {
      out.push(raw.toString("latin1"));
    }
  }
  return out;
}

const hexToText = (hex: string) =>
  String.fromCodePoint(...(hex.match(/.{4}/g) ?? []).map((h) => Number.parseInt(h, 16)));

/** The glyph-to-text maps of every embedded font, in one map (a receipt uses one font). */
function toUnicode(all: string[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const s of all) {
    for (const block of s.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
      for (const [, code, uni] of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g))
        map.set(code.toLowerCase(), hexToText(uni));
    for (const block of s.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
      for (const [, lo, hi, uni] of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
        const first = Number.parseInt(lo, 16);
        const base = Number.parseInt(uni, 16);
        for (let code = first; code <= Number.parseInt(hi, 16); code++)
          map.set(code.toString(16).padStart(lo.length, "0"), String.fromCodePoint(base + code - first));
      }
  }
  return map;
}

/** The text the PDF draws: each text block (a line of the receipt) on a line of its own. */
export function pdfText(pdf: Buffer): string {
  const all = streams(pdf);
  const map = toUnicode(all);
  const lines: string[] = [];
  for (const s of all)
    for (const [, block] of s.matchAll(/\bBT\b([\s\S]*?)\bET\b/g)) {
      const glyphs = [...block.matchAll(/(<[0-9a-fA-F]*>|\[[^\]]*\])\s*T[jJ]/g)]
        .flatMap(([, shown]) => [...shown.matchAll(/<([0-9a-fA-F]*)>/g)].map((g) => g[1]))
        .join("");
      lines.push((glyphs.match(/.{4}/g) ?? []).map((code) => map.get(code.toLowerCase()) ?? "?").join(""));
    }
  return lines.join("\n");
}
