// An order's total as every list and page shows it: the one amount from orderTotalSummary, and
// under it 'perkiraan' until the bill is final (and 'belum termasuk ongkir' while the fee is open).
import { formatRupiah } from "~/lib/money";
import { orderTotalSummary } from "~/lib/order-text";
import { cn } from "~/lib/utils";

export function OrderTotalAmount({
  order,
  className,
  noteClassName,
  testId,
}: {
  order: { totalAmount: number; deliveryFee: number | null; billFinal: boolean };
  className?: string;
  noteClassName?: string;
  testId?: string;
}) {
  const total = orderTotalSummary(order);
  return (
    <>
      <span className={cn("tabular-nums", className)} data-testid={testId}>
        {formatRupiah(total.amount)}
      </span>
      {total.note ? (
        <span className={cn("block text-xs font-normal text-stone-600", noteClassName)}>{total.note}</span>
      ) : null}
    </>
  );
}
