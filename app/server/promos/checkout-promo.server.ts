// 'Pakai' at checkout: whether a typed code applies to this basket now, answered before the
// order is placed (placing checks it again, under the promo's lock). Works as a plain form
// post too: the checkout page is drawn again with the code applied or its message.
import { inArray } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { products } from "~/db/schema";
import { discountedPrice } from "~/lib/money";
import { normalizeIndonesianPhone } from "~/lib/phone";
import type { PromoTerms } from "~/lib/promo";
import { linePrice } from "~/lib/weight";
import { now } from "../clock.server";
import { checkPromo } from "./redeem.server";

/** The answer to 'Pakai': the code's terms to show in the summary, or why it does not apply. */
export type PromoCheck =
  | { promoCheck: true; ok: true; code: string; terms: PromoTerms; message: string }
  | { promoCheck: true; ok: false; code: string; message: string };

/** The goods of the posted lines at the shop's prices of this moment (the browser's prices are never read). */
async function goodsOf(db: Queryable, lines: { productId: string; quantity: number }[]): Promise<number> {
  const ids = lines.map((l) => l.productId).filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  if (ids.length === 0) return 0;
  const rows = await db
    .select({
      id: products.id,
      price: products.price,
      discount: products.discount,
      soldByWeight: products.soldByWeight,
    })
    .from(products)
    .where(inArray(products.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return lines.reduce((sum, l) => {
    const p = byId.get(l.productId.toLowerCase());
    return p ? sum + linePrice(discountedPrice(p.price, p.discount), l.quantity, p.soldByWeight) : sum;
  }, 0);
}

export async function checkPromoForCheckout(
  db: Queryable,
  user: { id: string } | null,
  form: FormData,
): Promise<PromoCheck> {
  const code = String(form.get("promoCode") ?? "")
    .trim()
    .toUpperCase()
    .slice(0, 40);
  if (code === "") return { promoCheck: true, ok: false, code, message: "Masukkan kode promo dulu." };
  const ids = form.getAll("productId").map(String);
  const quantities = form.getAll("quantity").map((q) => Number(q));
  const lines = ids
    .slice(0, 100)
    .map((productId, i) => ({ productId, quantity: quantities[i] }))
    .filter((l) => Number.isInteger(l.quantity) && l.quantity > 0);
  const method = String(form.get("paymentMethod") ?? "");
  const checked = await checkPromo(db, {
    code,
    userId: user?.id ?? null,
    phone: normalizeIndonesianPhone(String(form.get("phone") ?? "")) ?? "",
    paymentMethod: method === "" ? null : method,
    // Without the basket (a page without scripts) the minimum waits for 'Pesan Sekarang'.
    goods: lines.length > 0 ? await goodsOf(db, lines) : undefined,
    now: now(),
  });
  if (!checked.ok) return { promoCheck: true, ok: false, code, message: checked.message };
  return {
    promoCheck: true,
    ok: true,
    code: checked.promo.code,
    terms: checked.promo.terms,
    message: `Kode ${checked.promo.code} dipakai.`,
  };
}
