// The stock ledger on the embedded database (or PostgreSQL with TEST_DATABASE_URL): every move
// changes `products.stock` and writes its 'Riwayat Stok' row together, a whole basket moves or
// is refused as one, the stock never goes below zero, and the history always adds up to it.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createOrder, createProduct, createUser, type TestUser } from "../../../tests/support/factories";
import { stockHistoryOf, stockOf } from "../../../tests/support/db-reads";
import { createTestDatabase, usingPostgres, type TestDatabase } from "../../../tests/support/test-db";
import { countingStatements } from "../../../tests/support/statements";
import { moveStock, type MovedStock } from "./stock-ledger.server";

let testDb: TestDatabase;
let staff: TestUser;

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: false });
  staff = await createUser(testDb.db, { role: "staff", name: "Dewi Staf" });
});

afterAll(async () => {
  await testDb?.destroy();
});

/** The ledger adds up: the moves' deltas sum to the stock, and the last row shows it. */
async function expectHistoryAddsUp(productId: string) {
  const history = await stockHistoryOf(testDb.db, productId);
  const stock = await stockOf(testDb.db, productId);
  expect(history.reduce((sum, row) => sum + row.delta, 0)).toBe(stock);
  expect(Math.min(...history.map((row) => row.stockAfter))).toBeGreaterThanOrEqual(0);
}

describe("moveStock, one move", () => {
  it("moves the stock and writes the history row with its reason, actor and note", async () => {
    const bayam = await createProduct(testDb.db, { name: "Bayam Hijau", stock: 10 });
    const moved = await testDb.db.transaction((tx) =>
      moveStock(tx, { productId: bayam.id, delta: -3, reason: "manual", changedBy: staff.id, note: "Layu 3 ikat" }),
    );
    expect(moved).toMatchObject({ productId: bayam.id, stockAfter: 7, product: { name: "Bayam Hijau" } });
    expect(await stockOf(testDb.db, bayam.id)).toBe(7);
    const history = await stockHistoryOf(testDb.db, bayam.id);
    expect(history.map((row) => [row.reason, row.delta, row.stockAfter])).toEqual([
      ["initial", 10, 10],
      ["manual", -3, 7],
    ]);
    expect(history[1]).toMatchObject({ changedBy: staff.id, note: "Layu 3 ikat", orderId: null });
    await expectHistoryAddsUp(bayam.id);
  });

  it("refuses a move below zero and changes nothing, not even the history", async () => {
    const tomat = await createProduct(testDb.db, {
      name: "Tomat Merah",
      stock: 1500,
      soldByWeight: true,
      unit: "per kg",
    });
    const refused = await moveStock(testDb.db, { productId: tomat.id, delta: -1750, reason: "order", changedBy: null });
    expect(refused).toBeNull();
    expect(await stockOf(testDb.db, tomat.id)).toBe(1500);
    expect(await stockHistoryOf(testDb.db, tomat.id)).toHaveLength(1);
    // Exactly all of it may go: the stock reaches zero, never less.
    const all = await moveStock(testDb.db, { productId: tomat.id, delta: -1500, reason: "order", changedBy: null });
    expect(all?.stockAfter).toBe(0);
    expect(await moveStock(testDb.db, { productId: tomat.id, delta: -1, reason: "order", changedBy: null })).toBeNull();
    await expectHistoryAddsUp(tomat.id);
  });

  it("refuses a sale of a hidden product and a product that does not exist", async () => {
    const hidden = await createProduct(testDb.db, { stock: 5, isActive: false });
    const sale = { delta: -1, reason: "order", changedBy: null, onSale: true } as const;
    expect(await moveStock(testDb.db, { productId: hidden.id, ...sale })).toBeNull();
    expect(await stockOf(testDb.db, hidden.id)).toBe(5);
    // Staff may still correct a hidden product's stock.
    expect(
      await moveStock(testDb.db, { productId: hidden.id, delta: -1, reason: "manual", changedBy: staff.id }),
    ).toMatchObject({ stockAfter: 4 });
    expect(await moveStock(testDb.db, { productId: "00000000-0000-4000-8000-000000000000", ...sale })).toBeNull();
  });
});

describe("moveStock, a basket", () => {
  it("moves every line, answers in the order given and links every row to the order", async () => {
    const customer = await createUser(testDb.db);
    const wortel = await createProduct(testDb.db, { name: "Wortel", stock: 8 });
    const kentang = await createProduct(testDb.db, {
      name: "Kentang",
      stock: 2000,
      soldByWeight: true,
      unit: "per kg",
    });
    const order = await createOrder(testDb.db, { userId: customer.id, items: [{ productId: wortel.id, quantity: 1 }] });
    const linkOrder = vi.fn(async (moved: MovedStock[]) => {
      expect(moved.map((m) => m.productId).sort()).toEqual([wortel.id, kentang.id].sort());
      return order.id;
    });
    const results = await testDb.db.transaction((tx) =>
      moveStock(
        tx,
        [
          { productId: kentang.id, delta: -750, reason: "order", changedBy: customer.id, onSale: true },
          { productId: wortel.id, delta: -2, reason: "order", changedBy: customer.id, onSale: true },
        ],
        { linkOrder },
      ),
    );
    expect(results.map((r) => [r?.productId, r?.stockAfter])).toEqual([
      [kentang.id, 1250],
      [wortel.id, 5],
    ]);
    expect(linkOrder).toHaveBeenCalledTimes(1);
    for (const product of [wortel, kentang]) {
      const last = (await stockHistoryOf(testDb.db, product.id)).at(-1);
      expect(last).toMatchObject({ reason: "order", orderId: order.id, changedBy: customer.id });
      await expectHistoryAddsUp(product.id);
    }
  });

  it("with one line short, asks for no order and the caller's rollback leaves every line as it was", async () => {
    const jahe = await createProduct(testDb.db, { stock: 4 });
    const kunyit = await createProduct(testDb.db, { stock: 1 });
    const linkOrder = vi.fn(async () => "never");
    let answered: (MovedStock | null)[] = [];
    await expect(
      testDb.db.transaction(async (tx) => {
        answered = await moveStock(
          tx,
          [
            { productId: jahe.id, delta: -2, reason: "order", changedBy: null },
            { productId: kunyit.id, delta: -2, reason: "order", changedBy: null },
          ],
          { linkOrder },
        );
        if (answered.includes(null)) throw new Error("stok kurang");
      }),
    ).rejects.toThrow("stok kurang");
    expect(answered.map((r) => r?.stockAfter ?? null)).toEqual([2, null]);
    expect(linkOrder).not.toHaveBeenCalled();
    expect([await stockOf(testDb.db, jahe.id), await stockOf(testDb.db, kunyit.id)]).toEqual([4, 1]);
    expect(await stockHistoryOf(testDb.db, jahe.id)).toHaveLength(1);
    expect(await stockHistoryOf(testDb.db, kunyit.id)).toHaveLength(1);
  });
});

describe("moveStock, a whole board", () => {
  it("moves twenty products in three statements, each with its ledger row and who did it", async () => {
    const made: { id: string }[] = [];
    for (let i = 0; i < 20; i++) made.push(await createProduct(testDb.db, { name: `Sawi ${i + 1}`, stock: 10 }));
    const answers = await testDb.db.transaction(async (tx) => {
      const counted = countingStatements(tx);
      const moved = await moveStock(
        counted.db,
        made.map((p, i) => ({
          productId: p.id,
          delta: i % 2 === 0 ? 5 : -3,
          reason: i % 2 === 0 ? ("restock" as const) : ("correction" as const),
          changedBy: staff.id,
          note: "Harga Hari Ini",
        })),
      );
      // The rows locked in id order, one UPDATE over all of them, one INSERT of the ledger rows.
      expect(counted.count()).toBe(3);
      return moved;
    });
    expect(answers.map((a) => a?.stockAfter)).toEqual(made.map((_, i) => (i % 2 === 0 ? 15 : 7)));
    for (const [i, p] of made.entries()) {
      expect((await stockHistoryOf(testDb.db, p.id)).at(-1)).toMatchObject({
        reason: i % 2 === 0 ? "restock" : "correction",
        delta: i % 2 === 0 ? 5 : -3,
        stockAfter: i % 2 === 0 ? 15 : 7,
        changedBy: staff.id,
        note: "Harga Hari Ini",
      });
      await expectHistoryAddsUp(p.id);
    }
  });

  it("refuses, row by row, a move below zero and a sale of a hidden product among many", async () => {
    const enough = await createProduct(testDb.db, { stock: 5 });
    const short = await createProduct(testDb.db, { stock: 1 });
    const hidden = await createProduct(testDb.db, { stock: 5, isActive: false });
    const answers = await moveStock(testDb.db, [
      { productId: enough.id, delta: -5, reason: "order", changedBy: null, onSale: true },
      { productId: short.id, delta: -2, reason: "order", changedBy: null, onSale: true },
      { productId: hidden.id, delta: -1, reason: "order", changedBy: null, onSale: true },
    ]);
    expect(answers.map((a) => a?.stockAfter ?? null)).toEqual([0, null, null]);
    expect([await stockOf(testDb.db, short.id), await stockOf(testDb.db, hidden.id)]).toEqual([1, 5]);
    expect(await stockHistoryOf(testDb.db, short.id)).toHaveLength(1);
  });
});

describe("moveStock, at the same time", () => {
  it(`sells the last three bunches to three of eight buyers, never more (${usingPostgres ? "PostgreSQL" : "PGlite"})`, async () => {
    const kangkung = await createProduct(testDb.db, { stock: 3 });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        testDb.db.transaction((tx) =>
          moveStock(tx, { productId: kangkung.id, delta: -1, reason: "order", changedBy: null, onSale: true }),
        ),
      ),
    );
    expect(answers.filter((a) => a !== null)).toHaveLength(3);
    expect(await stockOf(testDb.db, kangkung.id)).toBe(0);
    expect(await stockHistoryOf(testDb.db, kangkung.id)).toHaveLength(4);
    await expectHistoryAddsUp(kangkung.id);
  });

  it("two baskets with the same products in opposite orders both finish (no deadlock)", async () => {
    const a = await createProduct(testDb.db, { stock: 10 });
    const b = await createProduct(testDb.db, { stock: 10 });
    const basket = (first: string, second: string) =>
      testDb.db.transaction((tx) =>
        moveStock(tx, [
          { productId: first, delta: -1, reason: "order", changedBy: null },
          { productId: second, delta: -1, reason: "order", changedBy: null },
        ]),
      );
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 ? basket(a.id, b.id) : basket(b.id, a.id))),
    );
    expect(answers.flat().every((r) => r !== null)).toBe(true);
    expect([await stockOf(testDb.db, a.id), await stockOf(testDb.db, b.id)]).toEqual([4, 4]);
    await expectHistoryAddsUp(a.id);
    await expectHistoryAddsUp(b.id);
  });
});
