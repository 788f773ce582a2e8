// The two public form handlers against a real database (PGlite in memory, or PostgreSQL
// when TEST_DATABASE_URL is set): what gets stored, what is refused, and that nothing
// refused ever reaches the tables the admin inbox reads.
import { randomBytes } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages, partnerApplications } from "~/db/schema";
import { CONTACT_LIMITS, PARTNER_LIMITS } from "~/lib/submissions";
import type { FormResult } from "~/lib/form";
import { parseFields } from "~/server/form-action.server";
import { clientKey } from "~/server/rate-limit.server";
import {
  contactInvalidMessage,
  contactMessageSchema,
  partnerApplicationSchema,
  partnerInvalidMessage,
  PARTNER_REQUIRED_MESSAGE,
  SUBMISSION_LIMIT,
  submitContactMessage,
  submitPartnerApplication,
} from "~/server/inbox/submissions.server";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: false });
});

afterAll(async () => {
  await testDb?.destroy();
});

/** A POST from its own client address, so rate limits of one test never touch another. */
function requestFromNewClient(path: string): Request {
  const ip = `10.${[0, 0, 0].map(() => randomBytes(1)[0]).join(".")}`;
  return new Request(`http://localhost${path}`, { method: "POST", headers: { "x-client-ip": ip } });
}

/** As the routes do it: parse with the module's schema, submit under the client's key, echo what was typed. */
async function sendPartner(db: TestDatabase["db"], request: Request, input: Record<string, unknown>) {
  const parsed = parseFields(partnerApplicationSchema, input, { invalid: { message: partnerInvalidMessage } });
  if (!parsed.ok) return parsed.failure as FormResult<object, keyof typeof PARTNER_LIMITS>;
  const result = await submitPartnerApplication(db, parsed.data, { clientKey: clientKey(request) });
  return result.ok ? result : { ...result, values: parsed.values };
}

async function sendContact(db: TestDatabase["db"], request: Request, input: Record<string, unknown>) {
  const parsed = parseFields(contactMessageSchema, input, { invalid: { message: contactInvalidMessage } });
  if (!parsed.ok) return parsed.failure as FormResult<object, keyof typeof CONTACT_LIMITS>;
  const result = await submitContactMessage(db, parsed.data, { clientKey: clientKey(request) });
  return result.ok ? result : { ...result, values: parsed.values };
}

function partnerInput(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: `Pak Slamet ${randomBytes(3).toString("hex")}`,
    phone: "0812-3456-7890",
    landAddress: "Desa Ajung, Kec. Ajung, Jember",
    farmSize: "0,5 ha",
    products: "Bayam\nKangkung",
    harvestTime: "Setiap minggu",
    otherInfo: "Tanpa pestisida kimia",
    website: "",
    ...overrides,
  };
}

function contactInput(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: "Bu Rina",
    email: "rina@contoh.id",
    subject: `Tanya pengiriman ${randomBytes(3).toString("hex")}`,
    message: "Apakah bisa diantar ke Patrang?",
    website: "",
    ...overrides,
  };
}

async function partnerRowsNamed(name: unknown) {
  return testDb.db
    .select()
    .from(partnerApplications)
    .where(eq(partnerApplications.name, String(name)));
}

async function contactRowsWithSubject(subject: unknown) {
  return testDb.db
    .select()
    .from(contactMessages)
    .where(eq(contactMessages.subject, String(subject)));
}

async function totalPartnerRows() {
  const [row] = await testDb.db.select({ n: count() }).from(partnerApplications);
  return row.n;
}

async function totalContactRows() {
  const [row] = await testDb.db.select({ n: count() }).from(contactMessages);
  return row.n;
}

describe("submitPartnerApplication", () => {
  it("stores a complete application with the phone as 62... and status new", async () => {
    const input = partnerInput({ name: "  Pak Slamet Riyadi  " });
    const result = await sendPartner(testDb.db, requestFromNewClient("/supply-with-us"), input);
    expect(result).toMatchObject({ ok: true });
    const rows = await partnerRowsNamed("Pak Slamet Riyadi");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      phone: "6281234567890",
      landAddress: "Desa Ajung, Kec. Ajung, Jember",
      farmSize: "0,5 ha",
      products: "Bayam\nKangkung",
      harvestTime: "Setiap minggu",
      otherInfo: "Tanpa pestisida kimia",
      status: "new",
    });
  });

  it("stores an application with only the required fields", async () => {
    const input = { name: "Bu Sulastri", phone: "+62 813 1111 2222", products: "Cabai rawit" };
    const result = await sendPartner(testDb.db, requestFromNewClient("/supply-with-us"), input);
    expect(result.ok).toBe(true);
    const [row] = await partnerRowsNamed("Bu Sulastri");
    expect(row).toMatchObject({
      phone: "6281311112222",
      landAddress: "",
      farmSize: "",
      harvestTime: "",
      otherInfo: "",
    });
  });

  it.each([
    ["name", "Nama wajib diisi."],
    ["phone", "Nomor telepon wajib diisi."],
    ["products", "Jenis produk wajib diisi."],
  ] as const)("refuses a missing %s with the shop's message and stores nothing", async (field, fieldMessage) => {
    const input = partnerInput({ [field]: "   " });
    const before = await totalPartnerRows();
    const result = await sendPartner(testDb.db, requestFromNewClient("/supply-with-us"), input);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.status).toBe(400);
    expect(result.message).toBe(PARTNER_REQUIRED_MESSAGE);
    expect(result.fieldErrors[field]).toBe(fieldMessage);
    // What the farmer typed comes back for the form.
    expect(result.values.products).toBe(input.products);
    expect(await totalPartnerRows()).toBe(before);
  });

  it("refuses a phone number that is not Indonesian", async () => {
    const input = partnerInput({ phone: "+1 415 555 0100" });
    const result = await sendPartner(testDb.db, requestFromNewClient("/supply-with-us"), input);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fieldErrors.phone).toMatch(/Nomor telepon tidak valid/);
    expect(await partnerRowsNamed(input.name)).toHaveLength(0);
  });

  it.each(Object.entries(PARTNER_LIMITS))("refuses a %s longer than %i characters", async (field, max) => {
    const tooLong = field === "phone" ? "0".repeat(max + 1) : "x".repeat(max + 1);
    const input = partnerInput({ [field]: tooLong });
    const before = await totalPartnerRows();
    const result = await sendPartner(testDb.db, requestFromNewClient("/supply-with-us"), input);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.status).toBe(400);
    expect(result.fieldErrors[field as keyof typeof PARTNER_LIMITS]).toBeTruthy();
    expect(await totalPartnerRows()).toBe(before);
  });

  it("accepts a field at exactly its limit", async () => {
    const input = partnerInput({ products: "b".repeat(PARTNER_LIMITS.products) });
    const result = await sendPartner(testDb.db, requestFromNewClient("/supply-with-us"), input);
    expect(result.ok).toBe(true);
  });

  it("treats non-text values (a file upload) as empty instead of failing", async () => {
    const input = partnerInput({ products: new File(["x"], "x.txt") });
    const result = await sendPartner(testDb.db, requestFromNewClient("/supply-with-us"), input);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fieldErrors.products).toBe("Jenis produk wajib diisi.");
  });

  it("answers like a success but stores nothing when the honeypot is filled", async () => {
    const input = partnerInput({ website: "https://spam.example" });
    const before = await totalPartnerRows();
    const result = await sendPartner(testDb.db, requestFromNewClient("/supply-with-us"), input);
    expect(result).toMatchObject({ ok: true });
    expect(await totalPartnerRows()).toBe(before);
  });

  it(`refuses the ${SUBMISSION_LIMIT + 1}th application from one client within the hour and stores nothing more`, async () => {
    const request = requestFromNewClient("/supply-with-us");
    for (let i = 0; i < SUBMISSION_LIMIT; i++) {
      expect((await sendPartner(testDb.db, request, partnerInput())).ok).toBe(true);
    }
    const before = await totalPartnerRows();
    const flood = partnerInput();
    const result = await sendPartner(testDb.db, request, flood);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.status).toBe(429);
    expect(result.message).toMatch(/terlalu banyak pengajuan/);
    expect(result.message).toMatch(/coba lagi dalam \d+ menit/);
    expect(result.values.name).toBe(flood.name);
    expect(await totalPartnerRows()).toBe(before);
    // Another client is not affected.
    expect((await sendPartner(testDb.db, requestFromNewClient("/supply-with-us"), partnerInput())).ok).toBe(true);
  });

  it("answers with the shop's failure message, not a crash, when the database is unreachable", async () => {
    const broken = {
      execute: () => Promise.reject(new Error("connection refused")),
      insert: () => {
        throw new Error("connection refused");
      },
    } as unknown as TestDatabase["db"];
    const input = partnerInput();
    const result = await sendPartner(broken, requestFromNewClient("/supply-with-us"), input);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.status).toBe(503);
    expect(result.message).toBe("Terjadi kesalahan saat mengirim data. Silakan coba lagi nanti.");
    expect(result.values.products).toBe(input.products);
  });

  it("does not count a refused (invalid) submission against the limit", async () => {
    const request = requestFromNewClient("/supply-with-us");
    for (let i = 0; i < SUBMISSION_LIMIT + 2; i++) {
      await sendPartner(testDb.db, request, partnerInput({ phone: "" }));
    }
    expect((await sendPartner(testDb.db, request, partnerInput())).ok).toBe(true);
  });
});

describe("submitContactMessage", () => {
  it("stores a complete message for the inbox", async () => {
    const input = contactInput();
    const result = await sendContact(testDb.db, requestFromNewClient("/contact"), input);
    expect(result).toMatchObject({ ok: true });
    const rows = await contactRowsWithSubject(input.subject);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "Bu Rina",
      email: "rina@contoh.id",
      message: "Apakah bisa diantar ke Patrang?",
      status: "new",
    });
  });

  it.each([
    ["name", "Nama wajib diisi."],
    ["email", "E-mail wajib diisi."],
    ["subject", "Subjek wajib diisi."],
    ["message", "Pesan wajib diisi."],
  ] as const)("refuses a missing %s and stores nothing", async (field, fieldMessage) => {
    const input = contactInput({ [field]: "" });
    const before = await totalContactRows();
    const result = await sendContact(testDb.db, requestFromNewClient("/contact"), input);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.status).toBe(400);
    expect(result.fieldErrors[field]).toBe(fieldMessage);
    expect(result.message).toMatch(/Mohon lengkapi/);
    expect(await totalContactRows()).toBe(before);
  });

  it("refuses an e-mail address that is not one", async () => {
    const input = contactInput({ email: "rina-at-contoh" });
    const result = await sendContact(testDb.db, requestFromNewClient("/contact"), input);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fieldErrors.email).toMatch(/tidak valid/);
    expect(result.values.email).toBe("rina-at-contoh");
    expect(await contactRowsWithSubject(input.subject)).toHaveLength(0);
  });

  it.each(Object.entries(CONTACT_LIMITS))("refuses a %s longer than %i characters", async (field, max) => {
    const tooLong = field === "email" ? `${"a".repeat(max)}@contoh.id` : "x".repeat(max + 1);
    const input = contactInput({ [field]: tooLong });
    const before = await totalContactRows();
    const result = await sendContact(testDb.db, requestFromNewClient("/contact"), input);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fieldErrors[field as keyof typeof CONTACT_LIMITS]).toBeTruthy();
    expect(await totalContactRows()).toBe(before);
  });

  it("answers like a success but stores nothing when the honeypot is filled", async () => {
    const input = contactInput({ website: "cheap pills" });
    const before = await totalContactRows();
    const result = await sendContact(testDb.db, requestFromNewClient("/contact"), input);
    expect(result).toMatchObject({ ok: true });
    expect(await totalContactRows()).toBe(before);
  });

  it(`refuses the ${SUBMISSION_LIMIT + 1}th message from one client within the hour and stores nothing more`, async () => {
    const request = requestFromNewClient("/contact");
    for (let i = 0; i < SUBMISSION_LIMIT; i++) {
      expect((await sendContact(testDb.db, request, contactInput())).ok).toBe(true);
    }
    const before = await totalContactRows();
    const result = await sendContact(testDb.db, request, contactInput());
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.status).toBe(429);
    expect(result.message).toMatch(/terlalu banyak pesan/);
    expect(await totalContactRows()).toBe(before);
  });

  it("keeps separate limits for the two forms", async () => {
    const request = requestFromNewClient("/contact");
    for (let i = 0; i < SUBMISSION_LIMIT; i++) await sendContact(testDb.db, request, contactInput());
    expect((await sendContact(testDb.db, request, contactInput())).ok).toBe(false);
    expect((await sendPartner(testDb.db, request, partnerInput())).ok).toBe(true);
  });
});
