// The shop's QRIS with the bill's amount in it. The owner's static code is read once, when it
// is uploaded (the QR in the image, read with jsqr) or pasted as text, and kept as text in
// 'Metode Pembayaran'; each order page then draws the code asking for exactly its amount
// (app/lib/qris.ts), as an SVG made on the server with `qrcode`. A code that cannot be read
// is never guessed at: customers see the owner's plain image and type the amount themselves.
import jsQR from "jsqr";
import QRCode from "qrcode";
import { z } from "zod";
import type { Queryable } from "~/db/client.server";
import { formFailure, formSuccess, type FormResult } from "~/lib/form";
import type { PaymentMethodsSetting } from "~/lib/payment-settings";
import { parseQris, qrisWithAmount } from "~/lib/qris";
import { assertOwner, type AdminActor } from "../accounts/actor.server";
import { log } from "../logger.server";
import { readShopSettings, saveShopSetting } from "../settings.server";
import { decodeImage } from "../uploads/image-decode.server";

export const UNREADABLE_QRIS_IMAGE =
  "Kode QR di gambar ini tidak terbaca sebagai QRIS yang sah, jadi pelanggan melihat gambar biasa dan mengetik jumlahnya sendiri. Tempel teks QRIS toko di bawah agar jumlah tagihan terisi otomatis.";

/** The text of the QR code in an image the shop stored (already re-encoded), or null. */
export async function readQrFromImage(png: Buffer): Promise<string | null> {
  const decoded = await decodeImage(png, (image) => image.ensureAlpha().raw(), "qris text");
  if (!decoded.ok) return null;
  const { width, height } = decoded.header;
  if (decoded.data.length !== width * height * 4) return null;
  const found = jsQR(new Uint8ClampedArray(decoded.data), width, height, { inversionAttempts: "attemptBoth" });
  return found?.data ?? null;
}

/** The payload to keep for an uploaded image: its QR's text when that is a sound QRIS. */
export async function qrisPayloadOfImage(png: Buffer): Promise<{ payload: string | null; message: string | null }> {
  const text = await readQrFromImage(png);
  const parsed = text === null ? null : parseQris(text);
  if (parsed?.ok) return { payload: text!.trim(), message: null };
  log.warn("qris image holds no sound qris", {
    read: text !== null,
    reason: parsed && !parsed.ok ? parsed.message : null,
  });
  return { payload: null, message: UNREADABLE_QRIS_IMAGE };
}

export const qrisTextSchema = z.object({
  qrisText: z
    .string({ message: "Tempel teks QRIS toko." })
    .trim()
    .min(1, "Tempel teks QRIS toko.")
    .max(512, "Teks QRIS terlalu panjang: maksimal 512 karakter."),
});

/** 'Simpan Teks QRIS': the owner pastes the code's text; a damaged one is refused, nothing changed. */
export async function saveQrisText(
  db: Queryable,
  actor: AdminActor & { name: string },
  input: z.output<typeof qrisTextSchema>,
): Promise<FormResult> {
  assertOwner(actor);
  const parsed = parseQris(input.qrisText);
  if (!parsed.ok)
    return formFailure(400, parsed.message, { title: "Teks QRIS Ditolak", fieldErrors: { qrisText: parsed.message } });
  const { values, revisions } = await readShopSettings(db);
  const current = values.paymentMethods;
  const saved = await saveShopSetting(
    db,
    actor,
    "paymentMethods",
    { ...current, qris: { ...current.qris, payload: input.qrisText } },
    { expectedRevision: revisions.paymentMethods },
  );
  if (!saved.ok) return formFailure(saved.status, saved.message, { title: "Teks QRIS Gagal Disimpan" });
  const name = parsed.merchantName ? ` (${parsed.merchantName})` : "";
  return formSuccess(`Teks QRIS${name} disimpan. Kode QR di halaman pesanan kini memuat jumlah tagihan.`);
}

export type BillQris = { svg: string; payload: string } | null;

/**
 * The QR for paying `amount` by QRIS, as an SVG; null when the shop keeps no sound QRIS text
 * (the page then shows the plain image).
 */
export async function billQris(methods: PaymentMethodsSetting, amount: number): Promise<BillQris> {
  if (!methods.qris.active || !methods.qris.payload || amount <= 0) return null;
  const parsed = parseQris(methods.qris.payload);
  if (!parsed.ok) return null;
  const payload = qrisWithAmount(parsed.fields, amount);
  // Level M: what EMV QR codes use; a 4-module quiet zone so every banking app finds it.
  const svg = await QRCode.toString(payload, { type: "svg", errorCorrectionLevel: "M", margin: 4 });
  return { svg, payload };
}
