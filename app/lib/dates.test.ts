import { describe, expect, it } from "vitest";
import { addDays, formatDate, isValidDateString, shopDate, startOfShopDay, tomorrowInShop } from "./dates";

describe("tomorrowInShop", () => {
  it("is the next calendar day in Asia/Jakarta", () => {
    expect(tomorrowInShop(new Date("2026-11-21T10:00:00+07:00"))).toBe("2026-11-22");
  });
  it("crosses midnight in Jakarta, not in UTC", () => {
    // 16:59 UTC is 23:59 in Jakarta: still the 21st there.
    expect(tomorrowInShop(new Date("2026-11-21T16:59:00Z"))).toBe("2026-11-22");
    // 17:00 UTC is 00:00 on the 22nd in Jakarta.
    expect(tomorrowInShop(new Date("2026-11-21T17:00:00Z"))).toBe("2026-11-23");
  });
  it("rolls over months and years", () => {
    expect(tomorrowInShop(new Date("2026-12-31T12:00:00+07:00"))).toBe("2027-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
  });
});

describe("shop dates", () => {
  it("reads the date in Jakarta", () => {
    expect(shopDate(new Date("2026-11-21T18:30:00Z"))).toBe("2026-11-22");
  });
  it("knows when a Jakarta day starts", () => {
    expect(startOfShopDay("2026-11-22").toISOString()).toBe("2026-11-21T17:00:00.000Z");
  });
  it("validates yyyy-mm-dd strings", () => {
    expect(isValidDateString("2026-11-22")).toBe(true);
    expect(isValidDateString("2026-02-30")).toBe(false);
    expect(isValidDateString("22-11-2026")).toBe(false);
    expect(isValidDateString("'; drop table orders; --")).toBe(false);
  });
  it("refuses dates outside the shop's range, year 0000 above all", () => {
    expect(isValidDateString("0000-01-01")).toBe(false);
    expect(isValidDateString("1999-12-31")).toBe(false);
    expect(isValidDateString("2000-01-01")).toBe(true);
    expect(isValidDateString("2100-12-31")).toBe(true);
    expect(isValidDateString("2101-01-01")).toBe(false);
    expect(isValidDateString("9999-12-31")).toBe(false);
  });
  it("formats in Indonesian", () => {
    expect(formatDate("2026-11-22")).toBe("22 November 2026");
  });
});
