import { currentShop } from "../../../shop/identity.server";
import { config } from "~/server/config.server";
import type { EmailTemplate } from "./index";

/** 'Kabari Saya': the product a shopper waited for is in stock again; one mail, then the alert ends. */
const backInStock: EmailTemplate<"back-in-stock"> = ({ product, unsubscribeHref }) => {
  const shop = currentShop();
  const href = `${config().appUrl}/products/${encodeURIComponent(product.slug)}`;
  return {
    subject: `${product.name} tersedia lagi di ${shop.name}`,
    preheader: `${product.name} yang Anda tunggu sudah bisa dipesan.`,
    paragraphs: [
      "Halo,",
      `Kabar baik: ${product.name} yang Anda tunggu sudah tersedia lagi di ${shop.name}. Stok bisa cepat habis, jadi pesan selagi ada.`,
      "Ini satu-satunya email kabar stok untuk produk ini; setelahnya Anda tidak dikabari lagi kecuali meminta lagi.",
    ],
    button: { href, label: `Lihat ${product.name}` },
    footer: {
      text: `Anda menerima email ini karena meminta 'Kabari Saya' di ${shop.name}.`,
      href: unsubscribeHref,
      label: "Berhenti menerima kabar stok",
    },
  };
};
export default backInStock;
