// The shop's QRIS as text: EMV QR Code (EMVCo MPM, as QRIS uses it) is a row of TLV fields,
// each a 2-digit tag, a 2-digit length and the value, ending with tag 63, a CRC-16/CCITT-FALSE
// over everything before it including "6304". A static QRIS (tag 01 = "11") leaves the amount
// to the payer; the same code with tag 01 = "12" and tag 54 = the amount makes the payer's app
// fill the amount in. Parsing refuses anything damaged, so a customer never scans a code that
// their app would reject or, worse, that pays someone else.

export type QrisField = { tag: string; value: string };

export type QrisParse =
  | { ok: true; fields: QrisField[]; merchantName: string | null; amount: number | null }
  | { ok: false; message: string };

/** CRC-16/CCITT-FALSE (poly 0x1021, start 0xFFFF, no reflection, no final xor), 4 uppercase hex digits. */
export function qrisCrc(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

const DAMAGED = "Teks QRIS rusak atau tidak lengkap. Pindai ulang QRIS toko atau salin teksnya sekali lagi.";

function readFields(text: string): QrisField[] | null {
  const fields: QrisField[] = [];
  let at = 0;
  while (at < text.length) {
    const tag = text.slice(at, at + 2);
    const length = text.slice(at + 2, at + 4);
    if (!/^\d\d$/.test(tag) || !/^\d\d$/.test(length)) return null;
    const end = at + 4 + Number(length);
    if (end > text.length) return null;
    fields.push({ tag, value: text.slice(at + 4, end) });
    at = end;
  }
  return fields;
}

/** Reads a QRIS payload; refuses one that is damaged or is not a QRIS for payment in rupiah. */
export function parseQris(raw: string): QrisParse {
  const text = raw.trim();
  if (text.length === 0) return { ok: false, message: "Teks QRIS kosong." };
  if (text.length > 512 || /[^\u0020-\u007e]/.test(text)) return { ok: false, message: DAMAGED };
  const fields = readFields(text);
  if (!fields || fields.length < 3) return { ok: false, message: DAMAGED };
  const last = fields[fields.length - 1];
  if (fields[0].tag !== "00" || fields[0].value !== "01") return { ok: false, message: DAMAGED };
  if (last.tag !== "63" || !/^[0-9A-Fa-f]{4}$/.test(last.value)) return { ok: false, message: DAMAGED };
  if (qrisCrc(text.slice(0, -4)) !== last.value.toUpperCase())
    return {
      ok: false,
      message: "Kode pemeriksa (CRC) QRIS tidak cocok: teksnya rusak atau terpotong. Pindai ulang QRIS toko.",
    };
  const value = (tag: string) => fields.find((f) => f.tag === tag)?.value ?? null;
  const currency = value("53");
  if (currency !== null && currency !== "360")
    return { ok: false, message: "QRIS ini bukan untuk pembayaran dalam rupiah." };
  if (!fields.some((f) => Number(f.tag) >= 26 && Number(f.tag) <= 51))
    return { ok: false, message: "QRIS ini tidak memuat data merchant. Gunakan QRIS toko dari bank atau penyedia." };
  const amountText = value("54");
  const amount = amountText !== null && /^\d+(\.\d{1,2})?$/.test(amountText) ? Math.round(Number(amountText)) : null;
  return { ok: true, fields, merchantName: value("59"), amount };
}

function field(tag: string, value: string): string {
  return `${tag}${String(value.length).padStart(2, "0")}${value}`;
}

/** The payload of `fields` with its CRC recomputed (fields as parsed: same payload back). */
export function buildQris(fields: readonly QrisField[]): string {
  const body = fields
    .filter((f) => f.tag !== "63")
    .map((f) => field(f.tag, f.value))
    .join("");
  const withCrcTag = `${body}6304`;
  return `${withCrcTag}${qrisCrc(withCrcTag)}`;
}

/**
 * The shop's QRIS made to ask for exactly `amount` rupiah: tag 01 = "12" (dynamic), tag 54 =
 * the whole rupiah, in tag order; an amount the code already held is replaced, and a tip or
 * fee prompt (tag 55-57) is dropped so the payer pays the bill and nothing else.
 */
export function qrisWithAmount(fields: readonly QrisField[], amount: number): string {
  if (!Number.isSafeInteger(amount) || amount <= 0 || String(amount).length > 13)
    throw new Error(`qrisWithAmount: bukan jumlah rupiah yang sah: ${amount}`);
  const next: QrisField[] = [];
  for (const f of fields) {
    if (["54", "55", "56", "57", "63"].includes(f.tag)) continue;
    next.push(f.tag === "01" ? { tag: "01", value: "12" } : f);
  }
  // A static code may leave tag 01 out: it goes right after tag 00.
  if (!next.some((f) => f.tag === "01")) next.splice(1, 0, { tag: "01", value: "12" });
  // Tag 54 goes where the tags' order puts it, before the first tag above it (58, the country).
  const after = next.findIndex((f) => f.tag > "54" && f.tag !== "63");
  next.splice(after === -1 ? next.length : after, 0, { tag: "54", value: String(amount) });
  return buildQris(next);
}
