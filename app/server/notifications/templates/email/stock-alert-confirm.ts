import { currentShop } from "../../../shop/identity.server";
import type { EmailTemplate } from "./index";

/**
 * 'Kabari Saya' asked by someone who has not proven the address: one mail that asks the
 * owner of the address to turn the alert on. Nothing is sent about the product until then.
 */
const stockAlertConfirm: EmailTemplate<"stock-alert-confirm"> = ({ product, confirmHref, validHours }) => {
  const shop = currentShop();
  return {
    subject: `Konfirmasi kabar stok ${product.name} di ${shop.name}`,
    preheader: `Tekan tombol di email ini agar kami mengabari Anda saat ${product.name} tersedia lagi.`,
    paragraphs: [
      "Halo,",
      `Seseorang (semoga Anda) meminta ${shop.name} mengirim kabar ke alamat ini saat ${product.name} tersedia lagi. Kabar itu baru aktif setelah Anda menekan tombol di bawah dan memilih 'Ya, kabari saya'.`,
      `Tautan ini berlaku ${validHours} jam. Bila Anda tidak memintanya, abaikan email ini: kami tidak akan mengirim apa pun lagi.`,
    ],
    button: { href: confirmHref, label: "Aktifkan kabar stok" },
    footer: { text: `Anda menerima email ini karena alamat ini diisi di 'Kabari Saya' di ${shop.name}.` },
  };
};
export default stockAlertConfirm;
