// 'Cetak Struk': receipts for a 58 mm or 80 mm roll printer, one order (?order=<id>) or every
// order of a slot (?date=...&slot=...), ?lebar=58|80. The page is sized to the roll with no
// margins, so the browser prints no header or footer; on a phone it goes through the system
// print dialog (see docs/decisions/050).
import { WORDS } from "~/lib/vocab/words";
import { data, Link, useLoaderData } from "react-router";
import { Printer } from "lucide-react";
import { adminMeta } from "~/components/admin/meta";
import { Button, buttonClass } from "~/components/ui/button";
import { isReceiptWidth, RECEIPT_WIDTHS, receiptLines, type ReceiptWidth } from "~/lib/receipt";
import { config } from "~/server/config.server";
import { invoicePrintSchema } from "~/server/delivery/sheet.server";
import { routePolicy } from "~/server/route-policy.server";
import { loadOrderReceipt, loadSlotReceipts, receiptQrSvg } from "~/server/orders/receipts.server";
import { dbOf } from "~/server/request-context.server";
import { loadShopIdentity } from "~/server/shop/identity.server";
import type { Route } from "./+types/admin.receipts.print";
import { actorOf } from "~/server/accounts/access.server";

// Outside the admin layout (nothing but the roll on the page), so it brings the guard itself.
export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "staff" })];

export const meta: Route.MetaFunction = () => adminMeta("Cetak Struk");

/** A line's height on the roll, in millimetres (font 2.5 mm, line height 1.25). */
const LINE_MM = 3.125;
/** The QR's side on each roll: about half the 58 mm roll's print width, more on 80 mm. */
const QR_MM = { "58": 28, "80": 40 } as const satisfies Record<ReceiptWidth, number>;

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = actorOf(context, "staff");
  const db = await dbOf(context);
  const params = new URL(request.url).searchParams;
  const lebar = params.get("lebar") ?? "58";
  if (!isReceiptWidth(lebar)) throw data({ message: "Lebar kertas harus 58 atau 80 mm." }, { status: 400 });
  const shop = { name: (await loadShopIdentity(db)).name, appUrl: config().appUrl };
  const orderId = params.get("order");
  let receipts;
  if (orderId !== null) {
    const receipt = await loadOrderReceipt(db, admin, orderId, shop);
    if (!receipt) throw data({ message: "Pesanan tidak ditemukan." }, { status: 404 });
    receipts = [receipt];
  } else {
    const slot = invoicePrintSchema.safeParse({
      date: params.get("date") ?? undefined,
      slot: params.get("slot") ?? undefined,
    });
    if (!slot.success)
      throw data({ message: slot.error.issues[0]?.message ?? "Tanggal kirim tidak valid." }, { status: 400 });
    receipts = await loadSlotReceipts(db, admin, slot.data, shop);
  }
  const columns = RECEIPT_WIDTHS[lebar];
  const printed = await Promise.all(
    receipts.map(async (r) => ({
      shortId: r.shortId,
      lines: receiptLines(r, columns),
      qr: await receiptQrSvg(r.orderUrl),
    })),
  );
  const longest = Math.max(10, ...printed.map((p) => p.lines.length));
  return {
    lebar,
    columns,
    printed,
    qrMm: QR_MM[lebar],
    // The lines, the QR with its caption line, the padding and a little to tear off.
    pageHeightMm: Math.ceil((longest + 1) * LINE_MM + QR_MM[lebar] + 14),
    back: orderId ? `/admin/orders/${orderId}` : "/admin/delivery-sheet",
  };
}

function printCss(lebar: ReceiptWidth, columns: number, heightMm: number, qrMm: number) {
  return `
@page { size: ${lebar}mm ${heightMm}mm; margin: 0; }
.struk { width: ${lebar}mm; box-sizing: border-box; padding: 3mm 0; margin: 0 auto 4mm; background: #fff; color: #000; }
.struk pre { font: 2.5mm/1.25 "DejaVu Sans Mono", "Courier New", monospace; width: ${columns}ch; margin: 0 auto; white-space: pre; }
.struk .qr { width: ${qrMm}mm; height: ${qrMm}mm; margin: 1mm auto 0; }
.struk .qr svg { display: block; width: 100%; height: 100%; }
.struk .qr-caption { font: 2.5mm/1.25 "DejaVu Sans Mono", "Courier New", monospace; text-align: center; margin: 0; }
@media print {
  html, body { margin: 0 !important; padding: 0 !important; background: #fff !important; }
  .no-print { display: none !important; }
  .struk { margin: 0; break-after: page; }
  .struk:last-child { break-after: auto; }
}
`;
}

export default function PrintReceipts() {
  const { lebar, columns, printed, qrMm, pageHeightMm, back } = useLoaderData<typeof loader>();
  return (
    <div className="min-h-dvh bg-stone-200 py-4 print:bg-white print:p-0">
      <style>{printCss(lebar, columns, pageHeightMm, qrMm)}</style>
      <div className="no-print mx-auto mb-3 flex max-w-md flex-wrap items-center justify-between gap-2 px-2">
        <Link to={back} className={buttonClass({ variant: "outline", size: "sm" })}>
          Kembali
        </Link>
        <span className="text-sm text-stone-700">
          {printed.length} struk · {lebar} mm
        </span>
        <Button onClick={() => window.print()}>
          <Printer className="h-4 w-4" aria-hidden="true" /> Cetak Struk
        </Button>
      </div>
      {printed.length === 0 ? (
        <p className="no-print text-center text-sm text-stone-700">Tidak ada pesanan untuk tanggal dan waktu ini.</p>
      ) : null}
      <main>
        {printed.map((p) => (
          <section key={p.shortId} className="struk" aria-label={`Struk #${p.shortId}`}>
            <pre>{p.lines.join("\n")}</pre>
            {/* The SVG is made on the server by `qrcode` from the order's address, not from user text. */}
            <div className="qr" role="img" aria-label="QR halaman pesanan" dangerouslySetInnerHTML={{ __html: p.qr }} />
            <p className="qr-caption">Pindai untuk lihat pesanan</p>
          </section>
        ))}
      </main>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message =
    error && typeof error === "object" && "data" in error
      ? ((error as { data?: { message?: string } }).data?.message ?? "")
      : "";
  return (
    <main className="mx-auto max-w-md p-8 text-center">
      <h1 className="text-xl font-bold">Cetak Struk</h1>
      <p role="alert" className="mt-2">
        {message || "Struk tidak dapat dimuat."}
      </p>
      <Link to="/admin/dashboard" className={buttonClass({ className: "mt-4" })}>
        Kembali ke {WORDS.dashboard}
      </Link>
    </main>
  );
}
