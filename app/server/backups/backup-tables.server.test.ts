import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { BACKUP_TABLES, TABLES_LEFT_OUT } from "./backup.server";

describe("backup table list", () => {
  it("names every table of the schema, either backed up or left out on purpose", () => {
    const tables = Object.values(schema)
      .filter((value: unknown): value is PgTable => value instanceof PgTable)
      .map((table) => getTableConfig(table).name)
      .sort();
    const listed = [...BACKUP_TABLES, ...TABLES_LEFT_OUT].sort();
    expect(listed).toEqual(tables);
  });
});
