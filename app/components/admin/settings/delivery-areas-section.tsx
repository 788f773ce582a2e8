// 'Area Pengiriman': rows of 'Nama Area', 'Ongkir', 'Gratis Ongkir Mulai' and 'Aktif'.
// 'Tambah Area' adds an empty row (in the browser, or through the server without JavaScript).
import { useState } from "react";
import { Plus } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/field";
import { BLANK_AREA_ROW, type AreaFormRow, type DeliveryArea } from "~/lib/delivery-settings";
import { defineSection, inputText, type SectionProps } from "./section";

type Row = AreaFormRow;
const BLANK = BLANK_AREA_ROW;

function RowError({ message, id }: { message?: string; id: string }) {
  return message ? (
    <p id={id} className="text-xs text-red-700" role="alert">
      {message}
    </p>
  ) : null;
}

function Fields({ value, draft, fieldErrors }: SectionProps<"deliveryAreas">) {
  const initial = (draft as Row[] | null) ?? (value as DeliveryArea[]);
  const [rows, setRows] = useState<Row[]>(initial.length > 0 ? initial : [BLANK]);
  const cell = "block w-full";
  return (
    <div className="space-y-3">
      <div className="hidden grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_4rem] gap-2 px-1 text-xs font-semibold text-stone-700 md:grid">
        <span>Nama Area</span>
        <span>Ongkir (Rp)</span>
        <span>Gratis Ongkir Mulai (Rp)</span>
        <span>Aktif</span>
      </div>
      <ol className="space-y-3 md:space-y-2" aria-label="Area pengiriman">
        {rows.map((row, i) => {
          const err = (field: string) => fieldErrors[`${i}.${field}`];
          const label = typeof row.name === "string" && row.name !== "" ? row.name : `baris ${i + 1}`;
          return (
            <li
              key={row.id || `baru-${i}`}
              className="grid grid-cols-2 gap-2 rounded-lg border border-stone-200 p-3 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_4rem] md:items-start md:border-0 md:p-0"
            >
              <input type="hidden" name={`${i}.id`} value={row.id} />
              <div className="col-span-2 md:col-span-1">
                <label className="text-xs font-semibold text-stone-700 md:sr-only" htmlFor={`area-${i}-name`}>
                  Nama Area
                </label>
                <Input
                  id={`area-${i}-name`}
                  name={`${i}.name`}
                  maxLength={60}
                  defaultValue={inputText(row.name)}
                  placeholder="mis. Sumbersari"
                  aria-invalid={err("name") ? true : undefined}
                  aria-describedby={err("name") ? `area-${i}-name-error` : undefined}
                  className={cell}
                />
                <RowError id={`area-${i}-name-error`} message={err("name")} />
              </div>
              <div>
                <label className="text-xs font-semibold text-stone-700 md:sr-only" htmlFor={`area-${i}-fee`}>
                  Ongkir (Rp)<span className="sr-only"> {label}</span>
                </label>
                <Input
                  id={`area-${i}-fee`}
                  name={`${i}.fee`}
                  inputMode="numeric"
                  defaultValue={inputText(row.fee)}
                  placeholder="mis. 5000"
                  aria-invalid={err("fee") ? true : undefined}
                  aria-describedby={err("fee") ? `area-${i}-fee-error` : undefined}
                  className={cell}
                />
                <RowError id={`area-${i}-fee-error`} message={err("fee")} />
              </div>
              <div>
                <label className="text-xs font-semibold text-stone-700 md:sr-only" htmlFor={`area-${i}-free`}>
                  Gratis Ongkir Mulai (Rp)<span className="sr-only"> {label}</span>
                </label>
                <Input
                  id={`area-${i}-free`}
                  name={`${i}.freeFrom`}
                  inputMode="numeric"
                  defaultValue={inputText(row.freeFrom)}
                  placeholder="Tidak ada"
                  aria-invalid={err("freeFrom") ? true : undefined}
                  aria-describedby={err("freeFrom") ? `area-${i}-free-error` : undefined}
                  className={cell}
                />
                <RowError id={`area-${i}-free-error`} message={err("freeFrom")} />
              </div>
              <label className="col-span-2 flex h-11 items-center gap-2 text-sm font-medium text-stone-800 md:col-span-1">
                <input
                  type="checkbox"
                  name={`${i}.active`}
                  defaultChecked={row.active === true}
                  className="h-5 w-5 accent-brand-700"
                  aria-label={`Aktif: ${label}`}
                />
                <span className="md:sr-only">Aktif</span>
              </label>
            </li>
          );
        })}
      </ol>
      <Button
        type="submit"
        name="op"
        value="tambah-area"
        variant="secondary"
        onClick={(event) => {
          event.preventDefault();
          setRows((r) => [...r, { ...BLANK }]);
        }}
      >
        <Plus className="h-4 w-4" aria-hidden="true" /> Tambah Area
      </Button>
    </div>
  );
}

export const deliveryAreasSection = defineSection({
  id: "area-pengiriman",
  key: "deliveryAreas",
  title: "Area Pengiriman",
  description: (
    <p>
      Pembeli memilih area saat checkout dan langsung melihat ongkirnya. Di luar area ini, ongkir ditentukan CS lewat
      WhatsApp. Area yang tidak aktif tidak ditawarkan, tetapi tetap tercatat di pesanan lama.
    </p>
  ),
  Fields,
});
