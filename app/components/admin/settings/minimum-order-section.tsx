// 'Minimal Belanja': the products subtotal an order must reach (0: no minimum).
import { Field, Input } from "~/components/ui/field";
import { defineSection, inputText, type SectionProps } from "./section";

function Fields({ value, draft, fieldErrors }: SectionProps<"minimumOrder">) {
  return (
    <Field
      label="Minimal Belanja (Rp)"
      error={fieldErrors[""]}
      hint="Dibandingkan dengan subtotal produk, sebelum ongkir. Isi 0 untuk tanpa minimal."
      className="max-w-xs"
    >
      {(p) => <Input {...p} name="minimumOrder" inputMode="numeric" defaultValue={inputText(draft ?? value)} />}
    </Field>
  );
}

export const minimumOrderSection = defineSection({
  id: "minimal-belanja",
  key: "minimumOrder",
  title: "Minimal Belanja",
  description: (
    <p>Keranjang di bawah jumlah ini tidak bisa checkout; pembeli melihat berapa lagi yang perlu ditambah.</p>
  ),
  Fields,
});
