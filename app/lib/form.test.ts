import { describe, expect, it } from "vitest";
import { z } from "zod";
import { echoValues, fieldErrorsFromZod, formFailure, isUuid } from "./form";

describe("fieldErrorsFromZod", () => {
  const schema = z.object({
    name: z.string().min(1, "Nama wajib diisi.").max(3, "Nama terlalu panjang."),
    phone: z.string().min(5, "Nomor telepon tidak valid."),
  });

  it("gives each field its first message, and nothing for a good field", () => {
    const parsed = schema.safeParse({ name: "", phone: "1" });
    expect(fieldErrorsFromZod(parsed.error)).toEqual({
      name: "Nama wajib diisi.",
      phone: "Nomor telepon tidak valid.",
    });
    expect(fieldErrorsFromZod(schema.safeParse({ name: "Ani", phone: "0812" }).error)).toEqual({
      phone: "Nomor telepon tidak valid.",
    });
  });

  it("puts a whole-form problem under `form` and leaves out fields it was not asked for", () => {
    const refined = schema.refine(() => false, "Data tidak cocok.");
    expect(fieldErrorsFromZod(refined.safeParse({ name: "Ani", phone: "08123" }).error)).toEqual({
      form: "Data tidak cocok.",
    });
    expect(fieldErrorsFromZod(schema.safeParse({ name: "", phone: "" }).error, ["phone"])).toEqual({
      phone: "Nomor telepon tidak valid.",
    });
  });

  it("names a nested field by its whole path when asked, for forms of nested values", () => {
    const slots = z.object({
      pagi: z.object({ cutoffTime: z.string().regex(/^\d{2}:\d{2}$/, "Jam tidak valid.") }),
      accounts: z.array(z.object({ number: z.string().min(5, "Nomor rekening terlalu pendek.") })),
    });
    const error = slots.safeParse({
      pagi: { cutoffTime: "jam 9" },
      accounts: [{ number: "12345" }, { number: "1" }],
    }).error;
    expect(fieldErrorsFromZod(error, { nested: true })).toEqual({
      "pagi.cutoffTime": "Jam tidak valid.",
      "accounts.1.number": "Nomor rekening terlalu pendek.",
    });
    expect(fieldErrorsFromZod(error)).toEqual({ pagi: "Jam tidak valid.", accounts: "Nomor rekening terlalu pendek." });
    // A value that is one field (a number setting) keeps its message under the key it is given.
    expect(fieldErrorsFromZod(z.number().min(0, "Tidak boleh minus.").safeParse(-1).error, { whole: "" })).toEqual({
      "": "Tidak boleh minus.",
    });
  });
});

describe("the form contract", () => {
  it("a failure always carries a title, field errors and the echoed values", () => {
    expect(formFailure(409, "Stok habis.")).toEqual({
      ok: false,
      status: 409,
      title: "Gagal Menyimpan",
      message: "Stok habis.",
      fieldErrors: {},
      values: {},
    });
  });

  it("echoes only the text fields it was told about, never a file or megabytes", () => {
    const values = echoValues({ name: "Ani", photo: new Blob(["x"]), long: "a".repeat(10_000) }, [
      "name",
      "photo",
      "long",
    ]);
    expect(values.name).toBe("Ani");
    expect(values.photo).toBeUndefined();
    expect(values.long).toHaveLength(5000);
  });

  it("knows a database id from anything else", () => {
    expect(isUuid("3f2b8c1e-1d2a-4c3b-9e8f-0a1b2c3d4e5f")).toBe(true);
    expect(isUuid("3F2B8C1E-1D2A-4C3B-9E8F-0A1B2C3D4E5F")).toBe(true);
    expect(isUuid("not-an-id")).toBe(false);
    expect(isUuid("3f2b8c1e-1d2a-4c3b-9e8f-0a1b2c3d4e5f'--")).toBe(false);
    expect(isUuid(42)).toBe(false);
  });
});
