import { describe, expect, it } from "vitest";
import { adminReturnPath } from "./admin-flash.server";

describe("adminReturnPath", () => {
  it("keeps an admin page with its query", () => {
    expect(adminReturnPath("/admin/inbox?tab=pesan", "/admin/dashboard")).toBe("/admin/inbox?tab=pesan");
  });

  it.each([
    "//evil.example",
    "/admin/..//evil.example",
    "/admin/%2e%2e//evil.example",
    "/admin/../..//evil.example",
    "/admin/../products",
    "/admin\\evil",
    "/admin/\t/x",
    "https://evil.example/admin",
  ])("falls back for %j", (value) => {
    expect(adminReturnPath(value, "/admin/dashboard")).toBe("/admin/dashboard");
  });
});
