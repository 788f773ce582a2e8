// 'Harga Hari Ini' on the embedded database (or PostgreSQL with TEST_DATABASE_URL): one save
// of many rows is one transaction with one history row per price and one catalog version
// step; a concurrent save on one of its rows stores nothing; a scheduled price takes effect
// at its time by the clock job alone; the CSV round trip's dry run and 'Terapkan'.
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { priceChanges, products, scheduledPrices } from "~/db/schema";
import { createCategory, createProduct, createUser, type TestUser } from "../../../tests/support/factories";
import { stockHistoryOf, stockOf } from "../../../tests/support/db-reads";
import { countingStatements } from "../../../tests/support/statements";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-db";
import { fixedClock, resetClock, setClock } from "../clock.server";
import { parseCsv } from "../csv.server";
import {
  BOARD_PAGE_SIZE,
  NO_CATEGORY,
  boardSaveSchema,
  loadPriceBoard,
  loadPriceBoardPage,
  saveBoard,
  type BoardRow,
} from "./price-board.server";
import { applyPriceCsv, csvApplySchema, previewPriceCsv, priceBoardCsv, type DryRun } from "./price-csv.server";
import { applyDuePrices } from "./price-schedule.server";

let testDb: TestDatabase;
let dewi: TestUser;
let budi: TestUser;

beforeAll(async () => {
  testDb = await createTestDatabase({ seed: false });
  dewi = await createUser(testDb.db, { role: "staff", name: "Dewi Staf" });
  budi = await createUser(testDb.db, { role: "admin", name: "Budi Pemilik" });
});

afterAll(async () => {
  await testDb?.destroy();
});

afterEach(() => resetClock());

const actor = (u: TestUser) => ({ id: u.id, role: u.role });

async function catalogVersion(): Promise<number> {
  const result = await testDb.db.execute(sql`select version from catalog_state where id = 1`);
  const rows = ((result as { rows?: { version: number }[] }).rows ?? result) as { version: number }[];
  return Number(rows[0].version);
}

type Edit = { price?: string; discount?: string; stock?: string; active?: boolean };

/** The board's form as the page posts it: every row as shown, with `edits` typed into some. */
function boardForm(rows: BoardRow[], edits: Record<string, Edit>, extra: Record<string, string> = {}) {
  const fields: Record<string, string> = { intent: "save", ...extra };
  for (const r of rows) {
    const e = edits[r.id] ?? {};
    fields[`version:${r.id}`] = String(r.version);
    fields[`price0:${r.id}`] = String(r.price);
    fields[`discount0:${r.id}`] = String(r.discount);
    fields[`stock0:${r.id}`] = String(r.stock);
    fields[`active0:${r.id}`] = r.isActive ? "1" : "0";
    fields[`price:${r.id}`] = e.price ?? String(r.price);
    fields[`discount:${r.id}`] = e.discount ?? String(r.discount);
    fields[`stock:${r.id}`] = e.stock ?? String(r.stock);
    if (e.active ?? r.isActive) fields[`active:${r.id}`] = "on";
  }
  return boardSaveSchema.parse(fields);
}

async function boardOf(ids: string[]): Promise<BoardRow[]> {
  const all = await loadPriceBoard(testDb.db, actor(dewi));
  return all.filter((r) => ids.includes(r.id));
}

async function makeProducts(count: number, prefix: string) {
  const made = [];
  for (let i = 0; i < count; i++)
    made.push(
      await createProduct(testDb.db, {
        name: `${prefix} ${i + 1}`,
        slug: `${prefix.toLowerCase()}-${i + 1}`,
        price: 10_000,
        stock: 20,
      }),
    );
  return made;
}

describe("'Simpan Semua'", () => {
  it("saves twenty prices and stocks in one transaction: twenty history rows, one catalog version step", async () => {
    const made = await makeProducts(20, "Cabai");
    const rows = await boardOf(made.map((p) => p.id));
    const edits: Record<string, Edit> = {};
    made.forEach((p, i) => {
      // Typed three ways, as staff do: 38000, 38.000 and 38rb.
      const typed = [`${38 + i}000`, `${38 + i}.000`, `${38 + i}rb`][i % 3];
      edits[p.id] = { price: typed, stock: String(20 + i - 5) };
    });
    const before = await catalogVersion();
    const result = await saveBoard(testDb.db, actor(dewi), boardForm(rows, edits));
    expect(result).toMatchObject({ ok: true, message: "Tersimpan: 20 harga diperbarui, 19 stok diperbarui." });
    expect(await catalogVersion()).toBe(before + 1);

    const history = await testDb.db
      .select()
      .from(priceChanges)
      .where(sql`${priceChanges.productId} in ${made.map((p) => p.id)}`);
    expect(history).toHaveLength(20);
    expect(new Set(history.map((h) => h.createdAt.getTime())).size).toBe(1);
    for (const [i, p] of made.entries()) {
      const [row] = await testDb.db.select().from(products).where(eq(products.id, p.id));
      expect(row.price).toBe((38 + i) * 1000);
      expect(history.find((h) => h.productId === p.id)).toMatchObject({
        priceBefore: 10_000,
        priceAfter: (38 + i) * 1000,
        changedBy: dewi.id,
        source: "board",
        scheduledFor: null,
      });
      expect(await stockOf(testDb.db, p.id)).toBe(15 + i);
    }
    const ledger = await stockHistoryOf(testDb.db, made[0].id);
    expect(ledger.at(-1)).toMatchObject({ reason: "correction", delta: -5, changedBy: dewi.id });
    const restocked = await stockHistoryOf(testDb.db, made[10].id);
    expect(restocked.at(-1)).toMatchObject({ reason: "restock", delta: 5, changedBy: dewi.id });
  });

  it("saves twenty rows in a handful of statements, not one per product", async () => {
    const made = await makeProducts(20, "Sawi");
    const rows = await boardOf(made.map((p) => p.id));
    const edits: Record<string, Edit> = {};
    made.forEach((p, i) => (edits[p.id] = { price: `${12 + i}rb`, stock: String(i % 2 === 0 ? 25 : 18) }));
    const before = await catalogVersion();
    const counted = countingStatements(testDb.db);
    const result = await saveBoard(counted.db, actor(dewi), boardForm(rows, edits));
    expect(result).toMatchObject({ ok: true, message: "Tersimpan: 20 harga diperbarui, 20 stok diperbarui." });
    // Rows locked; prices in one UPDATE and their history in one INSERT; stock locked, moved
    // in one UPDATE and its ledger in one INSERT. A loop over the rows would be 20 or more.
    expect(counted.count()).toBeLessThanOrEqual(6);
    expect(await catalogVersion()).toBe(before + 1);
    const history = await testDb.db
      .select()
      .from(priceChanges)
      .where(sql`${priceChanges.productId} in ${made.map((p) => p.id)}`);
    expect(history).toHaveLength(20);
    expect(history.every((h) => h.changedBy === dewi.id && h.source === "board")).toBe(true);
    for (const [i, p] of made.entries()) {
      expect((await stockHistoryOf(testDb.db, p.id)).at(-1)).toMatchObject({
        reason: i % 2 === 0 ? "restock" : "correction",
        delta: i % 2 === 0 ? 5 : -2,
        changedBy: dewi.id,
        note: "Harga Hari Ini",
      });
    }
  });

  it("gives the rows that collide 'Harga sudah diubah oleh ... Muat ulang' and stores nothing of the late save", async () => {
    const made = await makeProducts(20, "Bawang");
    const page = await boardOf(made.map((p) => p.id));
    // Budi saves one row while Dewi's page is open.
    const budiPage = await boardOf([made[3].id]);
    const first = await saveBoard(testDb.db, actor(budi), boardForm(budiPage, { [made[3].id]: { price: "41000" } }));
    expect(first.ok).toBe(true);
    const versionAfterBudi = await catalogVersion();

    const edits = Object.fromEntries(made.map((p) => [p.id, { price: "45.000", stock: "30" } satisfies Edit]));
    const late = await saveBoard(testDb.db, actor(dewi), boardForm(page, edits));
    expect(late.ok).toBe(false);
    if (late.ok) return;
    expect(late.status).toBe(409);
    expect(late.fieldErrors).toEqual({
      [`row:${made[3].id}`]: "Harga sudah diubah oleh Budi Pemilik. Muat ulang halaman, lalu ubah lagi.",
    });
    expect(late.message).toContain("Tidak ada yang disimpan");
    expect(await catalogVersion()).toBe(versionAfterBudi);
    for (const p of made) {
      const [row] = await testDb.db.select({ price: products.price }).from(products).where(eq(products.id, p.id));
      expect(row.price).toBe(p.id === made[3].id ? 41_000 : 10_000);
      expect(await stockOf(testDb.db, p.id)).toBe(20);
    }
    const dewisRows = await testDb.db.select().from(priceChanges).where(eq(priceChanges.changedBy, dewi.id));
    expect(dewisRows.filter((h) => made.some((p) => p.id === h.productId))).toHaveLength(0);
  });

  it("refuses the whole save when a bad number or a stock below zero is typed", async () => {
    const [a, b] = await makeProducts(2, "Tomat");
    const rows = await boardOf([a.id, b.id]);
    const bad = await saveBoard(
      testDb.db,
      actor(dewi),
      boardForm(rows, { [a.id]: { price: "12000" }, [b.id]: { price: "12,5rb0" } }),
    );
    expect(bad).toMatchObject({ ok: false, status: 400 });
    if (!bad.ok) expect(bad.fieldErrors[`price:${b.id}`]).toBe("Harga harus angka rupiah, mis. 11.000 atau 11000.");
    const [row] = await testDb.db.select({ price: products.price }).from(products).where(eq(products.id, a.id));
    expect(row.price).toBe(10_000);
  });
});

describe("one screen at a time", () => {
  it("shows a category a page at a time, searches every category, and finds products without one", async () => {
    const sayur = await createCategory(testDb.db, "Layar Sayur");
    const bumbu = await createCategory(testDb.db, "Layar Bumbu");
    for (let i = 0; i < BOARD_PAGE_SIZE + 5; i++)
      await createProduct(testDb.db, { name: `Layar Sawi ${String(i).padStart(3, "0")}`, categoryId: sayur.id });
    await createProduct(testDb.db, { name: "Layar Kunyit", categoryId: bumbu.id });
    await createProduct(testDb.db, { name: "Layar Tanpa Rak", categoryId: null });

    const first = await loadPriceBoardPage(testDb.db, actor(dewi), { category: sayur.slug });
    expect(first).toMatchObject({ matched: BOARD_PAGE_SIZE + 5, page: 1, pages: 2, category: sayur.slug });
    expect(first.rows).toHaveLength(BOARD_PAGE_SIZE);
    expect(first.rows[0].name).toBe("Layar Sawi 000");
    expect(first.categories).toContainEqual({ slug: sayur.slug, name: "Layar Sayur", count: BOARD_PAGE_SIZE + 5 });
    const second = await loadPriceBoardPage(testDb.db, actor(dewi), { category: sayur.slug, page: 2 });
    expect(second.rows.map((r) => r.name)).toEqual(
      Array.from({ length: 5 }, (_, i) => `Layar Sawi ${String(BOARD_PAGE_SIZE + i).padStart(3, "0")}`),
    );
    // A page past the end (the list shrank) shows the last one.
    expect((await loadPriceBoardPage(testDb.db, actor(dewi), { category: sayur.slug, page: 9 })).page).toBe(2);

    const search = await loadPriceBoardPage(testDb.db, actor(dewi), { query: "layar k" });
    expect(search.rows.map((r) => r.name)).toEqual(["Layar Kunyit"]);
    const everywhere = await loadPriceBoardPage(testDb.db, actor(dewi), { query: "LAYAR" });
    expect(everywhere.matched).toBe(BOARD_PAGE_SIZE + 7);
    // The search's % and _ are letters, not wildcards.
    expect((await loadPriceBoardPage(testDb.db, actor(dewi), { query: "layar_" })).matched).toBe(0);
    const loose = await loadPriceBoardPage(testDb.db, actor(dewi), { category: NO_CATEGORY, query: "layar" });
    expect(loose.rows.map((r) => r.name)).toEqual(["Layar Tanpa Rak"]);
  });
});

describe("'Berlaku mulai'", () => {
  it("keeps today's price until the time, then the clock job applies it without a request", async () => {
    setClock(fixedClock("2026-11-27T21:00:00+07:00"));
    const [telur] = await makeProducts(1, "Telur");
    const rows = await boardOf([telur.id]);
    const saved = await saveBoard(
      testDb.db,
      actor(dewi),
      boardForm(
        rows,
        { [telur.id]: { price: "27rb" } },
        { when: "later", effectiveDate: "2026-11-28", effectiveTime: "04:00" },
      ),
    );
    expect(saved.ok).toBe(true);
    const priceNow = async () =>
      (await testDb.db.select({ price: products.price }).from(products).where(eq(products.id, telur.id)))[0].price;
    expect(await priceNow()).toBe(10_000);
    expect((await boardOf([telur.id]))[0].scheduled).toMatchObject({ price: 27_000 });

    expect(await applyDuePrices(testDb.db, new Date("2026-11-28T03:59:59+07:00"))).toEqual({ applied: 0 });
    expect(await priceNow()).toBe(10_000);
    const before = await catalogVersion();
    expect(await applyDuePrices(testDb.db, new Date("2026-11-28T04:00:00+07:00"))).toEqual({ applied: 1 });
    expect(await priceNow()).toBe(27_000);
    expect(await catalogVersion()).toBe(before + 1);
    const [history] = await testDb.db.select().from(priceChanges).where(eq(priceChanges.productId, telur.id));
    expect(history).toMatchObject({
      priceBefore: 10_000,
      priceAfter: 27_000,
      source: "scheduled",
      changedBy: dewi.id,
      scheduledFor: new Date("2026-11-28T04:00:00+07:00"),
    });
    // Applied once: a second look finds nothing due.
    expect(await applyDuePrices(testDb.db, new Date("2026-11-28T04:01:00+07:00"))).toEqual({ applied: 0 });
  });

  it("catches up after a night the server was down: the first look applies what came due", async () => {
    setClock(fixedClock("2026-11-27T22:00:00+07:00"));
    const [a] = await makeProducts(1, "Kentang");
    const saved = await saveBoard(
      testDb.db,
      actor(dewi),
      boardForm(
        await boardOf([a.id]),
        { [a.id]: { price: "15000" } },
        { when: "later", effectiveDate: "2026-11-28", effectiveTime: "04:00" },
      ),
    );
    expect(saved.ok).toBe(true);
    expect(await applyDuePrices(testDb.db, new Date("2026-11-28T09:30:00+07:00"))).toEqual({ applied: 1 });
    const [row] = await testDb.db.select({ price: products.price }).from(products).where(eq(products.id, a.id));
    expect(row.price).toBe(15_000);
    const waiting = await testDb.db.select().from(scheduledPrices).where(eq(scheduledPrices.productId, a.id));
    expect(waiting[0].appliedAt).toEqual(new Date("2026-11-28T09:30:00+07:00"));
  });

  it("refuses a time already past", async () => {
    setClock(fixedClock("2026-11-27T22:00:00+07:00"));
    const [a] = await makeProducts(1, "Wortel");
    const result = await saveBoard(
      testDb.db,
      actor(dewi),
      boardForm(
        await boardOf([a.id]),
        { [a.id]: { price: "15000" } },
        { when: "later", effectiveDate: "2026-11-27", effectiveTime: "04:00" },
      ),
    );
    expect(result).toMatchObject({
      ok: false,
      fieldErrors: { effectiveDate: "'Berlaku mulai' harus nanti, bukan waktu yang sudah lewat." },
    });
  });
});

describe("CSV round trip", () => {
  it("downloads UTF-8 with a BOM, formula-neutralised names and numbers as numbers", async () => {
    await createProduct(testDb.db, { name: '=HYPERLINK("http://x")', slug: "rumus-nama", price: 7000, stock: 3 });
    const csv = await priceBoardCsv(testDb.db, actor(dewi));
    expect(csv.startsWith("\uFEFFslug;nama;kategori;satuan;ditimbang;harga;diskon;stok;aktif\r\n")).toBe(true);
    expect(csv).toContain(`rumus-nama;"'=HYPERLINK(""http://x"")";;per ikat;tidak;7000;0;3;ya\r\n`);
  });

  it("shows the dry run row by row and applies exactly the good rows on 'Terapkan'", async () => {
    const changed = await createProduct(testDb.db, {
      name: "Cabai Rawit CSV",
      slug: "cabai-rawit-csv",
      price: 60_000,
      stock: 10,
    });
    const blank = await createProduct(testDb.db, { name: "Bayam CSV", slug: "bayam-csv", price: 4_000, stock: 8 });
    const same = await createProduct(testDb.db, { name: "Kangkung CSV", slug: "kangkung-csv", price: 3_000, stock: 5 });
    const missing = await createProduct(testDb.db, { name: "Jahe CSV", slug: "jahe-csv", price: 25_000, stock: 12 });
    const badNumber = await createProduct(testDb.db, { name: "Tomat CSV", slug: "tomat-csv", price: 9_000, stock: 7 });
    const file = [
      "\uFEFFslug;nama;harga;diskon;stok;aktif;catatan",
      "cabai-rawit-csv;Cabai Rawit CSV;65.000;;12;;naik",
      "bayam-csv;Bayam CSV;;;;;",
      "kangkung-csv;Kangkung CSV;3000;0;5;ya;",
      "tomat-csv;Tomat CSV;sembilan ribu;;;;",
      '"rumus-baru";"=HYPERLINK(""http://jahat"")";5000;;;;',
      "labu-siam-csv;Labu Siam;6rb;;15;ya;baru",
    ].join("\r\n");
    const preview = await previewPriceCsv(testDb.db, actor(dewi), {
      file: new File([file], "harga.csv", { type: "text/csv" }),
    });
    expect(preview.ok).toBe(true);
    if (!preview.ok) return;
    const dryRun: DryRun = preview.dryRun;
    expect(dryRun.ignoredColumns).toEqual(["catatan"]);
    expect(dryRun.rows.map((r) => [r.slug, r.status])).toEqual([
      ["cabai-rawit-csv", "Berubah"],
      ["bayam-csv", "Tidak berubah"],
      ["kangkung-csv", "Tidak berubah"],
      ["tomat-csv", "Salah"],
      ["rumus-baru", "Salah"],
      ["labu-siam-csv", "Baru"],
    ]);
    expect(dryRun.rows[0].detail).toBe("Harga Rp\u00a060.000 -> Rp\u00a065.000; Stok 10 -> 12.");
    expect(dryRun.rows[3].detail).toContain(
      'Harga harus angka rupiah, mis. 11.000 atau 11000. (tertulis "sembilan ribu")',
    );
    expect(dryRun.rows[4].detail).toContain("Nama tidak boleh diawali =, +, - atau @");
    expect(dryRun.counts).toEqual({ Baru: 1, Berubah: 1, "Tidak berubah": 2, Salah: 2 });

    // Nothing is stored by the dry run.
    const priceOf = async (id: string) =>
      (await testDb.db.select({ price: products.price }).from(products).where(eq(products.id, id)))[0].price;
    expect(await priceOf(changed.id)).toBe(60_000);

    const before = await catalogVersion();
    const applied = await applyPriceCsv(testDb.db, actor(dewi), csvApplySchema.parse({ plan: dryRun.plan }));
    expect(applied).toMatchObject({
      ok: true,
      message: "1 produk baru dibuat. Tersimpan: 1 harga diperbarui, 1 stok diperbarui.",
    });
    // A new product and a changed price: one catalog change, one version step.
    expect(await catalogVersion()).toBe(before + 1);
    expect(await priceOf(changed.id)).toBe(65_000);
    expect(await stockOf(testDb.db, changed.id)).toBe(12);
    expect(await priceOf(blank.id)).toBe(4_000);
    expect(await stockOf(testDb.db, blank.id)).toBe(8);
    expect(await priceOf(same.id)).toBe(3_000);
    expect(await priceOf(missing.id)).toBe(25_000);
    expect(await stockOf(testDb.db, missing.id)).toBe(12);
    expect(await priceOf(badNumber.id)).toBe(9_000);
    const [labu] = await testDb.db.select().from(products).where(eq(products.slug, "labu-siam-csv"));
    expect(labu).toMatchObject({ name: "Labu Siam", price: 6_000, stock: 15, isActive: true });
    expect(await testDb.db.select().from(products).where(eq(products.slug, "rumus-baru"))).toHaveLength(0);
    const [history] = await testDb.db.select().from(priceChanges).where(eq(priceChanges.productId, changed.id));
    expect(history).toMatchObject({ source: "csv", priceBefore: 60_000, priceAfter: 65_000, changedBy: dewi.id });
  });

  it("refuses a file whose header has no slug column, and reads back its own download", async () => {
    const wrong = await previewPriceCsv(testDb.db, actor(dewi), {
      file: new File(["nama,harga\nBayam,4000\n"], "salah.csv"),
    });
    expect(wrong).toMatchObject({ ok: false, status: 400, title: "CSV Ditolak" });
    if (!wrong.ok) expect(wrong.message).toContain("kolom 'slug' tidak ada");

    const own = await priceBoardCsv(testDb.db, actor(dewi));
    const again = await previewPriceCsv(testDb.db, actor(dewi), { file: new File([own], "harga-hari-ini.csv") });
    expect(again.ok).toBe(true);
    if (!again.ok) return;
    expect(again.dryRun.counts.Salah).toBe(0);
    expect(again.dryRun.counts.Berubah).toBe(0);
    expect(again.dryRun.rows.length).toBe(parseCsv(own).rows.length - 1);
  });
});
