// The messages customers and staff receive use the shop's words (docs/glossary.md): the fee is
// 'Ongkir' in the fee mail and in every order table, and no mail or chat text falls back to a
// word the glossary replaced.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sampleOrderSnapshot } from "../../../../tests/support/order-snapshot";
import { emailTemplates } from "./email/index";

const order = sampleOrderSnapshot;

describe("the words of the shop's messages", () => {
  it("the fee mail names the fee 'Ongkir', in its text and in its table", () => {
    const mail = emailTemplates["fee-set"](order);
    expect(mail.paragraphs.join("\n")).toContain("Ongkir pesanan #1a2b3c4d sudah ditetapkan.");
    expect(mail.table?.map((row) => row.label)).toContain("Ongkir");
    expect(JSON.stringify(mail)).not.toMatch(/ongkos kirim/i);
  });

  it("no mail or WhatsApp text says a word the glossary replaced", () => {
    const dirs = ["email", "whatsapp"].map((d) => join(import.meta.dirname, d));
    const replaced =
      /ongkos kirim|biaya pengiriman|picking list|\blogin\b|\blogout\b|\bcheckout\b|mitra petani|\binbox\b|pesan masuk/i;
    // The chat texts staff start from the order page's and the inbox's WhatsApp links, too.
    const chats = ["../../whatsapp", "../../inbox"].map((d) => join(import.meta.dirname, d));
    for (const dir of [...dirs, ...chats]) {
      for (const name of readdirSync(dir).filter((f) => f.endsWith(".ts") && !f.includes(".test."))) {
        // Only what a reader sees: the text inside quotes and template strings.
        const source = readFileSync(join(dir, name), "utf8");
        const texts = [...source.matchAll(/"([^"\n]*)"|`([^`]*)`/g)].map((m) => m[1] ?? m[2]);
        for (const text of texts) expect(text, `${name}: ${text}`).not.toMatch(replaced);
      }
    }
  });
});
