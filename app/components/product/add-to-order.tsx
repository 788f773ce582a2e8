// 'Tambah ke Pesanan #xxxx' beside 'Tambah ke Keranjang': a signed-in shopper whose order still
// takes additions adds the chosen amount straight to it. The product page is cached for
// everyone, so which order (if any) is asked for on the client only (GET /api/open-order), and
// the add posts to the order's own page, the same server function as 'Tambah ke Pesanan' there.
import { useEffect, useState } from "react";
import { Link, useFetcher } from "react-router";
import { PackagePlus } from "lucide-react";
import { useVisitor } from "~/components/visitor-provider";
import { Button } from "~/components/ui/button";
import type { FormResult } from "~/lib/form";

type Answer = FormResult<{ chatUrl?: string }, string, object>;

export function AddToOrder({ productId, quantity }: { productId: string; quantity: number }) {
  const { user, known } = useVisitor();
  const signedIn = known && user !== null;
  const [order, setOrder] = useState<{ id: string; shortId: string } | null>(null);
  const fetcher = useFetcher<Answer>({ key: `tambah-pesanan-${productId}` });

  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    fetch("/api/open-order", { credentials: "same-origin", cache: "no-store", signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<{ order?: typeof order }>) : null))
      .then((body) => setOrder(body?.order ?? null))
      .catch(() => {});
    return () => controller.abort();
  }, [signedIn]);

  if (!order) return null;
  const answer = fetcher.data;
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action={`/orders/${order.id}`} className="mt-3" data-testid="add-to-order">
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="lines" value={JSON.stringify([{ productId, quantity }])} />
      <Button type="submit" variant="outline" size="lg" className="w-full" disabled={busy}>
        <PackagePlus className="h-5 w-5" aria-hidden="true" />
        Tambah ke Pesanan <span className="font-mono">#{order.shortId}</span>
      </Button>
      {answer ? (
        <p
          role={answer.ok ? "status" : "alert"}
          className={answer.ok ? "mt-2 text-sm text-brand-800" : "mt-2 text-sm font-semibold text-red-700"}
        >
          {answer.message}{" "}
          {answer.ok ? (
            <>
              <Link to={`/orders/${order.id}`} className="font-semibold underline">
                Lihat pesanan
              </Link>
              {answer.chatUrl ? (
                <>
                  {" · "}
                  <a
                    href={answer.chatUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="font-semibold underline"
                  >
                    Kabari toko via WhatsApp
                  </a>
                </>
              ) : null}
            </>
          ) : null}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
