// The shop's logo: one upload on 'Identitas Toko', made by sharp into the header logo, the
// favicon, the Apple touch icon and the manifest's icons (app/lib/shop-logo.ts), and saved in
// the identity setting, so every process shows it on its next page view. The upload is decoded
// once, through the image decode gate, into a 512 px square (the picture alone, nothing that
// rode along); the smaller copies are made from that square, through the gate too.
import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { Queryable } from "~/db/client.server";
import { formFailure, formSuccess, type FormResult } from "~/lib/form";
import { FROM_ENVIRONMENT, identitySettingFrom, savedIdentityOf, type StoredShopIdentity } from "~/lib/shop-identity";
import { LOGO_ID, LOGO_VARIANTS, logoKey, type LogoVariant } from "~/lib/shop-logo";
import { PROOF_MAX_BYTES } from "~/lib/payments";
import { assertOwner, type AdminActor } from "../accounts/actor.server";
import { config } from "../config.server";
import { log } from "../logger.server";
import { readShopSettings, saveShopSetting } from "../settings.server";
import { getStorage } from "../uploads/storage.server";
import { decodeImage } from "../uploads/image-decode.server";
import { imageFileSchema } from "../uploads/reencode.server";

export const logoUploadSchema = z.object({ logo: imageFileSchema });

const TRANSPARENT = { r: 255, g: 255, b: 255, alpha: 0 };
const WHITE = { r: 255, g: 255, b: 255, alpha: 1 };

type Made = { ok: true; files: Map<LogoVariant, Buffer> } | { ok: false; status: number; message: string };

/** Every copy of the logo, or why the upload is refused (in Indonesian, for the form). */
export async function makeLogoFiles(upload: Buffer): Promise<Made> {
  // The whole logo, centred on a transparent square: a wide logo is not cut.
  const square = await decodeImage(
    upload,
    (image) =>
      image
        .rotate()
        .resize({ width: 512, height: 512, fit: "contain", background: TRANSPARENT })
        .png({ compressionLevel: 9 }),
    "shop logo",
  );
  if (!square.ok) return square;
  const files = new Map<LogoVariant, Buffer>();
  for (const [variant, size] of Object.entries(LOGO_VARIANTS) as [LogoVariant, number][]) {
    const copy = await decodeImage(
      square.data,
      (image) => {
        if (variant === "maskable512")
          return image
            .resize({ width: 410, height: 410 })
            .extend({ top: 51, bottom: 51, left: 51, right: 51, background: WHITE })
            .flatten({ background: WHITE })
            .png({ compressionLevel: 9 });
        // Home screens and the Apple touch icon show no transparency: white behind the logo.
        const resized = image.resize({ width: size, height: size });
        return (variant === "appleTouch" ? resized.flatten({ background: WHITE }) : resized).png({
          compressionLevel: 9,
        });
      },
      `shop logo ${variant}`,
    );
    if (!copy.ok) return copy;
    files.set(variant, copy.data);
  }
  return { ok: true, files };
}

async function deleteLogo(id: string) {
  for (const variant of Object.keys(LOGO_VARIANTS) as LogoVariant[]) await getStorage().delete(logoKey(id, variant));
}

/**
 * The uploaded logo becomes the shop's: its copies are stored under a new id and the identity
 * saved with it (over the revision just read); the logo it replaces is deleted afterwards.
 */
export async function saveShopLogo(
  db: Queryable,
  actor: AdminActor & { name: string },
  input: z.output<typeof logoUploadSchema>,
): Promise<FormResult> {
  assertOwner(actor);
  const file = input.logo;
  if (file.size > PROOF_MAX_BYTES) return refuse(400, "Ukuran gambar maksimal 5 MB.");
  const made = await makeLogoFiles(Buffer.from(await file.arrayBuffer()));
  if (!made.ok) return refuse(made.status, made.message);

  const id = randomBytes(16).toString("hex");
  for (const [variant, data] of made.files) await getStorage().put(logoKey(id, variant), data);
  const { values, revisions } = await readShopSettings(db);
  const stored = values.shopIdentity as StoredShopIdentity;
  // Never saved yet: the identity the shop shows now (the environment's) is saved with the logo.
  const current = savedIdentityOf(stored) ?? identitySettingFrom(config().shop);
  const saved = await saveShopSetting(
    db,
    actor,
    "shopIdentity",
    { ...current, logo: id },
    { expectedRevision: revisions.shopIdentity },
  ).catch(async (error: unknown) => {
    await deleteLogo(id);
    throw error;
  });
  if (!saved.ok) {
    await deleteLogo(id);
    return refuse(saved.status, saved.message);
  }
  const replaced = stored === FROM_ENVIRONMENT ? null : current.logo;
  if (replaced && LOGO_ID.test(replaced) && replaced !== id)
    await deleteLogo(replaced).catch((error: unknown) => log.warn("old logo not deleted", { id: replaced, error }));
  log.info("shop logo saved", { by: actor.id, id });
  return formSuccess("Logo toko disimpan.");
}

function refuse(status: number, message: string): FormResult {
  return formFailure(status, message, { title: "Logo Gagal Disimpan", fieldErrors: { logo: message } });
}
