import { describe, expect, it } from "vitest";
import { isValidSignature, signatureOf } from "./webhook.server";

describe("the webhook signature", () => {
  const secret = "rahasia-aplikasi";
  const body = Buffer.from('{"object":"whatsapp_business_account","entry":[{"changes":[]}],"nama":"Siti 🥬"}');

  it("accepts the HMAC-SHA256 of the raw bytes with the app secret", () => {
    expect(isValidSignature(body, signatureOf(body, secret), secret)).toBe(true);
  });

  it("refuses a missing, malformed or wrong signature, another secret, or changed bytes", () => {
    expect(isValidSignature(body, null, secret)).toBe(false);
    expect(isValidSignature(body, "", secret)).toBe(false);
    expect(isValidSignature(body, "sha256=abc", secret)).toBe(false);
    expect(isValidSignature(body, signatureOf(body, "lain"), secret)).toBe(false);
    expect(isValidSignature(body, signatureOf(body, secret).replace("sha256=", "sha1="), secret)).toBe(false);
    // Re-serialised JSON is not the raw body: whitespace changes the signature.
    const reformatted = Buffer.from(JSON.stringify(JSON.parse(body.toString()), null, 1));
    expect(isValidSignature(reformatted, signatureOf(body, secret), secret)).toBe(false);
    // Without an app secret nothing is accepted.
    expect(isValidSignature(body, signatureOf(body, ""), "")).toBe(false);
  });
});
