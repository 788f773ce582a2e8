import { describe, expect, it } from "vitest";
import { formatIndonesianPhone, normalizeIndonesianPhone, whatsappNumber } from "./phone";

describe("normalizeIndonesianPhone", () => {
  it("turns 08..., +62... and 62... into 62...", () => {
    expect(normalizeIndonesianPhone("081234567890")).toBe("6281234567890");
    expect(normalizeIndonesianPhone("+62 812-3456-7890")).toBe("6281234567890");
    expect(normalizeIndonesianPhone("62 812 3456 7890")).toBe("6281234567890");
    expect(normalizeIndonesianPhone("(0331) 123456")).toBe("62331123456");
  });
  it("refuses what is not an Indonesian number", () => {
    expect(normalizeIndonesianPhone("")).toBeNull();
    expect(normalizeIndonesianPhone("12345")).toBeNull();
    expect(normalizeIndonesianPhone("+1 555 123 4567")).toBeNull();
    expect(normalizeIndonesianPhone("0812abc")).toBeNull();
    expect(normalizeIndonesianPhone("0800")).toBeNull();
    expect(normalizeIndonesianPhone("620812345678")).toBeNull();
  });
  it("makes wa.me numbers", () => {
    expect(whatsappNumber("0812-3456-7890")).toBe("6281234567890");
  });
});

describe("formatIndonesianPhone", () => {
  it("shows stored numbers the local way", () => {
    expect(formatIndonesianPhone("6281234567890")).toBe("0812-3456-7890");
    expect(formatIndonesianPhone("62331123456")).toBe("0331123456");
    expect(formatIndonesianPhone("+1 555")).toBe("+1 555");
  });
});
