import { Link } from "react-router";
import { WORDS } from "~/lib/vocab/words";
import { Leaf, Mail, MapPin, Phone } from "lucide-react";
import { useRootData } from "~/components/root-data";
import { shopDate } from "~/lib/dates";
import { shopAddressLine, telHref } from "~/lib/shop";

export const FOOTER_CATEGORIES = [
  { slug: "sayur-daun", name: "Sayur Daun" },
  { slug: "sayur-buah", name: "Sayur Buah" },
  { slug: "bumbu", name: "Bumbu Dapur" },
  { slug: "daging", name: "Daging" },
  { slug: "bahan-pokok", name: "Bahan Pokok" },
];

export function SiteFooter() {
  const { shop } = useRootData();
  const year = shopDate().slice(0, 4);
  const heading = "text-sm font-bold tracking-wide text-white uppercase";
  const link = "text-stone-300 hover:text-white";
  return (
    <footer className="mt-16 bg-stone-900 pb-20 text-sm text-stone-300 md:pb-0">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="flex items-center gap-2 text-lg font-extrabold text-white">
            <Leaf className="h-5 w-5" aria-hidden="true" /> {shop.name}
          </p>
          <p className="mt-2">
            {shop.tagline}. Melayani {shop.deliveryArea}.
          </p>
        </div>
        <nav aria-label="Tautan toko">
          <p className={heading}>Belanja</p>
          <ul className="mt-3 space-y-2">
            <li>
              <Link className={link} to="/">
                {WORDS.home}
              </Link>
            </li>
            <li>
              <Link className={link} to="/products">
                Produk
              </Link>
            </li>
            <li>
              <Link className={link} to="/categories">
                Kategori
              </Link>
            </li>
            <li>
              <Link className={link} to="/about">
                Tentang Kami
              </Link>
            </li>
            <li>
              <Link className={link} to="/supply-with-us">
                {WORDS.supplyWithUs}
              </Link>
            </li>
            <li>
              <Link className={link} to="/contact">
                Kontak
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Kategori">
          <p className={heading}>Kategori</p>
          <ul className="mt-3 space-y-2">
            {FOOTER_CATEGORIES.map((c) => (
              <li key={c.slug}>
                <Link className={link} to={`/category/${c.slug}`}>
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <p className={heading}>Hubungi Kami</p>
          <ul className="mt-3 space-y-2">
            <li className="flex gap-2">
              <MapPin className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" /> {shopAddressLine(shop)}
            </li>
            <li className="flex gap-2">
              <Phone className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />{" "}
              <a className={link} href={telHref(shop.phone)}>
                {shop.phone}
              </a>
            </li>
            <li className="flex gap-2">
              <Mail className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />{" "}
              <a className={link} href={`mailto:${shop.email}`}>
                {shop.email}
              </a>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-stone-800">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-4 sm:flex-row sm:justify-between">
          <p>
            © {year} {shop.name}. Hak cipta dilindungi.
          </p>
          <p className="flex gap-4">
            <Link className={link} to="/terms">
              Syarat &amp; Ketentuan
            </Link>
            <Link className={link} to="/privacy">
              Kebijakan Privasi
            </Link>
          </p>
        </div>
      </div>
    </footer>
  );
}
