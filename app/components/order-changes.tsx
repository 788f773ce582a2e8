// An order's 'Riwayat Perubahan' (weights, substitutions, removed and added lines, fee, final
// bill), for staff (with who) and for the customer once the bill is final.
import { formatDateTime } from "~/lib/dates";
import { formatRupiah } from "~/lib/money";
import { ORDER_CHANGE_LABELS, type OrderChangeKind } from "~/lib/order-edits";

export type OrderChange = {
  id: string;
  kind: string;
  description: string;
  totalBefore: number;
  totalAfter: number;
  createdAt: Date | string;
  changedByName?: string | null;
};

function changeLabel(kind: string): string {
  return kind in ORDER_CHANGE_LABELS ? ORDER_CHANGE_LABELS[kind as OrderChangeKind] : kind;
}

/** The order's 'Riwayat Perubahan': who changed what, and the item total before and after. */
export function OrderChangesList({ changes, showWho }: { changes: OrderChange[]; showWho: boolean }) {
  if (changes.length === 0) return <p className="text-sm text-stone-600">Belum ada perubahan.</p>;
  return (
    <ol className="space-y-2 text-sm">
      {changes.map((c) => (
        <li key={c.id} className="rounded-lg bg-stone-50 p-2">
          <p className="font-semibold text-stone-900">{changeLabel(c.kind)}</p>
          <p className="text-stone-800">{c.description}</p>
          <p className="text-xs text-stone-600">
            {formatDateTime(new Date(c.createdAt))}
            {showWho && c.changedByName ? ` · ${c.changedByName}` : ""}
            {c.totalBefore !== c.totalAfter
              ? ` · subtotal ${formatRupiah(c.totalBefore)} → ${formatRupiah(c.totalAfter)}`
              : ""}
          </p>
        </li>
      ))}
    </ol>
  );
}
