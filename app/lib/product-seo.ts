// What search engines and link previews read about one product: the page's meta tags and its
// schema.org Product record. Pure: the route hands in the loaded product.
import { displayUnit, isInStock, type ProductDetail } from "~/lib/catalog";
import { discountedPrice, formatRupiah } from "~/lib/money";
import { metaDescription, pageTitle } from "~/lib/seo";

export const PRODUCT_NOT_FOUND_TITLE = "Produk Tidak Ditemukan";

/** Meta tags of a product page; `null` product: the not-found or failed page. */
export function productMeta(
  loaded: { product: ProductDetail; url: string; imageUrl: string } | undefined,
  shop: string,
  notFound: boolean,
) {
  if (!loaded) {
    return [
      { title: pageTitle(notFound ? PRODUCT_NOT_FOUND_TITLE : "Gagal Memuat Data", shop) },
      { name: "robots", content: "noindex" },
    ];
  }
  const { product, url, imageUrl } = loaded;
  const price = discountedPrice(product.price, product.discount);
  const title = pageTitle(product.name, shop);
  const priceText = `${formatRupiah(price)} / ${displayUnit(product.unit)}`;
  const description = metaDescription(
    `${product.name} ${priceText}${isInStock(product) ? "" : " (stok habis)"}. ${product.description}`,
  );
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "product" },
    { property: "og:site_name", content: shop },
    { property: "og:locale", content: "id_ID" },
    { property: "og:title", content: `${product.name} - ${priceText}` },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: imageUrl },
    { property: "og:image:alt", content: product.name },
    { property: "product:price:amount", content: String(price) },
    { property: "product:price:currency", content: "IDR" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: `${product.name} - ${priceText}` },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: imageUrl },
  ];
}

export function productJsonLd(product: ProductDetail, url: string, imageUrl: string, shop: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.description || product.name,
    image: [imageUrl],
    sku: product.id,
    url,
    category: product.categoryName ?? undefined,
    brand: { "@type": "Brand", name: shop },
    offers: {
      "@type": "Offer",
      url,
      priceCurrency: "IDR",
      price: String(discountedPrice(product.price, product.discount)),
      availability: isInStock(product) ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
      seller: { "@type": "Organization", name: shop },
    },
  };
}
