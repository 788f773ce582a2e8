// 'Ubah Status': one button per order status, the current one pressed.
import { StaffOrderForm } from "./staff-order-form";
import { Card, ErrorNote } from "~/components/admin/card";
import { SubmitButton } from "~/components/admin/submit-button";
import { ORDER_STATUS, ORDER_STATUSES } from "~/lib/vocab/order-statuses";
import { cn } from "~/lib/utils";

const STATUS_BUTTON_TONE: Record<string, string> = {
  pending: "aria-pressed:bg-yellow-100 aria-pressed:text-yellow-900 aria-pressed:ring-yellow-400",
  processing: "aria-pressed:bg-blue-100 aria-pressed:text-blue-900 aria-pressed:ring-blue-400",
  completed: "aria-pressed:bg-green-100 aria-pressed:text-green-900 aria-pressed:ring-green-400",
  cancelled: "aria-pressed:bg-red-100 aria-pressed:text-red-900 aria-pressed:ring-red-400",
};

export function StatusButtons({ order, error }: { order: { status: string }; error?: string }) {
  return (
    <Card title="Ubah Status" id="status">
      <StaffOrderForm className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <input type="hidden" name="intent" value="status" />
        {ORDER_STATUSES.map((s) => {
          const current = order.status === s;
          return (
            <SubmitButton
              key={s}
              name="status"
              value={s}
              intent="status"
              variant="outline"
              aria-pressed={current}
              disabled={current}
              className={cn("h-12 ring-2 ring-transparent ring-inset disabled:opacity-100", STATUS_BUTTON_TONE[s])}
            >
              {ORDER_STATUS[s].label}
            </SubmitButton>
          );
        })}
      </StaffOrderForm>
      <p className="mt-3 text-xs text-stone-600">
        Membatalkan pesanan mengembalikan stok barangnya; mengaktifkan lagi pesanan yang dibatalkan mengambil stoknya
        kembali.
      </p>
      <ErrorNote className="mt-3">{error}</ErrorNote>
    </Card>
  );
}
