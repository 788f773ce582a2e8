// The one reader of a whole number typed by a person: rupiah amounts (a payment received, a
// delivery fee, a price, a minimum order) and counts (stock, a slot's quota, units of a line).
// Staff type '11.000' (Indonesian thousands), '11000', 'Rp 11.000', and, copying from a
// spreadsheet or a banking app, '11000.00' or '11.000,00'. Every one of those is 11000. A dot is
// a thousands separator only in groups of three ('1.500' is 1500); anything else after a dot or
// a comma is a decimal, accepted only when it is zero, because money has no sen and a count has
// no halves: '11000.50', '11.000,50' and '2.5' are refused, never read as 1100050 or 25.
// Rupiah may also be written the market's way, in thousands: '38rb', '38 ribu', '7,5rb' (7500)
// and '1,2jt' (1.200.000); the part before 'rb' may carry a decimal only as far as whole rupiah go.
import { z } from "zod";

export type WholeNumberKind = "rupiah" | "count";

export type WholeNumberParse =
  { ok: true; value: number } | { ok: false; reason: "empty" | "format" | "fraction" | "ambiguous" };

// Past this many digits no shop amount or count is meant; it also keeps every value exact.
const MAX_DIGITS = 15;
const PLAIN = /^\d+$/;
const GROUPED = /^\d{1,3}(?:\.\d{3})+$/;

function wholePart(text: string): number | null {
  if (PLAIN.test(text) || GROUPED.test(text)) {
    const digits = text.replace(/\./g, "");
    return digits.length <= MAX_DIGITS ? Number(digits) : null;
  }
  return null;
}

/**
 * Reads a whole number as people type it. Rupiah may start with 'Rp' or 'Rp.'; spaces around
 * are ignored. The answer says why a text is refused: not a number, a non-zero decimal part,
 * or a comma that could be read two ways ('11,000': eleven thousand or eleven?).
 */
export function parseWholeNumber(input: string, kind: WholeNumberKind): WholeNumberParse {
  let text = input.replace(/[\s\u00a0]+/g, " ").trim();
  if (kind === "rupiah") text = text.replace(/^rp\.?\s*/i, "");
  if (text === "") return { ok: false, reason: "empty" };
  if (kind === "rupiah") {
    const scaled = scaledRupiah(text);
    if (scaled) return scaled;
  }

  const whole = wholePart(text);
  if (whole !== null) return { ok: true, value: whole };

  // A decimal part of one or two digits, as money and spreadsheets write it: '11.000,00' or
  // '11000.00' is whole, '11000.50' and '2.5' are not. Three digits after a comma could be
  // either reading ('11,000': eleven thousand, or eleven?), so it is refused as unclear.
  const decimal = /^([\d.]+)([.,])(\d+)$/.exec(text);
  if (decimal) {
    const [, head, mark, tail] = decimal;
    const value = mark === "," ? wholePart(head) : PLAIN.test(head) ? wholePart(head) : null;
    if (value === null) return { ok: false, reason: "format" };
    if (mark === "," && tail.length === 3) return { ok: false, reason: "ambiguous" };
    if (tail.length > 2) return { ok: false, reason: "format" };
    return /^0+$/.test(tail) ? { ok: true, value } : { ok: false, reason: "fraction" };
  }
  return { ok: false, reason: "format" };
}

const SCALES: Record<string, number> = { rb: 1000, ribu: 1000, k: 1000, jt: 1_000_000, juta: 1_000_000 };

/**
 * '38rb', '38 ribu', '38k', '7,5rb', '1,25jt': a number of thousands (or millions), read from
 * its digits (no floating point). Null when the text has no such suffix.
 */
function scaledRupiah(text: string): WholeNumberParse | null {
  const match = /^(\d{1,3}(?:\.\d{3})*|\d+)(?:[.,](\d+))?\s*(rb|ribu|k|jt|juta)$/i.exec(text);
  if (!match) return null;
  const [, head, fraction = "", suffix] = match;
  const scale = SCALES[suffix.toLowerCase()];
  const places = String(scale).length - 1;
  // '1.500rb' is 1.500 thousands; '7.5rb' is seven and a half thousand (a dot before one or two digits).
  const whole = wholePart(head);
  if (whole === null) return { ok: false, reason: "format" };
  if (fraction.length > places) return { ok: false, reason: "fraction" };
  const value = whole * scale + Number(fraction.padEnd(places, "0") || "0");
  return String(value).length <= MAX_DIGITS ? { ok: true, value } : { ok: false, reason: "format" };
}

/** The message for a refused text, naming the field (`label`) and showing what to type. */
export function wholeNumberMessage(
  reason: Exclude<WholeNumberParse, { ok: true }>["reason"],
  kind: WholeNumberKind,
  label: string,
): string {
  if (kind === "rupiah") {
    switch (reason) {
      case "empty":
        return `${label} wajib diisi.`;
      case "fraction":
        return `${label} harus rupiah bulat tanpa sen, mis. 11.000.`;
      case "ambiguous":
        return `${label} tidak jelas: tulis tanpa koma, mis. 11.000 atau 11000.`;
      case "format":
        return `${label} harus angka rupiah, mis. 11.000 atau 11000.`;
    }
  }
  switch (reason) {
    case "empty":
      return `${label} wajib diisi.`;
    case "fraction":
      return `${label} harus bilangan bulat, tanpa pecahan.`;
    case "ambiguous":
      return `${label} tidak jelas: tulis tanpa koma, mis. 1.000 atau 1000.`;
    case "format":
      return `${label} harus angka bulat, mis. 5.`;
  }
}

function rangeMessage(kind: WholeNumberKind, label: string, min: number, max: number): string {
  const show = (n: number) => (kind === "rupiah" ? `Rp ${n.toLocaleString("id-ID")}` : n.toLocaleString("id-ID"));
  return `${label} harus antara ${show(min)} dan ${show(max)}.`;
}

/**
 * A typed whole number in [min, max], or a message for the field. An empty text is `empty`
 * when given (null: 'none', e.g. no quota), otherwise refused as missing.
 */
export function readWholeNumber(
  input: string,
  options: {
    kind: WholeNumberKind;
    label: string;
    min: number;
    max: number;
    empty?: number | null;
    /** Said instead of the plain range when the value is out of [min, max]. */
    outOfRange?: string;
  },
): { ok: true; value: number | null } | { ok: false; message: string } {
  const parsed = parseWholeNumber(input, options.kind);
  if (!parsed.ok) {
    if (parsed.reason === "empty" && options.empty !== undefined) return { ok: true, value: options.empty };
    return { ok: false, message: wholeNumberMessage(parsed.reason, options.kind, options.label) };
  }
  if (parsed.value < options.min || parsed.value > options.max)
    return {
      ok: false,
      message: options.outOfRange ?? rangeMessage(options.kind, options.label, options.min, options.max),
    };
  return { ok: true, value: parsed.value };
}

type FieldOptions = { kind: WholeNumberKind; label: string; min: number; max: number; outOfRange?: string };

function checkField(v: string | number, options: FieldOptions, empty: number | null | undefined) {
  if (typeof v === "number" && !Number.isInteger(v))
    return { ok: false as const, message: wholeNumberMessage("fraction", options.kind, options.label) };
  return readWholeNumber(typeof v === "number" ? String(v) : v, { ...options, empty });
}

/**
 * The zod field for a posted whole number: the text as typed becomes a number in [min, max],
 * or one clear issue. A number already parsed (a stored setting read back) is checked the same.
 * `required` replaces the message for an empty field.
 */
export function wholeNumberField(options: FieldOptions & { required?: string }) {
  return z
    .union([z.string(), z.number()], { error: wholeNumberMessage("format", options.kind, options.label) })
    .optional()
    .transform((posted, ctx): number => {
      // A field left out of the post reads as left empty.
      const v = posted ?? "";
      const result = checkField(v, options, undefined);
      if (result.ok && result.value !== null) return result.value;
      const parsed = typeof v === "string" ? parseWholeNumber(v, options.kind) : null;
      const empty = parsed !== null && !parsed.ok && parsed.reason === "empty";
      ctx.addIssue({
        code: "custom",
        message:
          empty && options.required
            ? options.required
            : result.ok
              ? wholeNumberMessage("empty", options.kind, options.label)
              : result.message,
      });
      return z.NEVER;
    });
}

/** The same field where an empty text (or null) means `null`: 'tanpa batas', 'tidak ada'. */
export function optionalWholeNumberField(options: FieldOptions) {
  return z
    .union([z.string(), z.number(), z.null()], { error: wholeNumberMessage("format", options.kind, options.label) })
    .optional()
    .transform((v, ctx): number | null => {
      if (v === null || v === undefined) return null;
      const result = checkField(v, options, null);
      if (result.ok) return result.value;
      ctx.addIssue({ code: "custom", message: result.message });
      return z.NEVER;
    });
}
