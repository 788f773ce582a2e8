import { describe, expect, it } from "vitest";
import { redact } from "./logger.server";

describe("log redaction", () => {
  it("masks fields that look like credentials, at any depth", () => {
    const out = redact({
      email: "a@b.id",
      password: "rahasia123",
      nested: { sessionToken: "abc", cookie: "sayur.session_token=x" },
      headers: { authorization: "Bearer y" },
    });
    expect(out).toEqual({
      email: "a@b.id",
      password: "[redacted]",
      nested: { sessionToken: "[redacted]", cookie: "[redacted]" },
      headers: { authorization: "[redacted]" },
    });
  });
  it("removes tokens from links so a reset link in a log cannot be used", () => {
    expect(redact("http://localhost:3000/reset-password?token=eyJabc.def&x=1")).toBe(
      "http://localhost:3000/reset-password?token=[redacted]&x=1",
    );
    expect(redact({ link: "https://toko.id/verify-email?token=123" })).toEqual({
      link: "https://toko.id/verify-email?token=[redacted]",
    });
  });
  it("keeps errors readable without leaking secrets in their message", () => {
    const out = redact(new Error("failed for /reset-password?token=zzz")) as { message: string };
    expect(out.message).toBe("failed for /reset-password?token=[redacted]");
  });
});
