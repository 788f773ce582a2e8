// 'Riwayat Status': every status change, who made it and when.
import { ArrowRight } from "lucide-react";
import { Card } from "~/components/admin/card";
import { OrderStatusBadge } from "~/components/order-status-badge";
import { formatDateTime } from "~/lib/dates";
import { orderStatusLabel } from "~/lib/vocab/order-statuses";
import { isCourierRole, isStaffRole, ROLE_LABELS } from "~/lib/roles";
import type { AdminOrderView } from "./types";

export function HistoryCard({ order }: { order: AdminOrderView }) {
  return (
    <Card title="Riwayat Status" id="riwayat">
      {order.history.length === 0 ? (
        <p className="text-sm text-stone-600">Belum ada riwayat.</p>
      ) : (
        <ol className="space-y-3" data-testid="status-history">
          {order.history.map((h) => (
            <li key={h.id} className="flex gap-3 text-sm">
              <span className="mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full bg-brand-600" aria-hidden="true" />
              <div>
                <p className="flex flex-wrap items-center gap-1.5 font-medium text-stone-900">
                  {h.fromStatus ? (
                    <>
                      <OrderStatusBadge status={h.fromStatus} />
                      <ArrowRight className="h-3.5 w-3.5 text-stone-500" aria-label="menjadi" />
                      <OrderStatusBadge status={h.toStatus} />
                    </>
                  ) : (
                    <>
                      Pesanan dibuat <OrderStatusBadge status={h.toStatus} />
                    </>
                  )}
                </p>
                <p className="text-xs text-stone-600">
                  {formatDateTime(h.createdAt)} · oleh{" "}
                  {h.changedByName
                    ? `${h.changedByName}${isStaffRole(h.changedByRole) || isCourierRole(h.changedByRole) ? ` (${ROLE_LABELS[h.changedByRole]})` : ""}`
                    : "akun yang sudah dihapus"}
                  {h.note ? ` · ${h.note}` : ""}
                </p>
                <span className="sr-only">
                  {h.fromStatus
                    ? `${orderStatusLabel(h.fromStatus)} menjadi ${orderStatusLabel(h.toStatus)}`
                    : orderStatusLabel(h.toStatus)}
                </span>
              </div>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
