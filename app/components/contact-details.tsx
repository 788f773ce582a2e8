// The shop's address, phone, WhatsApp, e-mail and opening hours, from the one shop identity.
import { Clock, Mail, MapPin, MessageCircle, Phone } from "lucide-react";
import type { ReactNode } from "react";
import { mapsSearchHref, shopAddressLine, telHref, whatsappHref, type ShopIdentity } from "~/lib/shop";

function Row({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800">
        {icon}
      </span>
      <div className="min-w-0">
        <p className="text-sm font-semibold text-stone-600">{label}</p>
        <div className="text-stone-900">{children}</div>
      </div>
    </li>
  );
}

const linkClass = "font-semibold break-words text-brand-800 underline-offset-4 hover:underline";

/** WhatsApp number as people read it: 6281234567890 -> +62 812-3456-7890. */
function readableWhatsapp(number: string): string {
  const local = number.replace(/^62/, "");
  return `+62 ${local.replace(/^(\d{3})(\d{4})(\d+)$/, "$1-$2-$3")}`;
}

export function ContactDetails({
  shop,
  showMap = false,
  showWhatsapp = true,
}: {
  shop: ShopIdentity;
  showMap?: boolean;
  showWhatsapp?: boolean;
}) {
  const address = shopAddressLine(shop);
  return (
    <ul className="space-y-5">
      <Row icon={<MapPin className="h-5 w-5" aria-hidden="true" />} label="Alamat">
        <p>{address}</p>
        {showMap ? (
          <a
            className={linkClass}
            href={mapsSearchHref(`${shop.name}, ${address}`)}
            target="_blank"
            rel="noopener noreferrer"
          >
            Lihat di Google Maps
          </a>
        ) : null}
      </Row>
      <Row icon={<Phone className="h-5 w-5" aria-hidden="true" />} label="Telepon">
        <a className={linkClass} href={telHref(shop.phone)}>
          {shop.phone}
        </a>
      </Row>
      {showWhatsapp ? (
        <Row icon={<MessageCircle className="h-5 w-5" aria-hidden="true" />} label="WhatsApp">
          <a
            className={linkClass}
            href={whatsappHref(shop.whatsapp, `Halo ${shop.name}, saya ingin bertanya.`)}
            target="_blank"
            rel="noopener noreferrer"
          >
            {readableWhatsapp(shop.whatsapp)}
          </a>
        </Row>
      ) : null}
      <Row icon={<Mail className="h-5 w-5" aria-hidden="true" />} label="E-mail">
        <a className={linkClass} href={`mailto:${shop.email}`}>
          {shop.email}
        </a>
      </Row>
      <Row icon={<Clock className="h-5 w-5" aria-hidden="true" />} label="Jam Operasional (WIB)">
        <dl className="space-y-1">
          {shop.openingHours.map((h) => (
            <div key={h.days} className="flex flex-wrap gap-x-2">
              <dt>{h.days}:</dt>
              <dd className="font-semibold whitespace-nowrap">{h.hours}</dd>
            </div>
          ))}
        </dl>
      </Row>
    </ul>
  );
}
