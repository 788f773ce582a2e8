// /langganan/baru: a new 'Langganan' from one of the shopper's orders (?dari=<order>) or from
// the cart (?produk=<id>:<amount>,...), with the days, slot and address to choose.
import { Link, useNavigation } from "react-router";
import { StandingOrderForm, type StandingFormValues } from "~/components/standing-order-form";
import { buttonClass } from "~/components/ui/button";
import { pageMeta } from "~/lib/page-meta";
import { standingOrderFormSchema } from "~/lib/standing-orders";
import { weekdayOf } from "~/lib/vocab/weekdays";
import { getProfile } from "~/server/accounts/customer.server";
import { formAction } from "~/server/form-action.server";
import { routePolicy } from "~/server/route-policy.server";
import { loadOrderItems } from "~/server/orders/columns.server";
import { dbOf } from "~/server/request-context.server";
import {
  createStandingOrder,
  draftLines,
  parseCartParam,
  standingDraftFromOrder,
  standingFormChoices,
} from "~/server/standing-orders/standing-orders.server";
import type { Route } from "./+types/langganan.baru";
import { actorOf } from "~/server/accounts/access.server";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "customer" })];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = actorOf(context, "customer");
  const db = await dbOf(context);
  const params = new URL(request.url).searchParams;
  const [choices, profile] = await Promise.all([standingFormChoices(db), getProfile(db, user.id)]);
  const fromOrder = params.get("dari") ? await standingDraftFromOrder(db, user.id, params.get("dari") ?? "") : null;
  const wanted = fromOrder
    ? (await loadOrderItems(db, fromOrder.id)).flatMap((i) =>
        i.productId
          ? [{ productId: i.productId, quantity: i.quantity, note: i.note, allowSubstitute: i.allowSubstitute }]
          : [],
      )
    : parseCartParam(params.get("produk"));
  const values: StandingFormValues = {
    weekdays: fromOrder ? [weekdayOf(fromOrder.deliveryDate)] : [],
    slot: fromOrder?.deliverySlot ?? "pagi",
    area: fromOrder?.areaId ?? profile?.deliveryAreaId ?? "",
    name: fromOrder?.name ?? profile?.name ?? "",
    phone: fromOrder?.phone ?? profile?.phone ?? "",
    address: fromOrder?.address ?? profile?.address ?? "",
    notes: fromOrder?.notes ?? "",
    paymentMethod: fromOrder?.paymentMethod ?? null,
    lines: await draftLines(db, wanted),
  };
  return { values, ...choices };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = actorOf(context, "customer");
  const db = await dbOf(context);
  return formAction(request, {
    name: "standing order create",
    schema: standingOrderFormSchema,
    call: (input) => createStandingOrder(db, user.id, input),
    redirectTo: (result) => `/langganan/${result.id}?tersimpan=1`,
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Langganan Baru",
    description: "Belanja mingguan yang dipesan otomatis.",
    shopName: matches[0]?.data?.shop.name,
    noIndex: true,
  });
}

export default function NewStandingOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { values, areas, methods } = loaderData;
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-extrabold text-stone-900 md:text-3xl">Langganan Baru</h1>
        <p className="text-sm text-stone-600">
          Pilih hari dan waktu pengiriman. Pesanan dibuat otomatis sebelum batas pesan dengan harga saat itu; Anda
          diberi tahu dan masih bisa membatalkan atau melewatinya sampai batas pesan.
        </p>
      </div>
      {values.lines.length === 0 ? (
        <div className="space-y-3 rounded-xl border border-stone-200 bg-white p-6 text-stone-700">
          <p>
            Langganan dibuat dari pesanan sebelumnya atau dari keranjang. Buka pesanan Anda lalu pilih &lsquo;Jadikan
            Langganan&rsquo;.
          </p>
          <Link to="/orders" className={buttonClass({ variant: "outline" })}>
            Lihat Pesanan Saya
          </Link>
        </div>
      ) : (
        <StandingOrderForm
          values={values}
          areas={areas}
          methods={methods}
          submitLabel="Simpan Langganan"
          error={actionData && !actionData.ok ? actionData.message : null}
          busy={busy}
        />
      )}
    </div>
  );
}
