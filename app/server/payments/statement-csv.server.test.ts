// Reading statement exports: the KlikBCA CSV as the bank writes it (preamble, year-less dates
// across New Year, PEND lines, "1,500,000.00", CR/DB, footer totals) and another bank's CSV
// through the owner's column mapping.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { dateInPeriod, parseAmountSen, parseKlikBcaCsv, parseMappedCsv } from "./statement-csv.server";

const KLIKBCA = readFileSync("tests/fixtures/klikbca-mutasi-desember-januari.csv", "utf8");

describe("KlikBCA statement", () => {
  it("reads every booked line with its year from the period, skipping PEND and the footer", () => {
    const parsed = parseKlikBcaCsv(KLIKBCA);
    if (!parsed.ok) throw new Error(parsed.message);
    const { statement } = parsed;
    expect(statement.bank).toBe("BCA");
    expect(statement.period).toEqual({ from: "2026-12-20", to: "2027-01-05" });
    expect(statement.pending).toBe(1);
    expect(statement.lines.map((l) => [l.bookedOn, l.amount])).toEqual([
      ["2026-12-22", 1500000],
      ["2026-12-28", 105123],
      ["2026-12-30", -250000],
      ["2027-01-02", 41456],
      ["2027-01-02", 41456],
      ["2027-01-03", 60000],
      ["2027-01-04", 77777],
    ]);
    // The line the export repeats is the same line: one fingerprint.
    expect(statement.lines[3].fingerprint).toBe(statement.lines[4].fingerprint);
    expect(new Set(statement.lines.map((l) => l.fingerprint)).size).toBe(6);
  });

  it("refuses another bank's file with a message that points to the column mapping", () => {
    const parsed = parseKlikBcaCsv("Tanggal,Keterangan,Kredit\n2026-11-05,TRANSFER,100000\n");
    expect(parsed).toMatchObject({ ok: false, message: expect.stringContaining("Bank lain (pemetaan kolom)") });
  });

  it("puts a year-less date in the period's year, or the next one across New Year", () => {
    const period = { from: "2026-12-20", to: "2027-01-05" };
    expect(dateInPeriod("'31/12", period)).toBe("2026-12-31");
    expect(dateInPeriod("'01/01", period)).toBe("2027-01-01");
    expect(dateInPeriod("'05/11", { from: "2026-11-01", to: "2026-11-30" })).toBe("2026-11-05");
    expect(dateInPeriod("31/02", period)).toBeNull();
  });

  it("reads the amounts banks write", () => {
    expect(parseAmountSen("1,500,000.00", ".")).toBe(150000000);
    expect(parseAmountSen("1.500.000,50", ",")).toBe(150000050);
    expect(parseAmountSen("Rp 25.000", ",")).toBe(2500000);
    expect(parseAmountSen("-12000", ".")).toBe(-1200000);
    expect(parseAmountSen("dua ribu", ".")).toBeNull();
  });
});

describe("another bank's CSV through the mapping", () => {
  const mapping = {
    bankName: "Mandiri",
    dateColumn: "Tanggal",
    dateFormat: "DD/MM/YYYY" as const,
    descriptionColumn: "Keterangan",
    amountMode: "signed" as const,
    creditColumn: null,
    debitColumn: null,
    amountColumn: "Nominal",
    decimal: "," as const,
  };

  it("reads credits and debits by the owner's columns and numbers equal lines of a day", () => {
    const csv = [
      "Rekening;1234567890",
      "Tanggal;Keterangan;Nominal;Saldo",
      "05/11/2026;TRANSFER DARI SITI;100.123,00;1.100.123,00",
      "05/11/2026;BIAYA ADM;-2.500,00;1.097.623,00",
      "06/11/2026;TRANSFER DARI BUDI;50.000,00;1.147.623,00",
      "06/11/2026;TRANSFER DARI BUDI;50.000,00;1.197.623,00",
      "Saldo Akhir;;;1.197.623,00",
    ].join("\n");
    const parsed = parseMappedCsv(csv, mapping);
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.statement.lines.map((l) => [l.bookedOn, l.amount])).toEqual([
      ["2026-11-05", 100123],
      ["2026-11-05", -2500],
      ["2026-11-06", 50000],
      ["2026-11-06", 50000],
    ]);
    // Two equal transfers of one day stay two lines.
    expect(parsed.statement.lines[2].fingerprint).not.toBe(parsed.statement.lines[3].fingerprint);
  });

  it("names the column it cannot find", () => {
    const parsed = parseMappedCsv("Date,Description,Amount\n2026-11-05,X,1\n", mapping);
    expect(parsed).toMatchObject({ ok: false, message: expect.stringContaining("'Tanggal'") });
  });
});
