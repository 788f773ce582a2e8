// /order-success: thanks, the order number, 'Lihat Pesanan' and 'Buka WhatsApp lagi'. It stays
// until the shopper leaves: they are often in WhatsApp meanwhile, and coming back to the browser
// must find the number and the links still there.
import { loadShopIdentity } from "~/server/shop/identity.server";
import { Link } from "react-router";
import { CheckCircle2, MessageCircle } from "lucide-react";
import { pageTitle, shopNameFrom } from "~/lib/seo";
import { useRootData } from "~/components/root-data";
import type { Route } from "./+types/order-success";
import { buttonClass } from "~/components/ui/button";
import { isUuid } from "~/lib/form";
import { storedOrderChatUrl } from "~/lib/order-message";
import { shortOrderId } from "~/lib/orders";
import { getOrderForCustomer } from "~/server/orders/view.server";
import { userOf, dbOf } from "~/server/request-context.server";
import { routePolicy } from "~/server/route-policy.server";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "public" })];

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle("Pesanan Berhasil", shopNameFrom(matches)) }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const orderId = new URL(request.url).searchParams.get("order");
  if (!isUuid(orderId)) return { order: null };
  const user = await userOf(context);
  if (!user) return { order: null };
  const db = await dbOf(context);
  const order = await getOrderForCustomer(db, user.id, orderId);
  if (!order) return { order: null };
  return {
    order: {
      id: order.id,
      number: shortOrderId(order.id),
      chatUrl: storedOrderChatUrl(order, await loadShopIdentity(db)),
    },
  };
}

export default function OrderSuccess({ loaderData }: Route.ComponentProps) {
  const { shop } = useRootData();
  const { order } = loaderData;

  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-12 text-center md:py-20">
      <CheckCircle2 className="h-20 w-20 text-brand-600" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-extrabold text-stone-900 md:text-3xl">Pesanan Berhasil!</h1>
      <p className="mt-3 text-stone-700">
        Terima kasih telah berbelanja di {shop.name}. Pesanan Anda sudah kami terima; CS kami akan mengonfirmasi pesanan
        dan ongkir melalui WhatsApp.
      </p>
      {order ? (
        <div className="mt-6 w-full rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
          <p className="text-sm text-stone-700">
            Nomor pesanan{" "}
            <span className="font-mono text-lg font-bold text-stone-900" data-testid="order-number">
              #{order.number}
            </span>
          </p>
          <Link to={`/orders/${order.id}`} className={buttonClass({ size: "lg", className: "mt-3 w-full" })}>
            Lihat Pesanan
          </Link>
          <p className="mt-3 text-sm text-stone-700">
            Belum terkirim ke WhatsApp, atau chatnya tertutup? Buka lagi agar pesanan segera kami proses.
          </p>
          <a
            href={order.chatUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass({ variant: "outline", className: "mt-2 w-full" })}
          >
            <MessageCircle className="h-4 w-4" aria-hidden="true" /> Buka WhatsApp lagi
          </a>
        </div>
      ) : null}
      <Link to="/" className={buttonClass({ variant: order ? "secondary" : "default", size: "lg", className: "mt-6" })}>
        Belanja Lagi
      </Link>
    </div>
  );
}
