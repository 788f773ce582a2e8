// 'Identitas Toko': the name, WhatsApp number, phone, e-mail, address, opening hours, service
// area, the home page's first line and the logo that every page, invoice, mail and chat link shows.
import { Field, Input } from "~/components/ui/field";
import { OPENING_HOURS_ROWS, savedIdentityOf, type ShopIdentitySetting } from "~/lib/shop-identity";
import { shopIcons } from "~/lib/shop-logo";
import { defineSection, inputText, type SectionProps } from "./section";

type Draft = Partial<Record<keyof ShopIdentitySetting, unknown>> & {
  openingHours?: { days: unknown; hours: unknown }[];
};

/** The identity fields, shared by this section and the first-run set-up page. */
export function ShopIdentityFields({
  value,
  fieldErrors,
}: {
  value: Draft | null;
  fieldErrors: Record<string, string | undefined>;
}) {
  const v = value ?? {};
  const err = (name: string) => fieldErrors[name];
  const hours = v.openingHours ?? [];
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Field label="Nama Toko" error={err("name")} required>
        {(p) => <Input {...p} name="name" maxLength={60} defaultValue={inputText(v.name)} />}
      </Field>
      <Field
        label="Nomor WhatsApp"
        error={err("whatsapp")}
        hint="Dengan kode negara 62, mis. 6281234567890. Tombol chat di toko memakai nomor ini."
        required
      >
        {(p) => (
          <Input
            {...p}
            name="whatsapp"
            inputMode="tel"
            autoComplete="off"
            maxLength={24}
            defaultValue={inputText(v.whatsapp)}
          />
        )}
      </Field>
      <Field label="Telepon" error={err("phone")} required>
        {(p) => <Input {...p} name="phone" inputMode="tel" maxLength={30} defaultValue={inputText(v.phone)} />}
      </Field>
      <Field label="Email Toko" error={err("email")} required>
        {(p) => <Input {...p} name="email" type="email" maxLength={254} defaultValue={inputText(v.email)} />}
      </Field>
      <Field label="Alamat" error={err("address")} className="md:col-span-2" required>
        {(p) => <Input {...p} name="address" maxLength={200} defaultValue={inputText(v.address)} />}
      </Field>
      <fieldset className="space-y-2 md:col-span-2">
        <legend className="text-sm font-medium text-stone-800">Jam Buka</legend>
        {Array.from({ length: OPENING_HOURS_ROWS }, (_, i) => {
          const row = hours[i] ?? { days: "", hours: "" };
          return (
            <div key={i} className="grid grid-cols-2 gap-2">
              <Field label={`Hari (baris ${i + 1})`} error={err(`openingHours.${i}.days`)}>
                {(p) => (
                  <Input
                    {...p}
                    name={`hours.${i}.days`}
                    maxLength={40}
                    placeholder="Senin - Sabtu"
                    defaultValue={inputText(row.days)}
                  />
                )}
              </Field>
              <Field label={`Jam (baris ${i + 1})`} error={err(`openingHours.${i}.hours`)}>
                {(p) => (
                  <Input
                    {...p}
                    name={`hours.${i}.hours`}
                    maxLength={40}
                    placeholder="07:00 - 19:00"
                    defaultValue={inputText(row.hours)}
                  />
                )}
              </Field>
            </div>
          );
        })}
      </fieldset>
      <Field
        label="Area Layanan"
        error={err("serviceArea")}
        hint="Satu kalimat, mis. Kota Jember dan sekitarnya."
        className="md:col-span-2"
        required
      >
        {(p) => <Input {...p} name="serviceArea" maxLength={160} defaultValue={inputText(v.serviceArea)} />}
      </Field>
      <Field
        label="Kalimat Utama Beranda"
        error={err("heroLine")}
        hint="Judul besar di halaman depan toko."
        className="md:col-span-2"
        required
      >
        {(p) => <Input {...p} name="heroLine" maxLength={120} defaultValue={inputText(v.heroLine)} />}
      </Field>
    </div>
  );
}

function Fields({ value, draft, fieldErrors }: SectionProps<"shopIdentity">) {
  // The page hands in the environment's identity while none is saved (routes/admin.settings.tsx).
  const shown = (draft as Draft | null) ?? savedIdentityOf(value);
  const logo = typeof shown?.logo === "string" ? shown.logo : null;
  const icons = shopIcons(logo);
  return (
    <div className="space-y-4">
      <ShopIdentityFields value={shown} fieldErrors={fieldErrors} />
      <div className="flex flex-wrap items-center gap-3 border-t border-stone-100 pt-3">
        {/* The logo is uploaded on its own page; saving these fields keeps it. */}
        <input type="hidden" name="logo" value={logo ?? ""} />
        {icons.header ? (
          <img
            src={icons.manifest[1].src}
            alt="Logo toko saat ini"
            width={48}
            height={48}
            className="h-12 w-12 rounded-lg border border-stone-200 object-contain"
          />
        ) : null}
        <p className="text-sm text-stone-700">
          {icons.header ? "Logo toko dipakai di kepala halaman, ikon tab dan ikon aplikasi." : "Belum ada logo toko."}
        </p>
        <a
          href="/admin/settings/logo"
          className="inline-flex min-h-10 items-center rounded-lg border border-stone-300 px-3 text-sm font-semibold text-brand-800 hover:bg-stone-50"
        >
          {icons.header ? "Ganti Logo" : "Unggah Logo"}
        </a>
      </div>
    </div>
  );
}

export const shopIdentitySection = defineSection({
  id: "identitas-toko",
  key: "shopIdentity",
  title: "Identitas Toko",
  description: (
    <p>
      Nama, nomor, alamat dan jam buka yang dilihat pembeli di setiap halaman, nota, email dan tombol chat. Berlaku pada
      tampilan halaman berikutnya, tanpa memulai ulang server.
    </p>
  ),
  Fields,
});
