// The minimum order's words, apart from the delivery rules: the cart shows them on its first
// paint, and the delivery rules bring zod (their settings' schemas) into whatever imports them.
import { formatRupiah } from "./money";

/** How much is missing to reach the minimum order (0 when reached or when there is none). */
export function minimumOrderShortfall(subtotal: number, minimum: number): number {
  return minimum > 0 && subtotal < minimum ? minimum - subtotal : 0;
}

/** 'Belanja Rp 12.000 lagi untuk mencapai minimal belanja Rp 50.000', or null. */
export function minimumOrderMessage(subtotal: number, minimum: number): string | null {
  const missing = minimumOrderShortfall(subtotal, minimum);
  if (missing === 0) return null;
  return `Belanja ${formatRupiah(missing)} lagi untuk mencapai minimal belanja ${formatRupiah(minimum)}`;
}
