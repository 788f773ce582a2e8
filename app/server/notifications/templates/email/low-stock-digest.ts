import { currentShop } from "../../../shop/identity.server";
import { formatDateWithDay } from "~/lib/dates";
import { config } from "~/server/config.server";
import type { EmailTemplate } from "./index";

/** The daily 'Stok Menipis' digest to the shop's own address. */
const lowStockDigest: EmailTemplate<"low-stock-digest"> = ({ date, total, products }) => {
  const shop = currentShop();
  return {
    subject: `Stok Menipis: ${total} produk (${formatDateWithDay(date)})`,
    preheader: `${total} produk ${shop.name} sudah di bawah batas stok menipis.`,
    paragraphs: [
      `Ringkasan stok ${formatDateWithDay(date)}: ${total} produk sama atau di bawah Batas Stok Menipis.`,
      "Isi ulang stoknya atau hubungi Petani Mitra. Produk yang habis tidak bisa dipesan pelanggan.",
    ],
    table: products.map((p) => ({
      label: p.name,
      value: p.stock === 0 ? `HABIS (batas ${p.thresholdText})` : `sisa ${p.stockText} (batas ${p.thresholdText})`,
      strong: p.stock === 0,
    })),
    button: { href: `${config().appUrl}/admin/dashboard#stok-menipis`, label: "Buka Dashboard" },
  };
};
export default lowStockDigest;
