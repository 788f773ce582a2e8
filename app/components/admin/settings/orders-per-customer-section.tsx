// 'Batas Pesanan per Pelanggan': how many orders one account may place in one delivery slot,
// so a single account cannot take a slot's whole quota.
import { Field, Input } from "~/components/ui/field";
import { MAX_ORDERS_PER_CUSTOMER } from "~/lib/delivery-settings";
import { defineSection, inputText, type SectionProps } from "./section";

function Fields({ value, draft, fieldErrors }: SectionProps<"ordersPerCustomer">) {
  return (
    <Field
      label="Maksimal pesanan per akun"
      error={fieldErrors[""]}
      hint={`Untuk satu waktu pengiriman. Angka bulat 1 sampai ${MAX_ORDERS_PER_CUSTOMER}; pesanan yang dibatalkan tidak dihitung.`}
      className="max-w-xs"
    >
      {(p) => <Input {...p} name="ordersPerCustomer" inputMode="numeric" defaultValue={inputText(draft ?? value)} />}
    </Field>
  );
}

export const ordersPerCustomerSection = defineSection({
  id: "batas-per-pelanggan",
  key: "ordersPerCustomer",
  title: "Batas Pesanan per Pelanggan",
  description: (
    <p>
      Satu akun hanya bisa membuat pesanan sebanyak ini untuk satu waktu pengiriman (mis. Besok Pagi). Pesanan
      berikutnya ditolak saat checkout dengan pesan yang menyebut batasnya.
    </p>
  ),
  Fields,
  // As typed; the setting's schema reads the number.
});
