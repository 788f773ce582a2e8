// The shop's payment methods as pages read them, and the QRIS image the owner uploads.
import { z } from "zod";
import type { Queryable } from "~/db/client.server";
import { formFailure, formSuccess, type FormResult } from "~/lib/form";
import type { PaymentMethodsSetting } from "~/lib/payment-settings";
import { assertOwner, type AdminActor } from "../accounts/actor.server";
import { deleteImageVariants } from "../uploads/image-variants.server";
import { log } from "../logger.server";
import { loadShopSettings, readShopSettings, saveShopSetting } from "../settings.server";
import { getStorage, keyOfPublicUrl, publicUrlOf, randomKey } from "../uploads/storage.server";
import { imageFileSchema, reencodeImage } from "../uploads/reencode.server";
import { qrisPayloadOfImage } from "./qris.server";

/** The shop's payment methods for pages (cached briefly). */
export async function loadPaymentMethods(db: Queryable): Promise<PaymentMethodsSetting> {
  return (await loadShopSettings(db)).values.paymentMethods;
}

export const qrisUploadSchema = z.object({ qrisImage: imageFileSchema });

/**
 * Stores the shop's static QRIS image and switches QRIS on: owner only. The image it replaces
 * is deleted with its resized copies, so its old address answers 404 from then on (a
 * customer must never pay into a code the shop has dropped).
 */
export async function saveQrisImage(
  db: Queryable,
  actor: AdminActor & { name: string },
  input: z.output<typeof qrisUploadSchema>,
): Promise<FormResult> {
  assertOwner(actor);
  // QR codes stay sharp as PNG; 1200 px is plenty for any phone to scan.
  const encoded = await reencodeImage(input.qrisImage, 1200, "png", "qris image");
  if (!encoded.ok)
    return formFailure(encoded.status, encoded.message, {
      title: "QRIS Gagal Disimpan",
      fieldErrors: { qrisImage: encoded.message },
    });
  // The code's text, so each bill's QR can carry its amount; an image whose QR cannot be read
  // is still stored and shown plain, and the owner is told how to add the text.
  const read = await qrisPayloadOfImage(encoded.data);
  const key = randomKey("qris", "png");
  await getStorage().put(key, encoded.data);
  const { values, revisions } = await readShopSettings(db);
  const current = values.paymentMethods;
  // Saved only over the value just read: the image it replaces is then surely the one deleted below.
  const saved = await saveShopSetting(
    db,
    actor,
    "paymentMethods",
    { ...current, qris: { active: true, imageUrl: publicUrlOf(key), payload: read.payload } },
    { expectedRevision: revisions.paymentMethods },
  ).catch(async (error: unknown) => {
    await getStorage().delete(key);
    throw error;
  });
  if (!saved.ok) {
    await getStorage().delete(key);
    return formFailure(saved.status, saved.message, { title: "QRIS Gagal Disimpan" });
  }
  const replaced = keyOfPublicUrl(current.qris.imageUrl);
  if (replaced && replaced !== key) {
    try {
      // The resized copies first: a copy must never outlive its original.
      await deleteImageVariants(replaced);
      await getStorage().delete(replaced);
    } catch (error) {
      log.warn("old qris image not deleted", { key: replaced, error });
    }
  }
  return formSuccess(
    read.message
      ? `Gambar QRIS disimpan dan QRIS diaktifkan. ${read.message}`
      : "Gambar QRIS disimpan dan QRIS diaktifkan. Kode QR di halaman pesanan memuat jumlah tagihan.",
  );
}

/**
 * Whether `key` is the shop's QRIS image now. Read fresh, not from the settings cache: a
 * replaced image stops being served by every process at once.
 */
export async function isCurrentQrisKey(db: Queryable, key: string): Promise<boolean> {
  const current = (await readShopSettings(db)).values.paymentMethods.qris.imageUrl;
  return keyOfPublicUrl(current) === key;
}
