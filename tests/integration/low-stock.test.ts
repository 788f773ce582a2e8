// The dashboard's 'Stok Menipis' card through the route: the low products with their limits,
// links to the edit page for the owner only (staff cannot open it).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as dashboardRoute from "~/routes/admin.dashboard";
import { createProduct, createUser, signIn } from "../support/factories";
import { callLoader, releaseTestDatabase, useTestDatabase } from "../support/routes";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

let testDb: TestDatabase;
let ownerCookie: string;
let staffCookie: string;

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: false });
  useTestDatabase(testDb);
  ownerCookie = await signIn(testDb.db, await createUser(testDb.db, { role: "admin" }));
  staffCookie = await signIn(testDb.db, await createUser(testDb.db, { role: "staff" }));
});

afterAll(async () => {
  releaseTestDatabase();
  await testDb?.destroy();
});

type Dashboard = {
  lowStock: { total: number; products: { name: string; stockText: string; thresholdText: string }[] };
  canEditProducts: boolean;
};

describe("Stok Menipis card", () => {
  it("lists the products at or below their limit for owner and staff; only the owner may follow them", async () => {
    await createProduct(testDb.db, { name: "Cabai Merah", stock: 900, soldByWeight: true, unit: "per kg" });
    await createProduct(testDb.db, { name: "Kemangi", stock: 12, lowStockThreshold: 15, unit: "per ikat" });
    await createProduct(testDb.db, { name: "Labu Siam", stock: 40 });
    const owner = (await callLoader(dashboardRoute.loader, "/admin/dashboard", { cookie: ownerCookie }))
      .data as Dashboard;
    expect(owner.lowStock.total).toBe(2);
    expect(owner.lowStock.products.map((p) => `${p.name}: ${p.stockText} / ${p.thresholdText}`)).toEqual([
      "Cabai Merah: 0,9 kg / 2 kg",
      "Kemangi: 12 ikat / 15 ikat",
    ]);
    expect(owner.canEditProducts).toBe(true);
    const staff = (await callLoader(dashboardRoute.loader, "/admin/dashboard", { cookie: staffCookie }))
      .data as Dashboard;
    expect(staff.lowStock.total).toBe(2);
    expect(staff.canEditProducts).toBe(false);
  });
});
