// Reading a bank statement ('mutasi rekening') export into lines: the KlikBCA individual CSV as
// the bank writes it, and any other bank's CSV through the column mapping the owner picked
// once. Pure: no database; the import (statement-import.server.ts) stores and matches the lines.
import { createHash } from "node:crypto";
import { parse } from "csv-parse/sync";
import type { BankCsvMapping } from "~/lib/bank-csv-mapping";

export type StatementLine = {
  /** yyyy-mm-dd */
  bookedOn: string;
  description: string;
  /** Whole rupiah: positive for a credit, negative for a debit. */
  amount: number;
  /** The amount carried sen (interest, a fee): it never matches a bill by itself. */
  hasSen: boolean;
  /** Unique per line of the bank's account: an overlapping import finds it again. */
  fingerprint: string;
};

export type ParsedStatement = {
  /** The bank as the change log names it ('BCA'). */
  bank: string;
  period: { from: string; to: string } | null;
  lines: StatementLine[];
  /** 'PEND' lines: not booked yet; they come back booked in a later export. */
  pending: number;
};

export type StatementParse = { ok: true; statement: ParsedStatement } | { ok: false; message: string };

const NOT_CSV = "Berkas tidak dapat dibaca sebagai CSV. Unggah berkas CSV mutasi dari internet banking.";

function rows(text: string, delimiter?: string): string[][] | null {
  try {
    return parse(text.replace(/^\uFEFF/, ""), {
      delimiter: delimiter ?? [",", ";", "\t"],
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
    }) as string[][];
  } catch {
    return null;
  }
}

/** A bank's amount ("1,500,000.00", "1.500.000,00", "Rp 25.000", "-12000") in sen, or null. */
export function parseAmountSen(raw: string, decimal: "." | ","): number | null {
  let text = raw.replace(/^'/, "").replace(/rp\.?/i, "").replace(/\s/g, "");
  let negative = false;
  if (/^\(.*\)$/.test(text)) {
    negative = true;
    text = text.slice(1, -1);
  }
  if (text.startsWith("-")) {
    negative = true;
    text = text.slice(1);
  } else if (text.startsWith("+")) text = text.slice(1);
  if (text === "") return null;
  const thousands = decimal === "." ? "," : ".";
  text = text.split(thousands).join("");
  if (decimal === ",") text = text.replace(",", ".");
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const sen = Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
  return negative ? -sen : sen;
}

function iso(y: number, m: number, d: number): string | null {
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

/**
 * A KlikBCA date ('05/11, the year left out) in the statement's period: the period's first
 * year, or its last one for a period across New Year whose first year would put it before the period.
 */
export function dateInPeriod(dayMonth: string, period: { from: string; to: string }): string | null {
  const match = /^'?(\d{1,2})\/(\d{1,2})$/.exec(dayMonth.trim());
  if (!match) return null;
  const [d, m] = [Number(match[1]), Number(match[2])];
  const first = iso(Number(period.from.slice(0, 4)), m, d);
  if (first && first >= period.from) return first;
  return iso(Number(period.to.slice(0, 4)), m, d);
}

function fingerprintOf(parts: (string | number)[]): string {
  return createHash("sha256").update(parts.join("\u001f")).digest("hex");
}

function lineOf(bank: string, bookedOn: string, description: string, sen: number, identity: string): StatementLine {
  const cleanDescription = description.replace(/\s+/g, " ").trim();
  return {
    bookedOn,
    description: cleanDescription,
    amount: Math.trunc(sen / 100),
    hasSen: sen % 100 !== 0,
    fingerprint: fingerprintOf([bank, bookedOn, cleanDescription, sen, identity]),
  };
}

/**
 * Lines with no running balance to tell two equal transfers of one day apart are told apart by
 * their place among the equal lines of that day, which an overlapping export repeats.
 */
function numberEqualLines(bank: string, lines: { bookedOn: string; description: string; sen: number }[]) {
  const seen = new Map<string, number>();
  return lines.map((l) => {
    const key = `${l.bookedOn}|${l.description.replace(/\s+/g, " ").trim()}|${l.sen}`;
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return lineOf(bank, l.bookedOn, l.description, l.sen, `#${n}`);
  });
}

// ---------------------------------------------------------------- KlikBCA

const FOOTER = /^(saldo awal|mutasi kredit|mutasi debet|mutasi debit|saldo akhir)/i;

/** The KlikBCA individual statement CSV: preamble, 'Tanggal Transaksi' header, lines, footer totals. */
export function parseKlikBcaCsv(text: string): StatementParse {
  const table = rows(text);
  if (!table) return { ok: false, message: NOT_CSV };
  let period: { from: string; to: string } | null = null;
  let header = -1;
  for (let i = 0; i < table.length && header < 0; i++) {
    const joined = table[i].join(" ");
    const p = /Periode\s*:\s*(\d{2})\/(\d{2})\/(\d{4})\s*-\s*(\d{2})\/(\d{2})\/(\d{4})/i.exec(joined);
    if (p) {
      const from = iso(Number(p[3]), Number(p[2]), Number(p[1]));
      const to = iso(Number(p[6]), Number(p[5]), Number(p[4]));
      if (from && to && from <= to) period = { from, to };
    }
    if (/^tanggal/i.test(table[i][0] ?? "")) header = i;
  }
  if (!period)
    return {
      ok: false,
      message:
        "Ini bukan mutasi KlikBCA: baris 'Periode : DD/MM/YYYY - DD/MM/YYYY' tidak ditemukan. Untuk bank lain, pilih 'Bank lain (pemetaan kolom)'.",
    };
  if (header < 0)
    return { ok: false, message: "Baris judul kolom 'Tanggal Transaksi' tidak ditemukan di mutasi KlikBCA." };
  const lines: StatementLine[] = [];
  let pending = 0;
  for (let i = header + 1; i < table.length; i++) {
    const row = table[i];
    const first = (row[0] ?? "").replace(/^'/, "").trim();
    if (first === "" || FOOTER.test(first)) continue;
    if (/^pend$/i.test(first)) {
      pending++;
      continue;
    }
    const bookedOn = dateInPeriod(first, period);
    const sen = parseAmountSen(row[3] ?? "", ".");
    const direction = (row[4] ?? "").trim().toUpperCase();
    if (!bookedOn || sen === null || (direction !== "CR" && direction !== "DB"))
      return { ok: false, message: `Baris ${i + 1} mutasi KlikBCA tidak terbaca: ${row.join(", ").slice(0, 80)}` };
    const signed = direction === "CR" ? Math.abs(sen) : -Math.abs(sen);
    // The running balance after the line tells two equal transfers of a day apart; a line the
    // export repeats (same balance) is the same line.
    lines.push(lineOf("BCA", bookedOn, row[1] ?? "", signed, `saldo:${(row[5] ?? "").replace(/[^\d.]/g, "")}`));
  }
  return { ok: true, statement: { bank: "BCA", period, lines, pending } };
}

// ---------------------------------------------------------------- any other bank

function dateByFormat(raw: string, format: BankCsvMapping["dateFormat"]): string | null {
  const text = raw.replace(/^'/, "").trim().split(/[ T]/)[0];
  const parts = text.split(/[/.-]/).map(Number);
  if (parts.length !== 3 || parts.some((n) => !Number.isInteger(n))) return null;
  const [a, b, c] = parts;
  switch (format) {
    case "DD/MM/YYYY":
      return iso(c, b, a);
    case "MM/DD/YYYY":
      return iso(c, a, b);
    case "YYYY-MM-DD":
      return iso(a, b, c);
  }
}

/** The header cells of a CSV (its first row that has the most cells filled), for the mapping form. */
export function csvHeaders(text: string): string[] {
  const table = rows(text) ?? [];
  const best = table.slice(0, 30).reduce<string[]>((top, row) => {
    const filled = row.filter((c) => c !== "").length;
    return filled > top.filter((c) => c !== "").length ? row : top;
  }, []);
  return best.filter((c) => c !== "").slice(0, 40);
}

/** Another bank's CSV through the owner's mapping: the row naming the date column is the header. */
export function parseMappedCsv(text: string, mapping: BankCsvMapping): StatementParse {
  const table = rows(text);
  if (!table) return { ok: false, message: NOT_CSV };
  const norm = (s: string) => s.trim().toLowerCase();
  const header = table.findIndex((row) => row.some((c) => norm(c) === norm(mapping.dateColumn)));
  if (header < 0)
    return {
      ok: false,
      message: `Kolom tanggal '${mapping.dateColumn}' tidak ada di berkas ini. Periksa pemetaan kolom untuk ${mapping.bankName}.`,
    };
  const names = table[header].map(norm);
  const col = (name: string) => names.indexOf(norm(name));
  const wanted: [string, string | null][] = [
    ["tanggal", mapping.dateColumn],
    ["keterangan", mapping.descriptionColumn],
    ["kredit", mapping.amountMode === "credit-debit" ? mapping.creditColumn : null],
    ["debit", mapping.amountMode === "credit-debit" ? mapping.debitColumn : null],
    ["jumlah", mapping.amountMode === "signed" ? mapping.amountColumn : null],
  ];
  for (const [label, name] of wanted)
    if (name && col(name) < 0)
      return { ok: false, message: `Kolom ${label} '${name}' tidak ada di berkas ini. Periksa pemetaan kolom.` };
  const found: { bookedOn: string; description: string; sen: number }[] = [];
  let pending = 0;
  for (let i = header + 1; i < table.length; i++) {
    const row = table[i];
    const rawDate = row[col(mapping.dateColumn)] ?? "";
    if (rawDate.trim() === "") continue;
    if (/^pend/i.test(rawDate.replace(/^'/, "").trim())) {
      pending++;
      continue;
    }
    const bookedOn = dateByFormat(rawDate, mapping.dateFormat);
    // A footer (totals, closing balance) has no date in the date column.
    if (!bookedOn) continue;
    let sen: number | null;
    if (mapping.amountMode === "signed")
      sen = parseAmountSen(row[col(mapping.amountColumn ?? "")] ?? "", mapping.decimal);
    else {
      const credit = parseAmountSen(row[col(mapping.creditColumn ?? "")] ?? "", mapping.decimal) ?? 0;
      const debit = parseAmountSen(row[col(mapping.debitColumn ?? "")] ?? "", mapping.decimal) ?? 0;
      sen = Math.abs(credit) - Math.abs(debit);
    }
    if (sen === null || sen === 0) continue;
    found.push({ bookedOn, description: row[col(mapping.descriptionColumn)] ?? "", sen });
  }
  return {
    ok: true,
    statement: { bank: mapping.bankName, period: null, lines: numberEqualLines(mapping.bankName, found), pending },
  };
}
