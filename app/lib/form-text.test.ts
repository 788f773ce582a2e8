import { describe, expect, it } from "vitest";
import { hasNoControlCharacters, isSingleLineText, isTokenShaped } from "./form-text";

describe("one-line and multi-line text", () => {
  it("lets a multi-line field keep its line breaks and tabs, never NUL or escape", () => {
    expect(hasNoControlCharacters("Titip tetangga\r\nrumah pagar hijau\t(depan)")).toBe(true);
    expect(hasNoControlCharacters("a\u0000b")).toBe(false);
    expect(hasNoControlCharacters("a\u001bb")).toBe(false);
  });

  it("refuses every control character and line break in a one-line field", () => {
    expect(isSingleLineText("Kaliwates (termasuk Mangli) — Rp 5.000 ✓")).toBe(true);
    for (const bad of ["a\nb", "a\rb", "a\tb", "a\u0000b", "a\u007fb", "a\u2028b", "a\u2029b"])
      expect(isSingleLineText(bad), JSON.stringify(bad)).toBe(false);
  });
});

describe("isTokenShaped", () => {
  it("takes the URL-safe tokens the shop mails out and nothing else", () => {
    expect(isTokenShaped("Xk3uQ9aBcD0eFgH1iJkLmN2o")).toBe(true);
    expect(isTokenShaped("eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImFAYi5pZCJ9.sig-_")).toBe(true);
    for (const bad of ["", "a\u0000b", "a b", "a%00", "a\nb", "ä", null, undefined, 42])
      expect(isTokenShaped(bad), JSON.stringify(bad)).toBe(false);
    expect(isTokenShaped("a".repeat(200), 200)).toBe(true);
    expect(isTokenShaped("a".repeat(201), 200)).toBe(false);
  });
});
