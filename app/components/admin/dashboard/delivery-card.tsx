// The dashboard's way to the next delivery: its sheet for the driver and all its invoices in
// one print.
import { Link } from "react-router";
import { Printer, Truck } from "lucide-react";
import { buttonClass } from "~/components/ui/button";
import { formatDateWithDay } from "~/lib/dates";
import { slotLabel } from "~/lib/vocab/delivery-slots";
import { useAdminDashboardData } from "./dashboard-data";

export function DeliveryCard() {
  const { nextSlot } = useAdminDashboardData();
  const query = `date=${nextSlot.date}&slot=${nextSlot.slot}`;
  return (
    <section
      aria-labelledby="pengiriman-berikutnya"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm"
    >
      <div>
        <h2 id="pengiriman-berikutnya" className="text-base font-bold text-stone-900">
          Pengiriman Berikutnya
        </h2>
        <p className="text-sm text-stone-700">
          {formatDateWithDay(nextSlot.date)} · {slotLabel(nextSlot.slot)}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Link to={`/admin/delivery-sheet?${query}`} className={buttonClass({ size: "sm" })}>
          <Truck className="h-4 w-4" aria-hidden="true" /> Lembar Pengiriman
        </Link>
        <a
          href={`/admin/invoices/print?${query}`}
          target="_blank"
          rel="noopener"
          className={buttonClass({ variant: "outline", size: "sm" })}
        >
          <Printer className="h-4 w-4" aria-hidden="true" /> Cetak Semua Invoice
        </a>
      </div>
    </section>
  );
}
