// 'Ongkos Kirim': the fee that applies, where it came from, and the form to set the one agreed in the chat.
import { Form } from "react-router";
import { Card } from "~/components/admin/card";
import { SubmitButton } from "~/components/admin/submit-button";
import { Field, Input } from "~/components/ui/field";
import { orderFeeSourceText, orderFeeText } from "~/lib/delivery";
import type { AdminOrderView } from "./types";

export function DeliveryFeeCard({ order, error }: { order: AdminOrderView; error?: string }) {
  return (
    <Card title="Ongkos Kirim" id="ongkir">
      <p className="mb-3 text-sm text-stone-700">
        Saat ini:{" "}
        <strong data-testid="delivery-fee">
          {order.deliveryFee === null ? "Ditentukan oleh CS via WhatsApp" : orderFeeText(order)}
        </strong>
        <span className="block text-xs text-stone-600" data-testid="delivery-fee-source">
          {orderFeeSourceText(order)}
        </span>
      </p>
      <Form method="post" className="flex items-start gap-2" noValidate>
        <input type="hidden" name="intent" value="fee" />
        <Field label="Ongkos kirim yang disepakati (Rp)" error={error} className="flex-1">
          {(props) => (
            <Input
              {...props}
              name="deliveryFee"
              inputMode="numeric"
              autoComplete="off"
              placeholder="mis. 10000"
              defaultValue={order.deliveryFee ?? ""}
              key={order.deliveryFee ?? "none"}
            />
          )}
        </Field>
        <SubmitButton intent="fee" className="mt-7">
          Simpan Ongkir
        </SubmitButton>
      </Form>
    </Card>
  );
}
