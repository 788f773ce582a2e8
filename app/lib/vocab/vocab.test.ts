// Every value the database allows or a writer stores has its entry in its vocabulary, and
// every vocabulary entry is one the database accepts: a new status, slot, method or stock
// reason cannot land without its label (and a dropped one cannot linger in the lists).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DELIVERY_SLOTS } from "./delivery-slots";
import { ORDER_STATUS } from "./order-statuses";
import { PAYMENT_METHOD } from "./payment-methods";
import { PAYMENT_STATUS } from "./payment-statuses";
import { STOCK_REASON, stockReasonLabel } from "./stock-reasons";

const root = join(import.meta.dirname, "../../..");
const schema = readFileSync(join(root, "app/db/schema.ts"), "utf8");
const migrationsDir = join(root, "app/db/migrations");
const migrations = readdirSync(migrationsDir)
  .filter((f) => f.endsWith(".sql"))
  .sort()
  .map((f) => readFileSync(join(migrationsDir, f), "utf8"))
  .join("\n");

/** The quoted values of `... in ('a', 'b')` in a check constraint's definition. */
function listedValues(definition: string): string[] {
  const list = /\bin \(([^)]*)\)/.exec(definition)?.[1] ?? "";
  return [...list.matchAll(/'([^']*)'/g)].map((m) => m[1]).sort();
}

/** The values a check constraint allows, as schema.ts declares it. */
function schemaCheck(name: string): string[] {
  const at = schema.indexOf(`"${name}"`);
  if (at < 0) throw new Error(`schema.ts declares no ${name}`);
  return listedValues(schema.slice(at, schema.indexOf("\n", schema.indexOf("`", at + name.length + 2) + 1)));
}

/** The values a check constraint allows, as the last migration that (re)defines it says. */
function migrationCheck(name: string): string[] {
  const definitions = [...migrations.matchAll(new RegExp(`"${name}" CHECK \\((.*)\\)`, "g"))];
  if (definitions.length === 0) throw new Error(`no migration defines ${name}`);
  return listedValues(definitions[definitions.length - 1][1]);
}

const keys = (record: object) => Object.keys(record).sort();

describe("vocabularies match what the database stores", () => {
  it.each([
    ["orders_status_check", ORDER_STATUS],
    ["orders_payment_status_check", PAYMENT_STATUS],
    ["orders_payment_method_check", PAYMENT_METHOD],
    ["orders_slot_check", DELIVERY_SLOTS],
  ] as const)("%s: every allowed value has an entry with a label, and no entry is refused", (check, record) => {
    expect(schemaCheck(check)).toEqual(keys(record));
    expect(migrationCheck(check)).toEqual(keys(record));
    for (const entry of Object.values(record)) expect(entry.label.trim()).not.toBe("");
  });

  it("every stock reason a ledger writer stores has a label in the stock history", () => {
    const files = (dir: string): string[] =>
      readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
      );
    const written = new Set<string>();
    for (const file of [...files("app"), ...files("tests/support")]) {
      const source = readFileSync(join(root, file), "utf8");
      if (!source.includes("moveStock(")) continue;
      for (const [, expression] of source.matchAll(/\breason: ([^,\n}]+)/g))
        for (const [, word] of expression.matchAll(/"([a-z]+)"/g)) written.add(word);
    }
    expect([...written].sort()).toEqual(expect.arrayContaining(["cancel", "edit", "initial", "manual", "order"]));
    for (const reason of written) {
      expect(Object.hasOwn(STOCK_REASON, reason), `stock reason '${reason}' has no entry`).toBe(true);
      expect(stockReasonLabel(reason)).not.toBe(reason);
    }
  });
});
