// The layers are enforced by `npm run lint`: a wrong import is an error, not a review comment.
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const eslint = new ESLint();

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === "@typescript-eslint/no-restricted-imports").map((m) => m.message);
}

describe("import boundaries", () => {
  // Loading the TypeScript parser and the config takes seconds on a busy machine.
  beforeAll(() => eslint.lintText("", { filePath: "app/lib/contoh.ts" }), 60_000);

  it.each([
    ["app/components/contoh.tsx", 'import { getDb } from "~/server/db.server";'],
    ["app/components/contoh.tsx", 'import { products } from "~/db/schema";'],
    ["app/components/contoh.tsx", 'import { useRootData } from "~/root";'],
    ["app/components/contoh.tsx", 'import type { loader } from "~/routes/admin.dashboard";'],
    ["app/components/admin/contoh.tsx", 'import type { action } from "../../routes/admin.dashboard";'],
    ["app/lib/contoh.ts", 'import { log } from "../server/logger.server";'],
    ["app/lib/contoh.ts", 'import { loader } from "~/routes/home";'],
    ["app/server/contoh.server.ts", 'import { Button } from "~/components/ui/button";'],
    ["app/server/contoh.server.ts", 'import { useRootData } from "~/root";'],
    ["app/routes/contoh.tsx", 'import { getDb } from "~/server/db.server";'],
    ["app/routes/contoh.tsx", 'import { getDb } from "../server/db.server";'],
    ["app/routes/contoh.tsx", 'import { openDatabase } from "~/db/client.server";'],
  ])("%s may not `%s`", async (file, code) => {
    expect(await problems(file, `${code}\nexport {};\n`)).toHaveLength(1);
  });

  it("lets each layer use the ones below it, and tests use anything", async () => {
    expect(await problems("app/components/contoh.tsx", 'import { formatRupiah } from "~/lib/money";\n')).toEqual([]);
    expect(await problems("app/server/contoh.server.ts", 'import { products } from "~/db/schema";\n')).toEqual([]);
    expect(
      await problems("app/routes/contoh.tsx", 'import { dbOf } from "~/server/request-context.server";\n'),
    ).toEqual([]);
    expect(await problems("app/routes/contoh.test.ts", 'import { getDb } from "~/server/db.server";\n')).toEqual([]);
    expect(await problems("app/lib/contoh.test.ts", 'import { getDb } from "~/server/db.server";\n')).toEqual([]);
  });
});
