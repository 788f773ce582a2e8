// The 404 view of a product page: the product is unknown, hidden or deleted.
import { Link } from "react-router";
import { PackageX } from "lucide-react";
import { buttonClass } from "~/components/ui/button";
import { PRODUCT_NOT_FOUND_TITLE } from "~/lib/product-seo";

export function ProductNotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center">
      <PackageX className="h-14 w-14 text-stone-400" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-extrabold text-stone-900">{PRODUCT_NOT_FOUND_TITLE}</h1>
      <p className="mt-2 text-stone-700">Maaf, produk yang Anda cari tidak tersedia atau telah dihapus</p>
      <Link to="/products" className={buttonClass({ className: "mt-6" })}>
        Kembali ke Produk
      </Link>
    </div>
  );
}
