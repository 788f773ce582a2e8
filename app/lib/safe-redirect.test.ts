import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { accountHref, safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it.each([
    ["/", "/"],
    ["/checkout", "/checkout"],
    ["/orders/5f0c1d2e-aaaa-bbbb-cccc-123456789abc", "/orders/5f0c1d2e-aaaa-bbbb-cccc-123456789abc"],
    ["/products?q=sayur%20bayam&category=abc", "/products?q=sayur%20bayam&category=abc"],
    ["/products?q=sayur+bayam#hasil", "/products?q=sayur+bayam#hasil"],
    ["/profile?tab=pesanan", "/profile?tab=pesanan"],
  ])("keeps the path on this site: %s", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });

  it.each([
    "https://evil.example",
    "http://evil.example/checkout",
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "\\\\evil",
    "\\/evil.example",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "/%2F%2Fevil.example",
    "/%2f%2fevil.example",
    "/%5Cevil.example",
    "/%252F%252Fevil.example",
    "/%E0%A4%A",
    "/..//evil.example",
    "/../\\evil.example",
    "/./..//evil.example",
    "/a/../..//evil.example",
    "/a/..//evil.example",
    "/%2e%2e//evil.example",
    "/%2E%2E/%2Fevil.example",
    "/.%2e//evil.example",
    "/..//evil.example?x=1",
    "/..%2F%2Fevil.example",
    "/..\t//evil.example",
    " /checkout",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/%09/evil.example",
    "/\u0000/evil.example",
    "/\u00A0/evil.example",
    "/\u3000/evil.example",
    "checkout",
    "evil.example",
    "",
    "/" + "a".repeat(3000),
  ])("falls back to / for %j", (input) => {
    expect(safeRedirect(input)).toBe("/");
  });

  it("falls back for values that are not strings", () => {
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect(undefined)).toBe("/");
    expect(safeRedirect(["/checkout"])).toBe("/");
    expect(safeRedirect(42)).toBe("/");
  });

  it("uses the given fallback", () => {
    expect(safeRedirect("//evil.example", "/admin/dashboard")).toBe("/admin/dashboard");
  });

  it("never leaves the site, whatever the input", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 80 }), (input) => {
        const result = safeRedirect(input);
        expect(result.startsWith("/")).toBe(true);
        expect(result.startsWith("//")).toBe(false);
        expect(new URL(result, "https://sayur.example").origin).toBe("https://sayur.example");
      }),
      { numRuns: 2000 },
    );
  });

  it("never leaves the site for inputs built from the dangerous pieces", () => {
    const piece = fc.constantFrom(
      "/",
      "\\",
      "%2F",
      "%5C",
      "%252F",
      "\t",
      "\n",
      " ",
      "evil.example",
      ":",
      "javascript",
      "@",
      ".",
      "?",
      "#",
      "%",
      "..",
      "%2e",
      "%2E%2E",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        const result = safeRedirect(pieces.join(""));
        const url = new URL(result, "https://sayur.example");
        expect(url.origin).toBe("https://sayur.example");
        expect(decodeURIComponent(url.pathname).startsWith("//")).toBe(false);
        expect(result.startsWith("//")).toBe(false);
        // What we send is final: checking it again changes nothing.
        expect(safeRedirect(result)).toBe(result);
      }),
      { numRuns: 3000 },
    );
  });
});

describe("accountHref", () => {
  it("brings the shopper back to the page they were on after signing up or in", () => {
    expect(accountHref("/register", "/products/wortel?jumlah=2")).toBe(
      "/register?redirect=%2Fproducts%2Fwortel%3Fjumlah%3D2",
    );
    expect(accountHref("/login", "/cart")).toBe("/login?redirect=%2Fcart");
  });
  it("stays plain for the home page, the account pages and anything unsafe", () => {
    expect(accountHref("/register", "/")).toBe("/register");
    expect(accountHref("/register", "/login?redirect=%2Fcart")).toBe("/register");
    expect(accountHref("/login", "//evil.example")).toBe("/login");
  });
});
