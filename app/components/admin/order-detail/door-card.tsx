// What the courier recorded at the order's door: 'Terkirim' with the recipient's name or
// photo, 'Gagal Antar' with its reason (the order is back with staff), the COD cash, and
// every step with its time.
import { Card } from "~/components/admin/card";
import { formatDateTime } from "~/lib/dates";
import { formatRupiah } from "~/lib/money";

export type DoorCardData = {
  courierName: string;
  outcome: string | null;
  recipientName: string;
  failReason: string;
  hasPhoto: boolean;
  cashReceived: number | null;
  steps: { description: string; takenAt: Date | string }[];
};

export function DoorCard({ orderId, door }: { orderId: string; door: DoorCardData }) {
  return (
    <Card title={`Kurir: ${door.courierName}`} id="kurir">
      <div className="space-y-2 text-sm" data-testid="door-record">
        {door.outcome === "failed" ? (
          <p className="rounded bg-red-50 px-2 py-1 font-semibold text-red-900">
            Gagal Antar: {door.failReason}. Hubungi pelanggan dan atur pengantaran ulang.
          </p>
        ) : door.outcome === "delivered" ? (
          <p className="font-semibold text-green-800">
            Terkirim{door.recipientName ? `, diterima ${door.recipientName}` : ""}
          </p>
        ) : (
          <p className="text-stone-700">Belum diantar.</p>
        )}
        {door.cashReceived !== null ? <p>Uang diterima kurir: {formatRupiah(door.cashReceived)}</p> : null}
        {door.hasPhoto ? (
          <a href={`/admin/orders/delivery-photo/${orderId}`} target="_blank" rel="noopener" className="block">
            <img
              src={`/admin/orders/delivery-photo/${orderId}`}
              alt="Foto penerima dari kurir"
              className="max-h-60 rounded border border-stone-200"
            />
          </a>
        ) : null}
        {door.steps.length > 0 ? (
          <ul className="space-y-0.5 text-stone-700">
            {door.steps.map((step, i) => (
              <li key={i}>
                {formatDateTime(step.takenAt)} · {step.description}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </Card>
  );
}
