// The product form shared by "Tambah Produk" and the edit page. Works as a plain
// multipart form; with JavaScript it previews the image and refuses files over 5 MB
// before they are sent.
import { Form } from "react-router";
import { useEffect, useRef, useState } from "react";
import { ImagePlus } from "lucide-react";
import { buttonClass } from "~/components/ui/button";
import { SubmitButton } from "~/components/admin/submit-button";
import { ErrorNote } from "~/components/admin/card";
import { Field, Input, Select, Textarea } from "~/components/ui/field";
import { DEFAULT_LOW_STOCK_GRAMS, DEFAULT_LOW_STOCK_UNITS } from "~/lib/low-stock";
import { formatKg, kgFieldValue } from "~/lib/weight";

export type ProductFormDefaults = {
  name: string;
  price: string;
  unit: string;
  discount: string;
  stock: string;
  featured: boolean;
  soldByWeight: boolean;
  /** Kilograms as typed ('0,25'). */
  weightStep: string;
  weightMin: string;
  categoryId: string;
  /** The 'Petani Mitra' who grows it ('' for none). */
  supplierId?: string;
  /** 'Batas Stok Menipis' as typed: units, or kg for produce sold by weight; '' for the default. */
  lowStockThreshold?: string;
  description: string;
  imageUrl: string | null;
  stockBefore?: string;
};

const UNITS = [
  "per ikat",
  "per kg",
  "per 500 g",
  "per 250 g",
  "per 100 g",
  "pcs",
  "per butir",
  "per 10 butir",
  "per liter",
  "per pack",
  "per sisir",
];
const MAX_BYTES = 5 * 1024 * 1024;

export function ProductForm({
  defaults,
  categories,
  suppliers = [],
  errors,
  message,
  submitLabel,
  slugNote,
}: {
  defaults: ProductFormDefaults;
  categories: { id: string; name: string }[];
  suppliers?: { id: string; name: string; village: string }[];
  errors?: Partial<Record<string, string>>;
  message?: string;
  submitLabel: string;
  slugNote?: React.ReactNode;
}) {
  const [preview, setPreview] = useState<string | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  useEffect(() => {
    return () => {
      if (preview) URL.revokeObjectURL(preview);
    };
  }, [preview]);

  const onImageChange = (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    setPreview(null);
    setImageError(null);
    setFileName(null);
    if (!file) return;
    if (file.size > MAX_BYTES) {
      setImageError("Ukuran gambar maksimal 5 MB.");
      event.currentTarget.value = "";
      return;
    }
    if (!["image/jpeg", "image/png", "image/webp"].includes(file.type)) {
      setImageError("Gambar harus berupa JPEG, PNG, atau WebP.");
      event.currentTarget.value = "";
      return;
    }
    setFileName(file.name);
    setPreview(URL.createObjectURL(file));
  };

  // After a refused save, take staff to the first field that needs fixing.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!errors || Object.keys(errors).length === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const shownImage = preview ?? defaults.imageUrl;
  return (
    <Form ref={formRef} method="post" encType="multipart/form-data" className="space-y-5" noValidate>
      {message ? <ErrorNote>{message}</ErrorNote> : null}
      {defaults.stockBefore !== undefined ? (
        <input type="hidden" name="stockBefore" value={defaults.stockBefore} />
      ) : null}
      <div className="grid gap-4 md:grid-cols-2">
        <Field label="Nama produk" required error={errors?.name} hint={slugNote} className="md:col-span-2">
          {(p) => <Input {...p} name="name" defaultValue={defaults.name} maxLength={100} autoComplete="off" />}
        </Field>
        <Field label="Harga (Rp)" required error={errors?.price} hint="Harga sebelum diskon, tanpa titik atau koma.">
          {(p) => (
            <Input
              {...p}
              name="price"
              inputMode="numeric"
              defaultValue={defaults.price}
              placeholder="mis. 5000"
              autoComplete="off"
            />
          )}
        </Field>
        <Field label="Satuan" error={errors?.unit} hint="Kosong berarti pcs.">
          {(p) => (
            <>
              <Input
                {...p}
                name="unit"
                list="unit-options"
                defaultValue={defaults.unit}
                maxLength={30}
                placeholder="mis. per ikat"
                autoComplete="off"
              />
              <datalist id="unit-options">
                {UNITS.map((u) => (
                  <option key={u} value={u} />
                ))}
              </datalist>
            </>
          )}
        </Field>
        <Field label="Diskon (%)" error={errors?.discount} hint="0 sampai 100; 0 berarti tanpa diskon.">
          {(p) => (
            <Input
              {...p}
              name="discount"
              inputMode="numeric"
              defaultValue={defaults.discount}
              placeholder="0"
              autoComplete="off"
            />
          )}
        </Field>
        <Field
          label="Stok"
          required
          error={errors?.stock}
          hint="Produk ditimbang: dalam gram (mis. 12500 untuk 12,5 kg). Setiap perubahan stok dicatat dengan nama Anda."
        >
          {(p) => <Input {...p} name="stock" inputMode="numeric" defaultValue={defaults.stock} autoComplete="off" />}
        </Field>
        <Field label="Kategori" error={errors?.categoryId}>
          {(p) => (
            <Select {...p} name="categoryId" defaultValue={defaults.categoryId}>
              <option value="">Tanpa kategori</option>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          label="Petani Mitra"
          error={errors?.supplierId}
          hint="Petani yang menanamnya: produk dikelompokkan per petani di Daftar Ambil."
        >
          {(p) => (
            <Select {...p} name="supplierId" defaultValue={defaults.supplierId ?? ""}>
              <option value="">Tanpa petani</option>
              {suppliers.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.village ? `${s.name} (${s.village})` : s.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          label="Batas Stok Menipis"
          error={errors?.lowStockThreshold}
          hint={`Muncul di kartu Stok Menipis bila stok sama atau di bawah batas ini. Produk ditimbang: dalam kg (mis. 1,5). Kosong berarti ${DEFAULT_LOW_STOCK_UNITS} untuk produk satuan atau ${formatKg(DEFAULT_LOW_STOCK_GRAMS)} untuk produk ditimbang.`}
        >
          {(p) => (
            <Input
              {...p}
              name="lowStockThreshold"
              inputMode="decimal"
              defaultValue={defaults.lowStockThreshold ?? ""}
              placeholder={
                defaults.soldByWeight ? kgFieldValue(DEFAULT_LOW_STOCK_GRAMS) : String(DEFAULT_LOW_STOCK_UNITS)
              }
              maxLength={20}
              autoComplete="off"
            />
          )}
        </Field>
        <div className="flex items-end">
          <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm font-medium text-stone-800">
            <input
              type="checkbox"
              name="featured"
              defaultChecked={defaults.featured}
              className="h-5 w-5 accent-brand-700"
            />
            Tampilkan di Produk Pilihan (beranda)
          </label>
        </div>
        <fieldset className="rounded-xl border border-stone-200 p-4 md:col-span-2">
          <legend className="px-1 text-sm font-semibold text-stone-800">Dijual per berat</legend>
          <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium text-stone-800">
            <input
              type="checkbox"
              name="soldByWeight"
              defaultChecked={defaults.soldByWeight}
              className="h-5 w-5 accent-brand-700"
            />
            Ditimbang: harga per kg, stok dalam gram, harga akhir mengikuti berat timbangan
          </label>
          <div className="mt-3 grid gap-4 sm:grid-cols-2">
            <Field label="Kelipatan (kg)" error={errors?.weightStep} hint="Langkah tombol +/-, mis. 0,25.">
              {(p) => (
                <Input
                  {...p}
                  name="weightStep"
                  inputMode="decimal"
                  defaultValue={defaults.weightStep}
                  autoComplete="off"
                />
              )}
            </Field>
            <Field label="Minimum (kg)" error={errors?.weightMin} hint="Berat terkecil yang dijual, mis. 0,5.">
              {(p) => (
                <Input
                  {...p}
                  name="weightMin"
                  inputMode="decimal"
                  defaultValue={defaults.weightMin}
                  autoComplete="off"
                />
              )}
            </Field>
          </div>
        </fieldset>
        <Field label="Deskripsi" error={errors?.description} className="md:col-span-2">
          {(p) => <Textarea {...p} name="description" defaultValue={defaults.description} rows={5} maxLength={3000} />}
        </Field>
      </div>

      <fieldset className="rounded-xl border border-stone-200 p-4">
        <legend className="px-1 text-sm font-semibold text-stone-800">Gambar</legend>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <div className="h-32 w-32 shrink-0 overflow-hidden rounded-lg bg-stone-100">
            {shownImage ? (
              <img src={shownImage} alt="Pratinjau gambar produk" className="h-full w-full object-cover" />
            ) : (
              <span className="flex h-full items-center justify-center text-xs text-stone-500">Belum ada gambar</span>
            )}
          </div>
          <div className="flex-1 space-y-3">
            <div className="space-y-1.5">
              <label
                className={buttonClass({
                  variant: "secondary",
                  className:
                    "cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700",
                })}
              >
                <ImagePlus className="h-4 w-4" aria-hidden="true" />
                {defaults.imageUrl ? "Ganti gambar" : "Pilih gambar"}
                <input
                  type="file"
                  name="image"
                  accept="image/jpeg,image/png,image/webp"
                  onChange={onImageChange}
                  aria-invalid={imageError || errors?.image ? true : undefined}
                  aria-describedby="image-hint image-error"
                  className="sr-only"
                />
              </label>
              <p id="image-hint" className="text-xs text-stone-600">
                {fileName ? <span className="font-medium text-stone-800">{fileName} · </span> : null}
                JPEG, PNG, atau WebP, maksimal 5 MB.
              </p>
              {imageError || errors?.image ? (
                <p id="image-error" role="alert" className="text-sm text-red-700">
                  {imageError ?? errors?.image}
                </p>
              ) : null}
            </div>
            {defaults.imageUrl ? (
              <label className="flex items-center gap-2 text-sm text-stone-800">
                <input type="checkbox" name="removeImage" className="h-4 w-4 accent-red-700" /> Hapus gambar saat ini
              </label>
            ) : null}
          </div>
        </div>
      </fieldset>

      <div className="flex justify-end">
        <SubmitButton intent="save" size="lg" className="w-full sm:w-auto">
          {submitLabel}
        </SubmitButton>
      </div>
    </Form>
  );
}
