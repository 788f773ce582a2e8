import { describe, expect, it } from "vitest";
import { daysInRange, formatShortRupiah, niceCeiling, parseReportRange, productAmount } from "./reports";

const TODAY = "2026-11-25";
const parse = (query: string) => parseReportRange(new URLSearchParams(query), TODAY);

describe("the report's date range", () => {
  it("defaults to the last 30 days, today included", () => {
    expect(parse("")).toEqual({ ok: true, range: { from: "2026-10-27", to: TODAY } });
    expect(daysInRange({ from: "2026-10-27", to: TODAY })).toBe(30);
  });

  it("crosses a year end and a leap day", () => {
    expect(parse("from=2023-12-31&to=2024-03-01")).toEqual({
      ok: true,
      range: { from: "2023-12-31", to: "2024-03-01" },
    });
    expect(daysInRange({ from: "2024-02-28", to: "2024-03-01" })).toBe(3);
  });

  it("allows 366 days and refuses 367", () => {
    expect(parse("from=2025-11-25&to=2026-11-25").ok).toBe(true);
    const refused = parse("from=2025-11-24&to=2026-11-25");
    expect(refused).toMatchObject({ ok: false, field: "to", range: { from: "2026-10-27", to: TODAY } });
  });

  it("refuses dates that do not exist, the future and a reversed range", () => {
    expect(parse("from=2026-02-29")).toMatchObject({ ok: false, field: "from" });
    expect(parse("to=25-11-2026")).toMatchObject({ ok: false, field: "to" });
    expect(parse("to=2026-11-26")).toMatchObject({ ok: false, field: "to" });
    expect(parse("from=2026-11-02&to=2026-11-01")).toMatchObject({ ok: false, field: "from" });
    expect(parse("from=1999-12-31&to=2000-01-05")).toMatchObject({ ok: false, field: "from" });
  });
});

describe("chart and amount words", () => {
  it("rounds an axis up to a readable number", () => {
    expect([0, 1, 7, 12, 180_000, 260_000, 1_000_001].map(niceCeiling)).toEqual([
      1, 1, 10, 20, 200_000, 500_000, 2_000_000,
    ]);
  });

  it("shortens rupiah the Indonesian way", () => {
    expect(formatShortRupiah(45_000)).toBe("45 rb");
    expect(formatShortRupiah(1_250_000)).toBe("1,3 jt");
    expect(formatShortRupiah(2_000_000_000)).toBe("2 M");
  });

  it("writes weighed amounts in kilograms and the rest in their unit", () => {
    expect(productAmount({ quantity: 23_250, soldByWeight: true, unit: "per kg" })).toBe("23,25 kg");
    expect(productAmount({ quantity: 1200, soldByWeight: false, unit: "per ikat" })).toBe("1.200 per ikat");
  });
});
