import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalCookieHeader, parseCookieHeader } from "./cookies.server";

/** Whether the app reads a session cookie in this header. */
function hasSessionCookieHeader(header: string): boolean {
  const cookies = parseCookieHeader(header);
  return ["sayur.session_token", "__Secure-sayur.session_token"].some((name) => Boolean(cookies.get(name)));
}

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
  const nginx = doc.match(/```nginx\n([\s\S]*?)```/)?.[1] ?? "";

  it("is not fooled by how the session cookie is spelled", () => {
    expect(nginx).toContain("proxy_cache");
    const mapBlock = nginx.match(/map \$http_cookie \$\w+ \{([\s\S]*?)\}/)?.[1];
    if (!mapBlock) {
      // Pages are the same bytes for every visitor: nginx must then take no decision on cookies at all.
      expect(nginx).not.toMatch(/\$http_cookie|\$cookie_/);
      return;
    }
    // Otherwise its cookie pattern must see every session the app sees.
    const pattern = mapBlock.match(/"~([^"]+)"\s+1;/)?.[1];
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
