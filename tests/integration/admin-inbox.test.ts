// The inbox of farmers' applications and contact messages.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages, partnerApplications } from "~/db/schema";
import * as inboxRoute from "~/routes/admin.inbox";
import * as layoutRoute from "~/routes/admin.layout";
import { createContactMessage, createPartnerApplication, createUser, signIn } from "../support/factories";
import { callAction, callLoader, form, releaseTestDatabase, useTestDatabase } from "../support/routes";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

let testDb: TestDatabase;
let adminCookie: string;

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: false });
  useTestDatabase(testDb);
  adminCookie = await signIn(testDb.db, await createUser(testDb.db, { role: "admin" }));
});

afterAll(async () => {
  releaseTestDatabase();
  await testDb?.destroy();
});

type Inbox = {
  inbox: {
    total: number;
    applications: { id: string; name: string; status: string; whatsapp: string }[];
    messages: { id: string; subject: string; whatsapp: string | null; mailto: string }[];
  };
  newCounts: { mitra: number; pesan: number };
};

const open = async (query = "") =>
  (await callLoader(inboxRoute.loader, `/admin/inbox${query}`, { cookie: adminCookie })).data as Inbox;

describe("inbox", () => {
  it("lists partner applications newest first with a WhatsApp link to the farmer", async () => {
    await createPartnerApplication(testDb.db, { name: "Pak Lama", createdAt: new Date(Date.now() - 86_400_000) });
    await createPartnerApplication(testDb.db, { name: "Bu Baru", phone: "0813-1111-2222" });
    const { inbox, newCounts } = await open();
    expect(inbox.applications.map((a) => a.name)).toEqual(["Bu Baru", "Pak Lama"]);
    const wa = new URL(inbox.applications[0].whatsapp);
    expect(wa.pathname).toBe("/6281311112222");
    expect(wa.searchParams.get("text")).toContain("Bu Baru");
    expect(newCounts.mitra).toBe(2);
  });

  it("lists contact messages with reply links, and counts the new ones in the navigation", async () => {
    await createContactMessage(testDb.db, { subject: "Tanpa telepon", phone: "", email: "andi+toko@contoh.id" });
    const { inbox } = await open("?jenis=pesan");
    expect(inbox.messages[0]).toMatchObject({ subject: "Tanpa telepon", whatsapp: null });
    expect(inbox.messages[0].mailto).toBe(
      `mailto:andi%2Btoko@contoh.id?subject=${encodeURIComponent("Re: Tanpa telepon")}`,
    );
    const layout = await callLoader(layoutRoute.loader, "/admin/inbox", { cookie: adminCookie });
    expect((layout.data as { newInbox: number }).newInbox).toBe(3);
  });

  it("moves an item from new to contacted to done and filters by status", async () => {
    const app = await createPartnerApplication(testDb.db, { name: "Pak Status" });
    const result = await callAction(
      inboxRoute.action,
      "/admin/inbox",
      form({ kind: "mitra", id: app.id, status: "contacted", returnTo: "/admin/inbox?jenis=mitra" }),
      {
        cookie: adminCookie,
      },
    );
    expect(result.status).toBe(303);
    expect(result.location).toBe("/admin/inbox?jenis=mitra");
    const [row] = await testDb.db.select().from(partnerApplications).where(eq(partnerApplications.id, app.id));
    expect(row.status).toBe("contacted");
    expect((await open("?status=contacted")).inbox.applications.map((a) => a.name)).toEqual(["Pak Status"]);

    const message = await createContactMessage(testDb.db);
    await callAction(inboxRoute.action, "/admin/inbox", form({ kind: "pesan", id: message.id, status: "done" }), {
      cookie: adminCookie,
    });
    const [m] = await testDb.db.select().from(contactMessages).where(eq(contactMessages.id, message.id));
    expect(m.status).toBe("done");
  });

  it("refuses unknown statuses, kinds and ids, changing nothing", async () => {
    const app = await createPartnerApplication(testDb.db);
    for (const [fields, status] of [
      [{ kind: "mitra", id: app.id, status: "archived" }, 400],
      [{ kind: "orders", id: app.id, status: "done" }, 400],
      [{ kind: "mitra", id: "00000000-0000-4000-8000-000000000000", status: "done" }, 404],
      [{ kind: "mitra", id: "1 or 1=1", status: "done" }, 400],
      // The id of an application is not a message.
      [{ kind: "pesan", id: app.id, status: "done" }, 404],
    ] as const) {
      const result = await callAction(inboxRoute.action, "/admin/inbox", form(fields), { cookie: adminCookie });
      expect(result.status).toBe(status);
    }
    const [row] = await testDb.db.select().from(partnerApplications).where(eq(partnerApplications.id, app.id));
    expect(row.status).toBe("new");
  });

  it("never sends staff to another site after a change", async () => {
    const app = await createPartnerApplication(testDb.db);
    for (const returnTo of ["https://jahat.example/admin", "//jahat.example/admin", "/\\jahat.example", "/products"]) {
      const result = await callAction(
        inboxRoute.action,
        "/admin/inbox?jenis=mitra",
        form({ kind: "mitra", id: app.id, status: "done", returnTo }),
        {
          cookie: adminCookie,
        },
      );
      expect(result.location).toBe("/admin/inbox?jenis=mitra");
    }
  });
});
