// 'Informasi Pesanan': number, status, dates, delivery window and the order's note.
import { Card } from "~/components/admin/card";
import { OrderStatusBadge } from "~/components/order-status-badge";
import { formatDateTime, formatDateWithDay } from "~/lib/dates";
import { slotName } from "~/lib/vocab/delivery-slots";
import type { AdminOrderView } from "./types";
import { Row } from "./row";

export function OrderInfoCard({ order }: { order: AdminOrderView }) {
  const slot = slotName(order.deliverySlot);
  return (
    <Card title="Informasi Pesanan" id="info">
      <dl className="divide-y divide-stone-100">
        <Row label="No. Pesanan">
          <span className="font-mono">#{order.shortId}</span>
        </Row>
        <Row label="Status">
          <OrderStatusBadge status={order.status} />
        </Row>
        <Row label="Tanggal pesan">{formatDateTime(order.createdAt)}</Row>
        <Row label="Tanggal kirim">{formatDateWithDay(order.deliveryDate)}</Row>
        <Row label="Waktu kirim">
          {slot} ({order.deliveryTime})
        </Row>
        <Row label="Catatan">
          {order.notes ? (
            <span className="whitespace-pre-line">{order.notes}</span>
          ) : (
            <span className="text-stone-500">-</span>
          )}
        </Row>
      </dl>
    </Card>
  );
}
