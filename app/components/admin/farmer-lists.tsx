// 'Daftar Belanja per Petani' on the picking list and its printout: what to buy from each
// farmer for the delivery, with a 'Kirim via WhatsApp' link that opens a chat with the list.
import { MessageCircle } from "lucide-react";
import { buttonClass } from "~/components/ui/button";
import { farmerTotal, type FarmerList } from "~/lib/farmer-lists";
import { formatIndonesianPhone } from "~/lib/phone";
import { cn } from "~/lib/utils";

export function FarmerLists({ farmers, print = false }: { farmers: FarmerList[]; print?: boolean }) {
  if (farmers.length === 0) return null;
  return (
    <ul className={cn("grid gap-3", print ? "mt-2" : "md:grid-cols-2")} data-testid="farmer-lists">
      {farmers.map((farmer) => (
        <li
          key={farmer.supplierId ?? "tanpa-petani"}
          data-farmer={farmer.name}
          className={cn(
            "[break-inside:avoid]",
            print ? "border-b border-dashed border-stone-400 pb-2" : "rounded-lg border border-stone-200 p-3",
          )}
        >
          <div className="flex flex-wrap items-baseline justify-between gap-x-2">
            <h3 className="font-bold text-stone-900">
              {farmer.name}
              {farmer.village ? <span className="font-normal text-stone-600"> · {farmer.village}</span> : null}
            </h3>
            {farmer.phone ? (
              <span className="text-sm text-stone-700">{formatIndonesianPhone(farmer.phone)}</span>
            ) : null}
          </div>
          <ul className="mt-1 text-sm">
            {farmer.items.map((item, i) => (
              <li key={`${item.productName}-${i}`} className="flex justify-between gap-2 py-0.5">
                <span className="text-stone-900">{item.productName}</span>
                <span className="font-semibold whitespace-nowrap tabular-nums">{item.amount}</span>
              </li>
            ))}
          </ul>
          <p className="mt-1 border-t border-stone-100 pt-1 text-sm font-bold text-stone-900">
            Total: {farmerTotal(farmer)}
          </p>
          {print ? null : farmer.whatsapp ? (
            <a
              href={farmer.whatsapp}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass({
                size: "sm",
                className: "mt-2 w-full bg-green-700 hover:bg-green-800 sm:w-auto",
              })}
            >
              <MessageCircle className="h-4 w-4" aria-hidden="true" /> Kirim via WhatsApp
            </a>
          ) : (
            <p className="mt-2 text-xs text-stone-600">
              Produk ini belum punya petani. Pilih Petani Mitra di halaman produknya.
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
