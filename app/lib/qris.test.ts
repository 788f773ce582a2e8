import { describe, expect, it } from "vitest";
import { buildQris, parseQris, qrisCrc, qrisWithAmount } from "./qris";

// A real merchant's static QRIS as its acquirer printed it (CRC 7127 as issued).
const ISSUED =
  "00020101021126670016COM.NOBUBANK.WWW01189360050300000879140214703239147837910303UMI51440014ID.CO.QRIS.WWW0215ID20232709941630303UMI5204481253033605802ID5923GRANOOL STORE OK12295776006KEDIRI61056421262070703A0163047127";

// A shop's static code made up for the tests, with a tip prompt (tag 55) and no tag 01.
const body =
  "000201" +
  "26570011ID.DANA.WWW011893600915380003720102091234567890303UMI" +
  "51440014ID.CO.QRIS.WWW0215ID10243377665540303UMI" +
  "5204541153033605502015802ID5912Sayur Jember6006JEMBER6105681216304";
const TIPPED = body + qrisCrc(body);

function fieldsOf(payload: string) {
  const parsed = parseQris(payload);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.fields;
}

function tag(payload: string, wanted: string): string | undefined {
  const parsed = parseQris(payload);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.fields.find((f) => f.tag === wanted)?.value;
}

describe("qrisCrc", () => {
  it("gives the CRC-16/CCITT-FALSE check value and the CRC an acquirer printed", () => {
    expect(qrisCrc("123456789")).toBe("29B1");
    expect(qrisCrc(ISSUED.slice(0, -4))).toBe("7127");
  });
});

describe("parseQris and buildQris", () => {
  it("reads an issued code and builds the same payload back", () => {
    const parsed = parseQris(ISSUED);
    expect(parsed.ok && parsed.merchantName).toBe("GRANOOL STORE OK1229577");
    expect(parsed.ok && buildQris(parsed.fields)).toBe(ISSUED);
    const tipped = parseQris(TIPPED);
    expect(tipped.ok && buildQris(tipped.fields)).toBe(TIPPED);
  });

  it("refuses a damaged code with a message for the owner", () => {
    const flipped = ISSUED.replace("GRANOOL", "GRANOOK");
    expect(parseQris(flipped)).toEqual({ ok: false, message: expect.stringContaining("CRC") });
    expect(parseQris(ISSUED.slice(0, 90))).toEqual({ ok: false, message: expect.stringContaining("rusak") });
    expect(parseQris("https://contoh.id/bayar")).toEqual({ ok: false, message: expect.stringContaining("rusak") });
    expect(parseQris("")).toEqual({ ok: false, message: "Teks QRIS kosong." });
  });
});

describe("qrisWithAmount", () => {
  it("asks for the exact rupiah: dynamic, tag 54 before the country, CRC recomputed", () => {
    const payload = qrisWithAmount(fieldsOf(ISSUED), 100123);
    expect(payload).toContain("010212");
    expect(payload).toContain("5303360" + "5406100123" + "5802ID");
    expect(qrisCrc(payload.slice(0, -4))).toBe(payload.slice(-4));
    expect(tag(payload, "54")).toBe("100123");
    expect(tag(payload, "59")).toBe("GRANOOL STORE OK1229577");
  });

  it("replaces an amount the code already carries and drops a tip prompt", () => {
    const once = qrisWithAmount(fieldsOf(TIPPED), 25000);
    expect(tag(once, "55")).toBeUndefined();
    expect(tag(once, "01")).toBe("12");
    const parsedOnce = parseQris(once);
    expect(parsedOnce.ok && parsedOnce.amount).toBe(25000);
    const twice = qrisWithAmount(fieldsOf(once), 18500);
    expect(tag(twice, "54")).toBe("18500");
    expect(twice.match(/5405/g)).toHaveLength(1);
  });

  it("refuses an amount that is not whole rupiah", () => {
    const fields = fieldsOf(ISSUED);
    expect(() => qrisWithAmount(fields, 0)).toThrow();
    expect(() => qrisWithAmount(fields, 1500.5)).toThrow();
  });
});
