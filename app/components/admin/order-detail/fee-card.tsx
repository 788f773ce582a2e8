// 'Ongkos Kirim': the fee that applies, where it came from, and the form to set the one agreed in
// the chat. The fee is part of the bill: the form shows only while the lines may change (open
// order, bill not final) and posts the order's version like the packing edits.
import { WORDS } from "~/lib/vocab/words";
import { StaffOrderForm } from "./staff-order-form";
import { Card, ErrorNote } from "~/components/admin/card";
import { SubmitButton } from "~/components/admin/submit-button";
import { Field, Input } from "~/components/ui/field";
import { orderFeeSourceText, orderFeeText } from "~/lib/delivery";
import { canEditOrder } from "~/lib/order-edits";
import type { AdminOrderView } from "./types";

export function DeliveryFeeCard({
  order,
  editing,
  error,
}: {
  order: AdminOrderView;
  editing: { version: number; billFinalAt: Date | string | null };
  error?: string;
}) {
  const editable = canEditOrder({ status: order.status, billFinalAt: editing.billFinalAt });
  return (
    <Card title={WORDS.deliveryFee} id="ongkir">
      <p className="mb-3 text-sm text-stone-700">
        Saat ini:{" "}
        <strong data-testid="delivery-fee">
          {order.deliveryFee === null ? "Ditentukan oleh CS via WhatsApp" : orderFeeText(order)}
        </strong>
        <span className="block text-xs text-stone-600" data-testid="delivery-fee-source">
          {orderFeeSourceText(order)}
        </span>
      </p>
      {editable ? (
        <StaffOrderForm className="flex flex-wrap items-start gap-2">
          <input type="hidden" name="intent" value="fee" />
          <input type="hidden" name="version" value={editing.version} />
          <Field label="Ongkir yang disepakati (Rp)" error={error} className="flex-1">
            {(props) => (
              <Input
                {...props}
                name="deliveryFee"
                inputMode="numeric"
                autoComplete="off"
                placeholder="mis. 10000"
                defaultValue={order.deliveryFee === null ? "" : order.deliveryFee + (order.promoFeeDiscount ?? 0)}
                key={order.deliveryFee ?? "none"}
              />
            )}
          </Field>
          <SubmitButton intent="fee" className="mt-7">
            Simpan Ongkir
          </SubmitButton>
        </StaffOrderForm>
      ) : (
        <>
          {/* A change refused because the bill became final meanwhile still says why. */}
          {error ? <ErrorNote>{error}</ErrorNote> : null}
          <p className="text-sm text-stone-700" data-testid="delivery-fee-locked">
            {editing.billFinalAt !== null
              ? "Tagihan sudah final: ongkir tidak dapat diubah lagi."
              : "Pesanan yang sudah Selesai atau Dibatalkan tidak dapat diubah."}
          </p>
        </>
      )}
    </Card>
  );
}
