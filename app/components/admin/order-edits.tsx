// The staff order page's packing tools: 'Berat aktual', 'Ganti Produk', 'Tidak Tersedia'
// per line, 'Tambah Produk', 'Total akhir', 'Tagihan Final' and 'Kirim Tagihan via
// WhatsApp'; and the 'Riwayat Perubahan'. Every form carries the order's version so an
// edit made from an older page is refused instead of overwriting someone else's.
import { OrderPromoRows, type OrderPromoFields } from "~/components/order-promo";
import { orderTextTotals } from "~/lib/order-text";
import { WORDS } from "~/lib/vocab/words";
import { MessageCircle, Undo2 } from "lucide-react";
import { useFetcher } from "react-router";
import { Card, ErrorNote } from "~/components/admin/card";
import { SubmitButton } from "~/components/admin/submit-button";
import { FetcherAnswer, StaffOrderForm, type StaffAnswer } from "~/components/admin/order-detail/staff-order-form";
import { buttonClass } from "~/components/ui/button";
import { Input, Select } from "~/components/ui/field";
import { formatDateTime } from "~/lib/dates";
import { discountedPrice, formatRupiah } from "~/lib/money";
import { canEditOrder, type OrderEditIntent } from "~/lib/order-edits";
import { orderGrandTotal } from "~/lib/orders";
import { formatKg, formatAmount, kgFieldValue } from "~/lib/weight";
import { OrderChangesList, type OrderChange } from "~/components/order-changes";

type EditLine = {
  id: string;
  productName: string;
  quantity: number;
  soldByWeight: boolean;
  allowSubstitute: boolean;
  productUnit: string;
  lineTotal: number;
};

type ProductOption = {
  id: string;
  name: string;
  price: number;
  discount: number;
  unit: string;
  soldByWeight: boolean;
  stock: number;
};

type Change = OrderChange;

// The forms that are gone once they succeeded answer at the top of the card.
const UNAVAILABLE_KEY = "order-line-unavailable";
const FINALIZE_KEY = "order-finalize";
const RESTORE_KEY = "order-line-restore";

/** What a removal's answer carries to offer 'Batalkan' (the server's LineUndo). */
type LineUndo = { changeId: string; version: number; productName: string };
type RemovalAnswer = StaffAnswer & { undo?: LineUndo };
type RestoreAnswer = StaffAnswer & { restored?: string };

/**
 * The answer to 'Tidak Tersedia', where the line was: "'Bayam' dihapus." with 'Batalkan' while
 * the order is as the removal left it and the bill is not final. Once put back, the restore's
 * answer takes its place; a refused restore shows its reason under the removal.
 */
function RemovedLineAnswer({ version, editable }: { version: number; editable: boolean }) {
  const removal = useFetcher<RemovalAnswer>({ key: UNAVAILABLE_KEY });
  const restore = useFetcher<RestoreAnswer>({ key: RESTORE_KEY });
  const removed = removal.state === "idle" ? removal.data : undefined;
  const restored = restore.state === "idle" ? restore.data : undefined;
  const undo = removed?.ok ? removed.undo : undefined;
  if (!removed || !undo) return <FetcherAnswer fetcherKey={UNAVAILABLE_KEY} className="mb-2" />;
  if (restored?.ok && restored.restored === undo.changeId)
    return <FetcherAnswer fetcherKey={RESTORE_KEY} className="mb-2" />;
  const canUndo = editable && version === undo.version;
  return (
    <div className="mb-2 space-y-2">
      <div
        role="status"
        className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-green-50 px-3 py-2 text-sm text-green-900"
      >
        <span>{removed.message}</span>
        {canUndo ? (
          <StaffOrderForm fetcherKey={RESTORE_KEY}>
            <Hidden intent="restore" version={undo.version} />
            <input type="hidden" name="changeId" value={undo.changeId} />
            <SubmitButton intent="restore" variant="outline" className="min-h-11 bg-white">
              <Undo2 className="h-4 w-4" aria-hidden="true" /> Batalkan
            </SubmitButton>
          </StaffOrderForm>
        ) : null}
      </div>
      {restored && !restored.ok ? <FetcherAnswer fetcherKey={RESTORE_KEY} /> : null}
    </div>
  );
}

export type OrderEditsData = {
  version: number;
  billFinalAt: Date | string | null;
  changes: Change[];
  products: ProductOption[];
  billWhatsappUrl: string;
  /** Whether the final bill's e-mail leaves the shop; otherwise WhatsApp is the only way. */
  mailReady: boolean;
};

type EditError = { intent: OrderEditIntent; error: string; field?: string };

function productLabel(p: ProductOption): string {
  const price = formatRupiah(discountedPrice(p.price, p.discount));
  return p.soldByWeight
    ? `${p.name} · ${price}/kg · stok ${formatKg(p.stock)}`
    : `${p.name} · ${price} ${p.unit} · stok ${p.stock}`;
}

function Hidden({ intent, version, itemId }: { intent: OrderEditIntent; version: number; itemId?: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="version" value={version} />
      {itemId ? <input type="hidden" name="itemId" value={itemId} /> : null}
    </>
  );
}

function ProductSelect({ products, label }: { products: ProductOption[]; label: string }) {
  return (
    <Select name="productId" aria-label={label} defaultValue="" required className="min-w-0 flex-1">
      <option value="" disabled>
        Pilih produk...
      </option>
      {products.map((p) => (
        <option key={p.id} value={p.id}>
          {productLabel(p)}
        </option>
      ))}
    </Select>
  );
}

function LineTools({ line, version, products }: { line: EditLine; version: number; products: ProductOption[] }) {
  return (
    <li className="space-y-2 py-3" data-testid="edit-line">
      <p className="flex justify-between gap-2 font-semibold text-stone-900">
        <span>
          {line.productName}{" "}
          <span className="font-normal text-stone-700">
            · {formatAmount(line.quantity, { soldByWeight: line.soldByWeight, unit: line.productUnit })}
          </span>
        </span>
        <span className="tabular-nums">{formatRupiah(line.lineTotal)}</span>
      </p>
      {line.soldByWeight ? (
        <StaffOrderForm className="flex flex-wrap items-end gap-2">
          <Hidden intent="weight" version={version} itemId={line.id} />
          <label className="flex-1 text-sm">
            <span className="mb-1 block text-stone-700">Berat aktual (kg)</span>
            <Input
              name="amount"
              inputMode="decimal"
              defaultValue={kgFieldValue(line.quantity)}
              aria-label={`Berat aktual ${line.productName} (kg)`}
              autoComplete="off"
            />
          </label>
          <SubmitButton intent="weight" variant="outline">
            Simpan Berat
          </SubmitButton>
        </StaffOrderForm>
      ) : null}
      <details className="rounded-lg border border-stone-200 p-2">
        <summary className="cursor-pointer text-sm font-semibold text-stone-800">
          Ganti Produk{line.allowSubstitute ? " (pembeli membolehkan)" : ""}
        </summary>
        <StaffOrderForm className="mt-2 space-y-2">
          <Hidden intent="substitute" version={version} itemId={line.id} />
          <ProductSelect products={products} label={`Produk pengganti ${line.productName}`} />
          <Input
            name="amount"
            placeholder="Jumlah, atau berat dalam kg (mis. 0,5)"
            aria-label={`Jumlah pengganti ${line.productName}`}
            autoComplete="off"
          />
          {line.allowSubstitute ? null : (
            <label className="flex items-center gap-2 text-sm text-stone-800">
              <input type="checkbox" name="agreed" className="h-5 w-5 accent-brand-700" />
              Pembeli memilih &apos;Jangan diganti&apos;. Pembeli sudah setuju lewat chat.
            </label>
          )}
          <SubmitButton intent="substitute" variant="outline">
            Ganti Produk
          </SubmitButton>
        </StaffOrderForm>
      </details>
      <StaffOrderForm
        fetcherKey={UNAVAILABLE_KEY}
        confirm={{
          title: `${line.productName} tidak tersedia?`,
          description: `${line.productName} (${formatAmount(line.quantity, { soldByWeight: line.soldByWeight, unit: line.productUnit })}) dihapus dari pesanan, stoknya dikembalikan dan totalnya dihitung ulang. Sesudahnya 'Batalkan' mengembalikannya selama pesanan belum diubah lagi; sampai Tagihan Final produk juga bisa ditambahkan lagi dengan 'Tambah Produk'.`,
          confirmLabel: "Ya, Tidak Tersedia",
        }}
      >
        <Hidden intent="unavailable" version={version} itemId={line.id} />
        <SubmitButton intent="unavailable" variant="ghost" className="text-red-700!">
          Tidak Tersedia
        </SubmitButton>
      </StaffOrderForm>
    </li>
  );
}

export function OrderEditsCard({
  order,
  editing,
  error,
}: {
  order: { status: string; totalAmount: number; deliveryFee: number | null; items: EditLine[] } & OrderPromoFields;
  editing: OrderEditsData;
  error?: EditError;
}) {
  const final = editing.billFinalAt !== null;
  const grand = orderGrandTotal(order.totalAmount, order.deliveryFee);
  const amounts = orderTextTotals(order);
  const editable = canEditOrder({ status: order.status, billFinalAt: editing.billFinalAt });
  return (
    <Card title="Timbang dan Tagihan" id="tagihan">
      {error ? <ErrorNote>{error.error}</ErrorNote> : null}
      <RemovedLineAnswer version={editing.version} editable={editable} />
      <FetcherAnswer fetcherKey={FINALIZE_KEY} className="mb-2" />
      {editable ? (
        <>
          <ul className="divide-y divide-stone-100">
            {order.items.map((line) => (
              <LineTools key={line.id} line={line} version={editing.version} products={editing.products} />
            ))}
          </ul>
          <StaffOrderForm className="mt-3 space-y-2 rounded-lg border border-stone-200 p-3" resetOnSuccess>
            <Hidden intent="add" version={editing.version} />
            <p className="text-sm font-semibold text-stone-800">Tambah Produk</p>
            <ProductSelect products={editing.products} label="Produk yang ditambahkan" />
            <div className="flex gap-2">
              <Input
                name="amount"
                placeholder="Jumlah, atau berat dalam kg"
                aria-label="Jumlah produk yang ditambahkan"
                autoComplete="off"
              />
              <SubmitButton intent="add" variant="outline">
                Tambah Produk
              </SubmitButton>
            </div>
          </StaffOrderForm>
        </>
      ) : (
        <p className="text-sm text-stone-700">
          {final
            ? `Tagihan final dibuat ${formatDateTime(new Date(editing.billFinalAt as string | Date))}. Pesanan tidak dapat diubah lagi.`
            : "Pesanan yang sudah Selesai atau Dibatalkan tidak dapat diubah."}
        </p>
      )}
      {!editing.mailReady && (editable || final) ? (
        <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950" data-testid="bill-not-mailed">
          {final
            ? "E-mail belum aktif: pelanggan belum menerima tagihan ini. Kirim lewat WhatsApp."
            : "E-mail belum aktif: setelah Tagihan Final, kirim tagihannya lewat WhatsApp."}
        </p>
      ) : null}
      <dl className="mt-4 space-y-1 border-t border-stone-200 pt-3 text-sm">
        <div className="flex justify-between">
          <dt>Subtotal produk</dt>
          <dd className="tabular-nums">{formatRupiah(amounts.subtotal)}</dd>
        </div>
        <div className="flex justify-between">
          <dt>{WORDS.deliveryFee}</dt>
          <dd className="tabular-nums">{amounts.fee === null ? "belum diisi" : formatRupiah(amounts.fee)}</dd>
        </div>
        <OrderPromoRows order={order} />
        <div className="flex justify-between text-base font-bold">
          <dt>Total akhir</dt>
          <dd className="tabular-nums" data-testid="final-total">
            {formatRupiah(grand)}
          </dd>
        </div>
      </dl>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        {editable ? (
          <StaffOrderForm
            className="flex-1"
            fetcherKey={FINALIZE_KEY}
            confirm={{
              title: "Buat Tagihan Final?",
              description: `Total akhir ${formatRupiah(grand)}${order.deliveryFee === null ? " (ongkir belum diisi)" : ""}. Setelah ini produk, berat dan ongkir tidak dapat diubah lagi, dan pelanggan melihat tagihan serta cara bayarnya.`,
              confirmLabel: "Ya, Tagihan Final",
            }}
          >
            <Hidden intent="finalize" version={editing.version} />
            <SubmitButton intent="finalize" className="w-full">
              Tagihan Final
            </SubmitButton>
          </StaffOrderForm>
        ) : null}
        {final ? (
          <a
            href={editing.billWhatsappUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass({ className: "min-h-11 flex-1 bg-green-700 hover:bg-green-800" })}
          >
            <MessageCircle className="h-4 w-4" aria-hidden="true" /> Kirim Tagihan via WhatsApp
          </a>
        ) : null}
      </div>
    </Card>
  );
}

export function OrderChangesCard({ changes }: { changes: Change[] }) {
  return (
    <Card title="Riwayat Perubahan" id="riwayat-perubahan">
      <OrderChangesList changes={changes} showWho />
    </Card>
  );
}
