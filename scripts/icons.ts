// `npm run icons`: renders the app icons the web app manifest names from public/icon.svg with
// sharp. The outputs are committed; run this again only when the SVG changes.
import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const root = path.resolve(import.meta.dirname, "..");
const svg = readFileSync(path.join(root, "public/icon.svg"));
const out = (name: string) => path.join(root, "public/icons", name);
const BRAND = "#15803d";

async function main() {
  for (const size of [192, 512]) {
    await sharp(svg, { density: 72 * (size / 64) })
      .resize(size, size)
      .png({ compressionLevel: 9 })
      .toFile(out(`icon-${size}.png`));
  }
  // Maskable: launchers crop to a circle or squircle, so the artwork sits inside the middle
  // 80 % (the safe zone) on a full-bleed brand background.
  const inner = Math.round(512 * 0.8);
  const art = await sharp(svg, { density: 72 * (inner / 64) })
    .resize(inner, inner)
    .png()
    .toBuffer();
  await sharp({ create: { width: 512, height: 512, channels: 4, background: BRAND } })
    .composite([{ input: art, gravity: "center" }])
    .png({ compressionLevel: 9 })
    .toFile(out("maskable-512.png"));
  await sharp(svg, { density: 72 * (180 / 64) })
    .resize(180, 180)
    .flatten({ background: BRAND })
    .png({ compressionLevel: 9 })
    .toFile(path.join(root, "public/apple-touch-icon.png"));
  console.log("icons written to public/icons and public/apple-touch-icon.png");
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
