// A product's 'Deskripsi', 'Informasi' and 'Pengiriman' tabs.
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { displayUnit, isInStock, UNCATEGORIZED, type ProductDetail } from "~/lib/catalog";
import { formatRupiah } from "~/lib/money";
import { formatKg, WEIGHED_BADGE, formatAmount } from "~/lib/weight";
import { useRootData } from "~/components/root-data";

export function ProductTabs({
  product,
  step,
  min,
  unitPrice,
}: {
  product: ProductDetail;
  step: number;
  min: number;
  unitPrice: number;
}) {
  const { shop } = useRootData();
  const inStock = isInStock(product);
  return (
    <Tabs defaultValue="deskripsi" className="mt-6">
      <TabsList className="grid w-full grid-cols-3">
        <TabsTrigger value="deskripsi">Deskripsi</TabsTrigger>
        <TabsTrigger value="informasi">Informasi</TabsTrigger>
        <TabsTrigger value="pengiriman">Pengiriman</TabsTrigger>
      </TabsList>
      <TabsContent value="deskripsi" className="text-base leading-relaxed whitespace-pre-line text-stone-800">
        {product.description || "Belum ada deskripsi untuk produk ini."}
      </TabsContent>
      <TabsContent value="informasi">
        <dl className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white text-sm">
          {[
            ["Kategori", product.categoryName ?? UNCATEGORIZED],
            [
              "Satuan",
              product.soldByWeight
                ? `${WEIGHED_BADGE}, kelipatan ${formatKg(step)}, minimal ${formatKg(min)}`
                : displayUnit(product.unit),
            ],
            ["Harga", `${formatRupiah(unitPrice)} / ${displayUnit(product.unit)}`],
            ["Stok", inStock ? formatAmount(product.stock, product) : "Stok Habis"],
            ["Asal", "Petani dan pemasok sekitar Jember"],
          ].map(([term, value]) => (
            <div key={term} className="flex justify-between gap-4 px-4 py-3">
              <dt className="text-stone-600">{term}</dt>
              <dd className="text-right font-semibold text-stone-900">{value}</dd>
            </div>
          ))}
        </dl>
      </TabsContent>
      <TabsContent value="pengiriman" className="space-y-3 text-base leading-relaxed text-stone-800">
        <p>
          Pesanan diantar keesokan hari setelah pemesanan ke {shop.deliveryArea}. Pilih waktu pengiriman saat checkout:
          pagi (05:00 - 07:00) atau sore (16:00 - 18:00).
        </p>
        <p>
          Biaya pengiriman dikonfirmasi oleh CS kami melalui WhatsApp setelah pesanan masuk, bersama konfirmasi
          pembayaran.
        </p>
      </TabsContent>
    </Tabs>
  );
}
