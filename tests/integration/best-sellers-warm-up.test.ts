// A new app process reads a year of the per-day product figures in the background when it
// starts, so the owner's first look at the report does not wait for them. Reads made while
// that load runs wait for the same load instead of reading the same days again, and get the
// lists a process that loaded nothing in advance would give.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "~/lib/dates";
import { defaultReportRange, REPORT_MAX_DAYS, type ReportRange } from "~/lib/reports";
import { forgetHeldDays, heldDaysStats, stopWarmingHeldDays, warmHeldDays } from "~/server/reports/best-sellers.server";
import { readTopProducts } from "~/server/reports/sales.server";
import { createOrder, createProduct, createUser } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

const TODAY = "2026-11-25";
const DEFAULT_RANGE = defaultReportRange(TODAY);
const YEAR: ReportRange = { from: addDays(TODAY, -(REPORT_MAX_DAYS - 1)), to: TODAY };

let db: TestDatabase;

/** Product-day figures the database holds for the range: what one load reads. */
async function productDaysIn(range: ReportRange): Promise<number> {
  const result = (await db.db.execute(
    sql`select count(*)::int as n from order_product_day_stats where day between ${range.from} and ${range.to}`,
  )) as unknown as { rows?: { n: number }[] } | { n: number }[];
  const rows = Array.isArray(result) ? result : (result.rows ?? []);
  return Number(rows[0]?.n);
}

beforeAll(async () => {
  db = await createTestDatabase();
  const customer = await createUser(db.db);
  const products = await Promise.all(
    [4000, 12_500, 7000, 3000].map((price) => createProduct(db.db, { price, stock: 100_000 })),
  );
  // Sales today, within the default range, and over the rest of the year (10:00 in Jakarta).
  for (const [i, daysAgo] of [0, 3, 12, 29, 45, 100, 200, 300, 365].entries()) {
    const [y, m, d] = addDays(TODAY, -daysAgo).split("-").map(Number);
    await createOrder(db.db, {
      userId: customer.id,
      items: [
        { productId: products[i % 4].id, quantity: 1 + (i % 3) },
        { productId: products[(i + 1) % 4].id, quantity: 2 },
      ],
      createdAt: new Date(Date.UTC(y, m - 1, d, 3)),
      status: "pending",
      deliveryFee: null,
    });
  }
});

afterAll(async () => {
  await db?.destroy();
});

describe("best sellers' figures loaded at start", () => {
  it("are read once, by one load that the reads made meanwhile wait for, with the same lists", async () => {
    forgetHeldDays(db.db);
    const warming = warmHeldDays(db.db, TODAY);
    // Reads arriving while the load runs: the report's default view (twice at once) and a year.
    const [first, second, year] = await Promise.all([
      readTopProducts(db.db, DEFAULT_RANGE),
      readTopProducts(db.db, DEFAULT_RANGE),
      readTopProducts(db.db, YEAR),
    ]);
    await warming;
    const yearDays = await productDaysIn(YEAR);
    expect(yearDays).toBeGreaterThan(10);
    // Every product-day of the year read exactly once, though three reads ran during the load.
    expect(heldDaysStats(db.db).figuresRead).toBe(yearDays);
    expect(second).toEqual(first);
    expect(first.revenue.length).toBeGreaterThan(0);

    // The same lists as a process that loaded nothing in advance.
    forgetHeldDays(db.db);
    expect(await readTopProducts(db.db, DEFAULT_RANGE)).toEqual(first);
    expect(await readTopProducts(db.db, YEAR)).toEqual(year);
  });

  it("answer the report's default view without reading figures again once loaded", async () => {
    forgetHeldDays(db.db);
    await warmHeldDays(db.db, TODAY);
    const loaded = heldDaysStats(db.db).figuresRead;
    expect(loaded).toBe(await productDaysIn(YEAR));
    await readTopProducts(db.db, DEFAULT_RANGE);
    await readTopProducts(db.db, { from: addDays(TODAY, -200), to: addDays(TODAY, -40) });
    expect(heldDaysStats(db.db).figuresRead).toBe(loaded);
  });

  it("stop loading when the process stops, and reads then load what they need themselves", async () => {
    forgetHeldDays(db.db);
    void warmHeldDays(db.db, TODAY);
    await stopWarmingHeldDays(db.db);
    expect(heldDaysStats(db.db).figuresRead).toBeLessThan(await productDaysIn(YEAR));
    const read = await readTopProducts(db.db, YEAR);
    forgetHeldDays(db.db);
    expect(await readTopProducts(db.db, YEAR)).toEqual(read);
  });
});
