import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { optionalWholeNumberField, parseWholeNumber, readWholeNumber, wholeNumberField } from "./number-input";

describe("parseWholeNumber", () => {
  const accepted: [string, "rupiah" | "count", number][] = [
    ["11.000", "rupiah", 11000],
    ["11000", "rupiah", 11000],
    ["11000.00", "rupiah", 11000],
    ["Rp 11.000", "rupiah", 11000],
    ["Rp. 11.000", "rupiah", 11000],
    ["rp11000", "rupiah", 11000],
    ["11.000,00", "rupiah", 11000],
    ["11000,0", "rupiah", 11000],
    ["  15.000  ", "rupiah", 15000],
    ["15000.00", "rupiah", 15000],
    ["1.250.000", "rupiah", 1250000],
    ["1.250.000,00", "rupiah", 1250000],
    ["0", "rupiah", 0],
    ["2", "count", 2],
    ["2.0", "count", 2],
    ["1.500", "count", 1500],
    ["25", "count", 25],
    ["38rb", "rupiah", 38000],
    ["38 rb", "rupiah", 38000],
    ["38RB", "rupiah", 38000],
    ["38 ribu", "rupiah", 38000],
    ["38k", "rupiah", 38000],
    ["7,5rb", "rupiah", 7500],
    ["7.5rb", "rupiah", 7500],
    ["Rp 12,25rb", "rupiah", 12250],
    ["1,2jt", "rupiah", 1200000],
  ];
  it.each(accepted)("reads %j (%s) as %d", (text, kind, value) => {
    expect(parseWholeNumber(text, kind)).toEqual({ ok: true, value });
  });

  const refused: [string, "rupiah" | "count", string][] = [
    ["38rb", "count", "format"],
    ["7,2525rb", "rupiah", "fraction"],
    ["rb", "rupiah", "format"],
    ["11000.50", "rupiah", "fraction"],
    ["11.000,50", "rupiah", "fraction"],
    ["11000,5", "rupiah", "fraction"],
    ["2.5", "count", "fraction"],
    ["2,5", "count", "fraction"],
    ["1.5", "rupiah", "fraction"],
    ["11,000", "rupiah", "ambiguous"],
    ["1.0000", "rupiah", "format"],
    ["1100,000", "rupiah", "ambiguous"],
    ["11.00.00", "rupiah", "format"],
    ["1.2.3", "count", "format"],
    ["1,000,000", "rupiah", "format"],
    ["11,000.00", "rupiah", "format"],
    ["-5000", "rupiah", "format"],
    ["1e5", "count", "format"],
    ["Rp 2", "count", "format"],
    ["empat puluh ribu", "rupiah", "format"],
    ["12 000", "rupiah", "format"],
    ["", "rupiah", "empty"],
    ["Rp", "rupiah", "empty"],
    ["9999999999999999", "count", "format"],
  ];
  it.each(refused)("refuses %j (%s): %s", (text, kind, reason) => {
    expect(parseWholeNumber(text, kind)).toEqual({ ok: false, reason });
  });

  it("reads every whole number the way the shop prints it, with or without separators and zero sen", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_999 }), (n) => {
        const grouped = n.toLocaleString("id-ID");
        for (const text of [String(n), grouped, `Rp ${grouped}`, `${n}.00`, `${grouped},00`])
          expect(parseWholeNumber(text, "rupiah")).toEqual({ ok: true, value: n });
      }),
    );
  });

  it("never turns a non-zero decimal into a whole number", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999 }), fc.integer({ min: 1, max: 99 }), (n, sen) => {
        const cents = String(sen).padStart(2, "0");
        expect(parseWholeNumber(`${n}.${cents}`, "rupiah").ok).toBe(false);
        expect(parseWholeNumber(`${n.toLocaleString("id-ID")},${cents}`, "rupiah").ok).toBe(false);
      }),
    );
  });
});

describe("readWholeNumber and the zod fields", () => {
  it("bounds the value and names the field", () => {
    expect(readWholeNumber("2.5", { kind: "count", label: "Kuota", min: 1, max: 100 })).toEqual({
      ok: false,
      message: "Kuota harus bilangan bulat, tanpa pecahan.",
    });
    expect(readWholeNumber("150", { kind: "count", label: "Kuota", min: 1, max: 100 })).toEqual({
      ok: false,
      message: "Kuota harus antara 1 dan 100.",
    });
    expect(readWholeNumber("", { kind: "count", label: "Kuota", min: 1, max: 100, empty: null })).toEqual({
      ok: true,
      value: null,
    });
  });

  it("parses posted text and stored numbers alike", () => {
    const fee = wholeNumberField({ kind: "rupiah", label: "Ongkir", min: 0, max: 100_000_000 });
    expect(fee.parse("15000.00")).toBe(15000);
    expect(fee.parse(15000)).toBe(15000);
    expect(fee.safeParse(15000.5).success).toBe(false);
    const refused = fee.safeParse("11.000,50");
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => i.message)).toEqual(["Ongkir harus rupiah bulat tanpa sen, mis. 11.000."]);
    const quota = optionalWholeNumberField({ kind: "count", label: "Kuota", min: 1, max: 10_000 });
    expect(quota.parse("")).toBeNull();
    expect(quota.parse(null)).toBeNull();
    expect(quota.parse("25")).toBe(25);
    expect(quota.safeParse("2.5").success).toBe(false);
  });
});
