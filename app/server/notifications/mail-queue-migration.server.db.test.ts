// The upgrade from the old mail queue: a database with queued and sent mails is migrated, and
// the outbox then holds every one of them. A pending mail is sent by the new worker as it was
// rendered, a sent one keeps its dedupe key (so it is never sent again), and the delivery
// sheet's "told it is on its way" carries over to the order.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { embeddedExtensions, migrationsFolder, type Database } from "~/db/client.server";
import * as schema from "~/db/schema";
import type { MailMessage } from "~/server/notifications/mail-transport.server";
import { outboxMails } from "../../../tests/support/outbox";
import { orderNotices } from "./notices.server";
import { notify } from "./notify.server";
import { processOutbox } from "./outbox.server";

const scratch = mkdtempSync(path.join(tmpdir(), "outbox-migration-"));
let client: PGlite | undefined;

afterAll(async () => {
  await client?.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** The migrations folder as it was before the outbox: the same files, the journal cut there. */
function migrationsBeforeOutbox(): string {
  const folder = path.join(scratch, "migrations");
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((e) => e.tag.endsWith("_one_outbox"));
  expect(cut).toBeGreaterThan(0);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
  return folder;
}

describe("moving the mail queue into the outbox", () => {
  it("keeps every queued and sent mail, sends the waiting one and never repeats a sent one", async () => {
    client = await PGlite.create({ extensions: embeddedExtensions });
    const pglite = drizzle(client, { schema });
    const db = pglite as unknown as Database;
    await migrate(pglite, { migrationsFolder: migrationsBeforeOutbox() });

    const userId = "5b0f5e1e-1111-4c4c-9c9c-000000000001";
    const orderId = "5b0f5e1e-2222-4c4c-9c9c-000000000002";
    await client.query(`insert into users (id, name, email) values ($1, 'Siti', 'siti@contoh.id')`, [userId]);
    await client.query(
      `insert into orders (id, user_id, idempotency_key, total_amount, recipient_name, recipient_phone, recipient_address, delivery_date, delivery_slot, delivery_time)
       values ($1, $2, 'migrasi-outbox-1', 6000, 'Siti', '081234567890', 'Jl. Kalimantan 37', '2026-11-25', 'pagi', '05:00 - 07:00')`,
      [orderId, userId],
    );
    await client.query(
      `insert into mail_queue (kind, to_address, subject, text_body, html_body, dedupe_key, status, sent_at)
       values ('order:out-for-delivery', 'siti@contoh.id', 'Pesanan sedang diantar', 'Sudah dikirim.', '<p>x</p>', $1, 'sent', now()),
              ('staff-invitation', 'budi@contoh.id', 'Undangan bergabung', 'Tautan undangan.', null, null, 'pending', null)`,
      [`out-for-delivery:${orderId}`],
    );

    await migrate(pglite, { migrationsFolder });

    // Both rows were queued in one statement, so they share a creation time: compare them as a set.
    const moved = await outboxMails(db);
    const rows = moved.map((m) => [m.kind, m.toAddress, m.subject, m.status]).sort((a, b) => a[0].localeCompare(b[0]));
    expect(rows).toEqual([
      ["out-for-delivery", "siti@contoh.id", "Pesanan sedang diantar", "sent"],
      ["staff-invitation", "budi@contoh.id", "Undangan bergabung", "pending"],
    ]);
    expect(Object.keys(await orderNotices(db, orderId))).toEqual(["out-for-delivery"]);
    expect(await notify(db, { kind: "out-for-delivery", order: orderId })).toBe(false);

    const sent: MailMessage[] = [];
    const result = await processOutbox(db, { send: { email: async (m: MailMessage) => void sent.push(m) } });
    expect(result).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(sent).toEqual([
      { to: "budi@contoh.id", subject: "Undangan bergabung", text: "Tautan undangan.", html: undefined },
    ]);
  });
});
