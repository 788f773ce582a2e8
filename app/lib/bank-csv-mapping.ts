// 'Pemetaan Kolom': how another bank's statement CSV is read, picked once by the owner on
// 'Pembayaran' and kept as a setting (the KlikBCA export needs none).
import { z } from "zod";

/** The largest statement file 'Unggah Mutasi' reads: a month of a busy shop's lines is far less. */
export const STATEMENT_MAX_BYTES = 1024 * 1024;

export const DATE_FORMATS = ["DD/MM/YYYY", "YYYY-MM-DD", "MM/DD/YYYY"] as const;

const column = (label: string) =>
  z
    .string({ error: `Isi nama kolom ${label}.` })
    .trim()
    .min(1, `Isi nama kolom ${label}.`)
    .max(60, `Nama kolom ${label} maksimal 60 karakter.`)
    // eslint-disable-next-line no-control-regex
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), `Nama kolom ${label} berisi karakter yang tidak diizinkan.`);

const optionalColumn = (label: string) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? null : v), column(label).nullable().default(null));

export const bankCsvMappingSchema = z
  .object({
    bankName: column("nama bank").pipe(z.string().max(30, "Nama bank maksimal 30 karakter.")),
    dateColumn: column("tanggal"),
    dateFormat: z.enum(DATE_FORMATS, { message: "Pilih format tanggal." }),
    descriptionColumn: column("keterangan"),
    amountMode: z.enum(["credit-debit", "signed"], { message: "Pilih cara jumlah ditulis." }),
    creditColumn: optionalColumn("kredit"),
    debitColumn: optionalColumn("debit"),
    amountColumn: optionalColumn("jumlah"),
    decimal: z.enum([".", ","], { message: "Pilih tanda desimal." }),
  })
  .refine((v) => v.amountMode !== "credit-debit" || v.creditColumn !== null, {
    message: "Isi nama kolom kredit.",
    path: ["creditColumn"],
  })
  .refine((v) => v.amountMode !== "signed" || v.amountColumn !== null, {
    message: "Isi nama kolom jumlah.",
    path: ["amountColumn"],
  });

export type BankCsvMapping = z.output<typeof bankCsvMappingSchema>;

/** Stored: the mapping, or "none" until the owner picks one (a setting's value is never empty). */
export const NO_MAPPING = "none";
export type StoredBankCsvMapping = BankCsvMapping | typeof NO_MAPPING;
export const storedBankCsvMappingSchema = z.union([z.literal(NO_MAPPING), bankCsvMappingSchema]);

/** The owner's mapping, or null while there is none. */
export function bankCsvMappingOf(stored: StoredBankCsvMapping): BankCsvMapping | null {
  return stored === NO_MAPPING ? null : stored;
}

export function summarizeBankCsvMapping(stored: StoredBankCsvMapping): string[] {
  const value = bankCsvMappingOf(stored);
  if (!value) return ["Belum ada pemetaan kolom"];
  const amount =
    value.amountMode === "signed"
      ? `jumlah '${value.amountColumn}'`
      : `kredit '${value.creditColumn}'${value.debitColumn ? `, debit '${value.debitColumn}'` : ""}`;
  return [
    `${value.bankName}: tanggal '${value.dateColumn}' (${value.dateFormat}), keterangan '${value.descriptionColumn}', ${amount}, desimal '${value.decimal}'`,
  ];
}
