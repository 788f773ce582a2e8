import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalCookieHeader, hasSessionCookieHeader, parseCookieHeader } from "./cookies.server";

const SPELLINGS = [
  "sayur.session_token=abc.def",
  "sayur.session_token =abc.def",
  "sayur.session_token= abc.def",
  " sayur.session_token=abc.def",
  "sayur.session_token\t=abc.def",
  "theme=dark;sayur.session_token=abc.def",
  "theme=dark ;  sayur.session_token =abc.def",
  "__Secure-sayur.session_token =abc.def",
];

describe("cookies read one way", () => {
  it.each(SPELLINGS)("sees the session in %j and writes it canonically", (header) => {
    expect(hasSessionCookieHeader(header)).toBe(true);
    const canonical = canonicalCookieHeader(header)!;
    expect(canonical).toMatch(/(^|; )(__Secure-)?sayur\.session_token=abc\.def(;|$)/);
    // Reading the canonical header again gives the same cookies.
    expect(parseCookieHeader(canonical)).toEqual(parseCookieHeader(header));
  });

  it("keeps values as they were sent (no decoding)", () => {
    expect(canonicalCookieHeader("sayur.session_token = a%2Bb%3D ; x=1")).toBe("sayur.session_token=a%2Bb%3D; x=1");
  });

  it("sees no session in look-alikes", () => {
    for (const header of ["xsayur.session_token=abc", "sayur.session_tokens=abc", "sayur.session_token=", "theme=dark"])
      expect(hasSessionCookieHeader(header), header).toBe(false);
  });
});

describe("the nginx example in docs/DEPLOYMENT.md", () => {
  const doc = readFileSync(path.resolve(import.meta.dirname, "../../docs/DEPLOYMENT.md"), "utf8");
  const mapBlock = doc.match(/map \$http_cookie \$sayur_session \{([\s\S]*?)\}/)?.[1] ?? "";
  const pattern = mapBlock.match(/"~([^"]+)"\s+1;/)?.[1];

  it("bypasses its cache for every cookie spelling the app takes as a session", () => {
    expect(pattern).toBeTruthy();
    const nginxSeesSession = (header: string) => new RegExp(pattern!).test(header);
    for (const header of SPELLINGS) expect(nginxSeesSession(header), header).toBe(true);
    const piece = fc.constantFrom(" ", "\t", ";", "=", "a", "theme", "sayur.session_token", "__Secure-", "x.y");
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 10 }), (pieces) => {
        const header = pieces.join("");
        if (hasSessionCookieHeader(header)) expect(nginxSeesSession(header), JSON.stringify(header)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });
});
