// How each section of 'Pengaturan Toko' reads its posted form into the value the store checks
// (the store parses it with the setting's schema: app/lib/shop-settings.ts). The page's
// components only draw the sections (app/components/admin/settings/); the route hands the
// posted fields here through formAction.
import { z } from "zod";
import { addDays, isValidDateString } from "~/lib/dates";
import { BLANK_AREA_ROW, newAreaId, SLOT_IDS, type AreaFormRow } from "~/lib/delivery-settings";
import { formFailure, formSuccess, type FieldErrors, type FormResult } from "~/lib/form";
import { isSingleLineText, SINGLE_LINE_MESSAGE } from "~/lib/form-text";
import { MAX_BANK_ACCOUNTS } from "~/lib/payment-settings";
import { identityCandidateFrom } from "~/lib/shop-identity";
import type { SettingKey, SettingValue } from "~/lib/shop-settings";

/** The posted fields, one value each (formAction's reading of the form). */
export type PostedFields = Record<string, unknown>;

/**
 * What a section reads from its posted form, as the one form answer: a success carries the
 * candidate to save (the store checks it against the schema); a failure shows the form again
 * with the staff's draft, refused (400, messages next to fields) or simply not saved yet
 * (200, e.g. 'Tambah Area' without JavaScript).
 */
export type ReadSection = FormResult<{ candidate: unknown }, string, { draft: unknown }>;

function saveCandidate(candidate: unknown): ReadSection {
  return formSuccess("", { candidate });
}

function showDraft(draft: unknown, fieldErrors: FieldErrors = {}): ReadSection {
  return { ...formFailure(Object.keys(fieldErrors).length > 0 ? 400 : 200, "", { fieldErrors }), draft };
}

function text(fields: PostedFields, name: string): string {
  const value = fields[name];
  return typeof value === "string" ? value.trim() : "";
}

const checked = (fields: PostedFields, name: string) => fields[name] === "on";

type SectionReader<K extends SettingKey> = {
  key: K;
  read: (fields: PostedFields, current: SettingValue<K>, context: { today: string }) => ReadSection;
};

const reader = <K extends SettingKey>(r: SectionReader<K>) => r;

/** 'Hari Libur': 'Tambah Hari Libur' and 'Hapus' save at once. */
function readClosedDays(fields: PostedFields, current: SettingValue<"closedDays">, { today }: { today: string }) {
  const op = text(fields, "op");
  const days: { date: string; note: string }[] = [];
  for (let i = 0; i < 400; i++) {
    const date = fields[`${i}.date`];
    if (typeof date !== "string") continue;
    days.push({ date, note: text(fields, `${i}.note`) });
  }
  // Days listed on the page but posted without their row (never happens from the page) stay as stored.
  const posted = new Set(days.map((d) => d.date));
  for (const day of current) if (!posted.has(day.date) && day.date >= today) days.push(day);
  const newDay = { date: text(fields, "new.date"), note: text(fields, "new.note") };
  let kept = days.filter((d) => d.date >= today);
  if (op.startsWith("hapus:")) kept = kept.filter((d) => d.date !== op.slice("hapus:".length));
  const typedNew = newDay.date !== "" || newDay.note !== "";
  if (op === "tambah" || typedNew) {
    const fieldErrors: Record<string, string> = {};
    if (!isValidDateString(newDay.date)) fieldErrors["new.date"] = "Pilih tanggal hari libur.";
    else if (newDay.date < today) fieldErrors["new.date"] = "Tanggal sudah lewat.";
    else if (newDay.date > addDays(today, 730)) fieldErrors["new.date"] = "Tanggal terlalu jauh (maksimal 2 tahun).";
    else if (kept.some((d) => d.date === newDay.date))
      fieldErrors["new.date"] = "Tanggal ini sudah ada di daftar hari libur.";
    if (newDay.note === "") fieldErrors["new.note"] = "Keterangan wajib diisi, mis. Idul Fitri.";
    else if (newDay.note.length > 120) fieldErrors["new.note"] = "Keterangan maksimal 120 karakter.";
    else if (!isSingleLineText(newDay.note)) fieldErrors["new.note"] = SINGLE_LINE_MESSAGE;
    if (Object.keys(fieldErrors).length > 0) return showDraft({ days, newDay }, fieldErrors);
    kept = [...kept, newDay];
  }
  return saveCandidate(kept);
}

function readAreaRows(fields: PostedFields): AreaFormRow[] {
  const rows: AreaFormRow[] = [];
  // Read as typed: the setting's schema parses the amounts (app/lib/number-input.ts).
  for (let i = 0; i < 200; i++) {
    if (typeof fields[`${i}.name`] !== "string") continue;
    rows.push({
      id: text(fields, `${i}.id`),
      name: text(fields, `${i}.name`),
      fee: text(fields, `${i}.fee`),
      freeFrom: text(fields, `${i}.freeFrom`),
      active: checked(fields, `${i}.active`),
    });
  }
  return rows;
}

/** 'Area Pengiriman': 'Tambah Area' without JavaScript shows one more row, unsaved. */
function readDeliveryAreas(fields: PostedFields, current: SettingValue<"deliveryAreas">) {
  // An empty new row is no area.
  const rows = readAreaRows(fields).filter((r) => r.id !== "" || r.name !== "" || r.fee !== "" || r.freeFrom !== "");
  if (text(fields, "op") === "tambah-area") return showDraft([...rows, { ...BLANK_AREA_ROW }]);
  const known = new Set(current.map((a) => a.id));
  const taken = new Set([...known, ...rows.map((r) => r.id).filter(Boolean)]);
  const claimed = new Set<string>();
  const candidate = rows.map((r) => {
    // A posted id the shop never had, or one an earlier row already claimed, is a new row.
    let id = r.id && known.has(r.id) && !claimed.has(r.id) ? r.id : "";
    claimed.add(id);
    if (id === "") {
      id = newAreaId(typeof r.name === "string" ? r.name : "", taken);
      taken.add(id);
    }
    return { ...r, id };
  });
  return saveCandidate(candidate);
}

/** 'Metode Pembayaran': the QRIS image and its text are changed on their own page; this form keeps them. */
function readPaymentMethods(fields: PostedFields, current: SettingValue<"paymentMethods">) {
  const accounts: { bank: string; number: string; holder: string }[] = [];
  for (let i = 0; i < MAX_BANK_ACCOUNTS + 1; i++) {
    const row = {
      bank: text(fields, `account.${i}.bank`),
      number: text(fields, `account.${i}.number`),
      holder: text(fields, `account.${i}.holder`),
    };
    // A row left empty is a removed (or unused) account.
    if (row.bank || row.number || row.holder) accounts.push(row);
  }
  return saveCandidate({
    qris: { active: checked(fields, "qris"), imageUrl: current.qris.imageUrl, payload: current.qris.payload },
    bankTransfer: { active: checked(fields, "bankTransfer"), accounts },
    cod: { active: checked(fields, "cod") },
    uniqueCode: fields.uniqueCode ?? current.uniqueCode,
  });
}

/** Each section of the page by its id (the form's `intent`), with the setting it saves. */
export const SETTINGS_FORM_READERS = {
  "identitas-toko": reader({
    key: "shopIdentity",
    read: (fields) => saveCandidate(identityCandidateFrom((name) => text(fields, name))),
  }),
  "waktu-pengiriman": reader({
    key: "deliverySlots",
    read: (fields) =>
      saveCandidate(
        Object.fromEntries(
          SLOT_IDS.map((slot) => [
            slot,
            {
              cutoffTime: text(fields, `${slot}.cutoffTime`),
              cutoffDay: text(fields, `${slot}.cutoffDay`),
              // As typed; the setting's schema reads the number (empty: no limit).
              quota: text(fields, `${slot}.quota`),
              active: checked(fields, `${slot}.active`),
            },
          ]),
        ),
      ),
  }),
  "hari-libur": reader({ key: "closedDays", read: readClosedDays }),
  // As typed; the setting's schema reads the amount (empty: no minimum).
  "minimal-belanja": reader({ key: "minimumOrder", read: (fields) => saveCandidate(text(fields, "minimumOrder")) }),
  "batas-per-pelanggan": reader({
    key: "ordersPerCustomer",
    read: (fields) => saveCandidate(text(fields, "ordersPerCustomer")),
  }),
  langganan: reader({ key: "standingLeadHours", read: (fields) => saveCandidate(text(fields, "standingLeadHours")) }),
  "area-pengiriman": reader({ key: "deliveryAreas", read: readDeliveryAreas }),
  "metode-pembayaran": reader({ key: "paymentMethods", read: readPaymentMethods }),
  "batas-bayar": reader({
    key: "paymentDeadline",
    read: (fields) =>
      saveCandidate({
        active: checked(fields, "active"),
        beforeSlotMinutes: text(fields, "beforeSlotMinutes"),
        afterBillMinutes: text(fields, "afterBillMinutes"),
        reminderMinutes: text(fields, "reminderMinutes"),
      }),
  }),
};

export type SettingsSectionId = keyof typeof SETTINGS_FORM_READERS;
const SECTION_IDS = Object.keys(SETTINGS_FORM_READERS) as [SettingsSectionId, ...SettingsSectionId[]];

/**
 * A posted section: which one (its `intent`), the revision the page showed (a save over a newer
 * change is refused), and its own fields, which its reader turns into the value to save.
 */
export const settingsFormSchema = z.looseObject({
  intent: z.enum(SECTION_IDS, { error: "Bagian pengaturan tidak dikenal. Muat ulang halaman." }),
  revision: z.preprocess(
    (v) => (typeof v === "string" && /^\d{1,9}$/.test(v) ? Number(v) : undefined),
    z.number().optional(),
  ),
});

/** The section's reading of its posted fields, against the value stored now. */
export function readSettingsSection(
  input: z.infer<typeof settingsFormSchema>,
  current: Record<SettingKey, unknown>,
  context: { today: string },
): { key: SettingKey; read: ReadSection } {
  const { key, read } = SETTINGS_FORM_READERS[input.intent] as SectionReader<SettingKey>;
  return { key, read: read(input, current[key] as never, context) };
}
