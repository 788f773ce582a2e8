// 'Batas Bayar': when an unpaid QRIS or transfer order is cancelled by itself, and when its
// shopper is reminded first (app/lib/payment-deadline.ts). Cash on delivery has no deadline.
import { Field, Input } from "~/components/ui/field";
import type { PaymentDeadlineSetting } from "~/lib/payment-deadline";
import { defineSection, inputText, type SectionProps } from "./section";

function Fields({ value, draft, fieldErrors }: SectionProps<"paymentDeadline">) {
  const shown = (draft ?? value) as PaymentDeadlineSetting;
  const minutes = (name: keyof PaymentDeadlineSetting, label: string, hint: string) => (
    <Field label={label} error={fieldErrors[name]} hint={hint} className="max-w-xs">
      {(p) => <Input {...p} name={name} inputMode="numeric" defaultValue={inputText(shown[name] as number)} />}
    </Field>
  );
  return (
    <div className="space-y-3">
      <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-semibold text-stone-900">
        <input type="checkbox" name="active" defaultChecked={shown.active} className="h-5 w-5 accent-brand-700" />
        Batalkan otomatis pesanan yang belum dibayar
      </label>
      {minutes(
        "beforeSlotMinutes",
        "Menit sebelum waktu pengiriman",
        "Mis. 120: batas bayar 03:00 untuk kiriman 05:00.",
      )}
      {minutes(
        "afterBillMinutes",
        "Menit setelah Tagihan Final",
        "Pembeli selalu punya waktu sekian menit setelah tagihan final (minimal 15).",
      )}
      {minutes("reminderMinutes", "Pengingat (menit sebelum batas)", "Pembeli diingatkan sekali lewat e-mail.")}
    </div>
  );
}

export const paymentDeadlineSection = defineSection({
  id: "batas-bayar",
  key: "paymentDeadline",
  title: "Batas Bayar",
  description: (
    <p>
      Pesanan QRIS atau transfer yang belum dibayar dibatalkan otomatis pada batas bayarnya: stok kembali dan tempat di
      waktu pengiriman dilepas. Batasnya yang paling akhir dari &quot;sekian menit sebelum waktu pengiriman&quot; dan
      &quot;sekian menit setelah Tagihan Final&quot;. COD, pesanan Lunas, dan bukti bayar yang menunggu verifikasi tidak
      pernah dibatalkan. Staf dapat memperpanjang batas satu pesanan atau mengubahnya ke COD di halaman pesanan.
    </p>
  ),
  Fields,
  // As typed; the setting's schema reads the numbers.
});
