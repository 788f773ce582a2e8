// 'Informasi Pelanggan': who to call and where to go, with call, chat and map buttons.
import { MapPin, MessageCircle, Phone } from "lucide-react";
import { Card } from "~/components/admin/card";
import { buttonClass } from "~/components/ui/button";
import { formatIndonesianPhone } from "~/lib/phone";
import type { AdminOrderView } from "./types";
import { Row } from "./row";

export function CustomerCard({ order }: { order: AdminOrderView }) {
  return (
    <Card title="Informasi Pelanggan" id="pelanggan">
      <dl className="divide-y divide-stone-100">
        <Row label="Nama">{order.recipientName}</Row>
        <Row label="Telepon">
          <a href={order.links.tel} className="text-brand-800 underline-offset-2 hover:underline">
            {formatIndonesianPhone(order.recipientPhone)}
          </a>
        </Row>
        <Row label="Alamat">{order.recipientAddress}</Row>
        <Row label="Akun">
          {order.accountName} · {order.accountEmail}
        </Row>
      </dl>
      <div className="mt-3 grid grid-cols-3 gap-2">
        <a
          href={order.links.tel}
          className={buttonClass({
            variant: "outline",
            size: "sm",
            className: "h-11",
          })}
        >
          <Phone className="h-4 w-4" aria-hidden="true" /> Telepon
        </a>
        <a
          href={order.links.whatsapp}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass({
            variant: "outline",
            size: "sm",
            className: "h-11",
          })}
        >
          <MessageCircle className="h-4 w-4" aria-hidden="true" /> Chat
        </a>
        <a
          href={order.links.maps}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass({
            variant: "outline",
            size: "sm",
            className: "h-11",
          })}
        >
          <MapPin className="h-4 w-4" aria-hidden="true" /> Peta
        </a>
      </div>
    </Card>
  );
}
