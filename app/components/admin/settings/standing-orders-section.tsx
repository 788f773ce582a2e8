// 'Langganan': how long before a slot's cut-off the shop makes a regular's weekly order, so the
// shopper has time to change it (and the shop to see it) before orders close.
import { Field, Input } from "~/components/ui/field";
import { MAX_STANDING_LEAD_HOURS } from "~/lib/standing-orders";
import { defineSection, inputText, type SectionProps } from "./section";

function Fields({ value, draft, fieldErrors }: SectionProps<"standingLeadHours">) {
  return (
    <Field
      label="Dibuat berapa jam sebelum batas pesan"
      error={fieldErrors[""]}
      hint={`Angka bulat 1 sampai ${MAX_STANDING_LEAD_HOURS}. Mis. 24: untuk batas pesan Senin 20:00, pesanan dibuat Minggu 20:00.`}
      className="max-w-xs"
    >
      {(p) => <Input {...p} name="standingLeadHours" inputMode="numeric" defaultValue={inputText(draft ?? value)} />}
    </Field>
  );
}

export const standingOrdersSection = defineSection({
  id: "langganan",
  key: "standingLeadHours",
  title: "Langganan",
  description: (
    <p>
      Pelanggan tetap bisa berlangganan keranjang mingguan. Pesanannya dibuat otomatis pada waktu ini dengan harga saat
      itu, lalu pelanggan diberi tahu dan masih bisa mengubahnya sampai batas pesan.
    </p>
  ),
  Fields,
});
