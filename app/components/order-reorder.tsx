// 'Pesan Lagi' on a past order (its page and its card in /orders): the server plans the
// lines at today's prices and stock, they go into the cart, and lines that could not be
// added (or only in part) are listed in a dialog.
import { useEffect, useRef, useState } from "react";
import { Link, useFetcher, useNavigate } from "react-router";
import { RotateCcw } from "lucide-react";
import type { FormResult } from "~/lib/form";
import { reorderSummary, type ReorderPlan, type ReorderProblem } from "~/lib/reorder";
import { useCart } from "./cart-provider";
import { Button, buttonClass } from "./ui/button";
import { Dialog, DialogContent } from "./ui/dialog";
import { useToast } from "./ui/toast";

export const REORDER_INTENT = "reorder";

type ReorderAnswer = FormResult<{ plan?: ReorderPlan }>;

export function ReorderButton({ orderId, className }: { orderId: string; className?: string }) {
  const fetcher = useFetcher<ReorderAnswer>({ key: `reorder-${orderId}` });
  const cart = useCart();
  const toast = useToast();
  const navigate = useNavigate();
  const [result, setResult] = useState<{ added: number; problems: ReorderProblem[] } | null>(null);
  const handled = useRef<ReorderAnswer | null>(null);
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    if (!answer.ok || !answer.plan) {
      setResult({ added: 0, problems: [{ name: "Pesanan", kind: "unavailable", message: answer.message }] });
      return;
    }
    for (const line of answer.plan.lines) {
      cart.add(line.product, line.quantity);
      cart.setOptions(line.product.id, { note: line.note ?? "", allowSubstitute: line.allowSubstitute ?? false });
    }
    if (answer.plan.problems.length === 0) {
      toast({
        title: "Produk Ditambahkan",
        description: `${answer.plan.lines.length} produk dari pesanan ini masuk ke keranjang dengan harga hari ini.`,
      });
      navigate("/cart");
      return;
    }
    setResult({ added: answer.plan.lines.length, problems: answer.plan.problems });
  }, [fetcher.state, fetcher.data, cart, toast, navigate]);

  return (
    <>
      <fetcher.Form method="post" action={`/orders/${orderId}`} className={className}>
        <input type="hidden" name="intent" value={REORDER_INTENT} />
        <Button type="submit" variant="outline" className="w-full sm:w-auto" disabled={busy || !cart.ready}>
          <RotateCcw className="h-4 w-4" aria-hidden="true" /> {busy ? "Memproses..." : "Pesan Lagi"}
        </Button>
      </fetcher.Form>
      <Dialog open={result !== null} onOpenChange={(open) => !open && setResult(null)}>
        {result ? (
          <DialogContent
            title={reorderSummary(result.problems)}
            description={
              result.added > 0
                ? `${result.added} produk lainnya sudah masuk ke keranjang dengan harga dan stok hari ini.`
                : "Tidak ada produk yang dapat ditambahkan ke keranjang."
            }
          >
            <ul className="mt-4 max-h-72 space-y-2 overflow-y-auto text-sm">
              {result.problems.map((p, i) => (
                <li key={`${p.name}-${i}`} className="rounded-lg bg-stone-50 p-3">
                  <span className="font-semibold text-stone-900">{p.name}</span>
                  <span className="block text-stone-700">{p.message}</span>
                </li>
              ))}
            </ul>
            <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={() => setResult(null)}>
                Tutup
              </Button>
              {result.added > 0 ? (
                <Link to="/cart" className={buttonClass()} onClick={() => setResult(null)}>
                  Lihat Keranjang
                </Link>
              ) : null}
            </div>
          </DialogContent>
        ) : null}
      </Dialog>
    </>
  );
}
