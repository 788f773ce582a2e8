// 'Tambah ke Pesanan' on the shopper's open order: the products in the cart join this order
// (one fee) instead of becoming a second order. Shown only while the server says the order
// still takes additions (before its cut-off); the server checks again when it is pressed.
import { useEffect, useRef, useState } from "react";
import { Link, useFetcher, useRevalidator } from "react-router";
import { MessageCircle, PackagePlus } from "lucide-react";
import type { FormResult } from "~/lib/form";
import { useCart } from "./cart-provider";
import { Button, buttonClass } from "./ui/button";
import { useToast } from "./ui/toast";

export const ADD_INTENT = "add";

export function AddFromCart({ orderId, cutoffText }: { orderId: string; cutoffText: string }) {
  const fetcher = useFetcher<FormResult<{ chatUrl?: string }>>({ key: `add-${orderId}` });
  // After an addition the shop's chat should hear of it too: the message is ready to send.
  const [chatUrl, setChatUrl] = useState<string | null>(null);
  const cart = useCart();
  const toast = useToast();
  const revalidator = useRevalidator();
  const handled = useRef<FormResult | null>(null);
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    if (answer.ok) {
      cart.clear();
      setChatUrl(answer.chatUrl ?? null);
      toast({ title: "Ditambahkan ke Pesanan", description: answer.message });
      void revalidator.revalidate();
    } else {
      toast({ title: "Tidak Bisa Ditambahkan", description: answer.message });
    }
  }, [fetcher.state, fetcher.data, cart, toast, revalidator]);

  const lines = cart.lines.map((l) => ({
    productId: l.product.id,
    quantity: l.quantity,
    note: l.note ?? "",
    allowSubstitute: l.allowSubstitute === true,
  }));
  return (
    <section className="rounded-xl border border-green-200 bg-green-50 p-4" aria-labelledby="tambah-pesanan">
      <h2 id="tambah-pesanan" className="flex items-center gap-2 font-semibold text-stone-900">
        <PackagePlus className="h-5 w-5 text-green-700" aria-hidden="true" /> Ada yang terlupa?
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        Produk di keranjang bisa ditambahkan ke pesanan ini tanpa ongkir lagi, sampai {cutoffText}.
      </p>
      {cart.ready && lines.length > 0 ? (
        <fetcher.Form method="post" action={`/orders/${orderId}`} className="mt-3">
          <input type="hidden" name="intent" value={ADD_INTENT} />
          <input type="hidden" name="lines" value={JSON.stringify(lines)} />
          <Button type="submit" className="w-full sm:w-auto" disabled={busy}>
            {busy ? "Memproses..." : `Tambah ke Pesanan (${lines.length} produk di keranjang)`}
          </Button>
        </fetcher.Form>
      ) : (
        <Link to="/products" className={buttonClass({ variant: "outline", className: "mt-3 w-full sm:w-auto" })}>
          Pilih produk dulu
        </Link>
      )}
      {chatUrl ? (
        <div className="mt-3 rounded-lg border border-green-300 bg-white p-3" role="status">
          <p className="text-sm text-stone-700">
            Produk sudah masuk pesanan. Kabari toko lewat WhatsApp agar tambahannya ikut disiapkan.
          </p>
          <a
            href={chatUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass({ className: "mt-2 h-auto min-h-11 w-full gap-2 py-2 whitespace-normal sm:w-auto" })}
          >
            <MessageCircle className="h-4 w-4" aria-hidden="true" /> Kabari Toko via WhatsApp
          </a>
        </div>
      ) : null}
    </section>
  );
}
