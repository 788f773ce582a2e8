// The report's best sellers, ranked in this process from the database's per-day product
// figures (order_product_day_stats, kept by triggers in the same transaction as every order
// change). A range's ranking needs every product's sum over the range: with a large catalog
// sold evenly a year is about a million product-days, which PostgreSQL groups and sorts in
// ~0.6 s but typed arrays add up in a few milliseconds. So the process keeps the figures of
// the days it has read, each with its day's change counter (order_product_day_versions,
// raised by a trigger in the same transaction as every figure change), and each read asks the
// database, in one statement, for the counters of the range's days and the figures of those
// days whose counter differs from the one held. One statement sees one snapshot: a held day
// is always exactly what the database says for its counter, whatever other processes did.
// A new process reads a year of them in the background when it starts (warmHeldDays), so
// the report's first view does not pay for it; a read meanwhile waits for that same load.
import { sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { addDays } from "~/lib/dates";
import { defaultReportRange, REPORT_MAX_DAYS, type ProductFigures, type ReportRange } from "~/lib/reports";

type Row = Record<string, unknown>;
function rowsOf(result: unknown): Row[] {
  return (result as { rows?: Row[] }).rows ?? (result as Row[]);
}

/** One day's product figures: parallel arrays, one entry per product sold that day. */
type DayPage = {
  version: string;
  products: Int32Array;
  quantity: Float64Array;
  revenue: Float64Array;
  lines: Float64Array;
  lastUsed: number;
};

/** A day's figures as the database sends them: one array per column (null for no rows). */
type DayColumns = { k: string[]; w: boolean[]; q: number[]; r: number[]; l: number[] };

type Store = {
  /** Product (key and whether sold by weight) to its slot in the sums, and back. */
  slots: { units: Map<string, number>; weighed: Map<string, number> };
  keys: string[];
  weighed: boolean[];
  days: Map<string, DayPage>;
  heldEntries: number;
  reads: number;
  /** The sums of the ranges read lately, and which held day each was made from. */
  sums: Map<string, RangeSums>;
  /** Product-day figures read from the database so far, and by how many statements. */
  figuresRead: number;
  loads: number;
  /** The start-up load of the held days, while it runs. */
  warming?: Warming;
};

/** One block of days the start-up load reads, and when it is done (never rejects). */
type WarmBlock = ReportRange & { done: Promise<void> };
type Warming = { blocks: WarmBlock[]; stopped: boolean; finished: Promise<void> };

type RangeSums = {
  pages: Map<string, DayPage>;
  quantity: Float64Array;
  revenue: Float64Array;
  lines: Float64Array;
  lastUsed: number;
  /** The lists last made from these sums, per length; forgotten when a day changes. */
  lists: Map<number, Rankings>;
};

/** Ranges whose sums are kept (each three numbers per product of the catalog). */
const MAX_RANGE_SUMS = 8;

/**
 * Most product-days a process keeps per database: a year of a 100,000-product catalog sold
 * evenly is ~940,000 (about 30 MB); a greengrocer's few hundred products need ~110,000 for a
 * year. Days read longest ago go first when a range needs more room.
 */
const MAX_HELD_ENTRIES = 1_500_000;

// Per database object: tests open many databases in one process, and a transaction or
// another database must never see figures held for a different one.
const stores = new WeakMap<object, Store>();

function storeOf(db: Queryable): Store {
  let store = stores.get(db);
  if (!store) {
    store = {
      slots: { units: new Map(), weighed: new Map() },
      keys: [],
      weighed: [],
      days: new Map(),
      heldEntries: 0,
      reads: 0,
      sums: new Map(),
      figuresRead: 0,
      loads: 0,
    };
    stores.set(db, store);
  }
  return store;
}

/** Forgets the days held for this database (the bench's first read by a new process). */
export function forgetHeldDays(db: Queryable) {
  stores.delete(db);
}

function slotOf(store: Store, key: string, weighed: boolean): number {
  const slots = weighed ? store.slots.weighed : store.slots.units;
  let slot = slots.get(key);
  if (slot === undefined) {
    slot = store.keys.length;
    slots.set(key, slot);
    store.keys.push(key);
    store.weighed.push(weighed);
  }
  return slot;
}

/**
 * Brings the held days of the range up to date with one statement and returns them; days of
 * the range without a counter have never had a product figure.
 */
async function daysOfRange(db: Queryable, store: Store, range: ReportRange): Promise<Map<string, DayPage>> {
  // The pages as they are now: another read of this process may replace them meanwhile.
  const held = new Map<string, DayPage>();
  for (const [day, page] of store.days) if (day >= range.from && day <= range.to) held.set(day, page);
  const heldDays = [...held.keys()];
  const heldVersions = [...held.values()].map((page) => page.version);
  // One row per day of the range that has a counter; the figures only for days whose counter
  // differs from the held one (a one-time filter: unchanged days are not read at all), as one
  // JSON object of columns per day (a million rows as objects would cost seconds to parse).
  const rows = rowsOf(
    await db.execute(sql`
      with v as (
        select day, version from order_product_day_versions where day between ${range.from} and ${range.to}
      ), held as (
        select h.day::date as day, h.version::bigint as version
        from unnest(string_to_array(${heldDays.join(",")}, ','), string_to_array(${heldVersions.join(",")}, ',')) as h(day, version)
      ), c as (
        select v.day, v.version, (h.version is not distinct from v.version) as same
        from v left join held h on h.day = v.day
      )
      select c.day::text as day, c.version::text as version, c.same, f.figures
      from c cross join lateral (
        select json_build_object('k', json_agg(s.product_key), 'w', json_agg(s.sold_by_weight), 'q', json_agg(s.quantity),
                                 'r', json_agg(s.revenue), 'l', json_agg(s.line_count)) as figures
        from order_product_day_stats s
        where s.day = c.day and not c.same
      ) f`),
  );
  const read = ++store.reads;
  store.loads++;
  const pages = new Map<string, DayPage>();
  for (const row of rows) {
    const day = String(row.day);
    let page = held.get(day);
    if (row.same === true && page) {
      page.lastUsed = read;
      if (!store.days.has(day)) {
        store.days.set(day, page);
        store.heldEntries += page.products.length;
      }
    } else {
      const f = (typeof row.figures === "string" ? JSON.parse(row.figures) : row.figures) as DayColumns;
      const n = f.k?.length ?? 0;
      store.figuresRead += n;
      page = {
        version: String(row.version),
        products: new Int32Array(n),
        quantity: new Float64Array(n),
        revenue: new Float64Array(n),
        lines: new Float64Array(n),
        lastUsed: read,
      };
      for (let j = 0; j < n; j++) {
        page.products[j] = slotOf(store, f.k[j], f.w[j] === true);
        page.quantity[j] = Number(f.q[j]);
        page.revenue[j] = Number(f.r[j]);
        page.lines[j] = Number(f.l[j]);
      }
      const before = store.days.get(day);
      if (before) store.heldEntries -= before.products.length;
      store.days.set(day, page);
      store.heldEntries += n;
    }
    pages.set(day, page);
  }
  if (store.heldEntries > MAX_HELD_ENTRIES) {
    const oldest = [...store.days.entries()].sort((a, b) => a[1].lastUsed - b[1].lastUsed);
    for (const [day, page] of oldest) {
      if (store.heldEntries <= MAX_HELD_ENTRIES) break;
      store.heldEntries -= page.products.length;
      store.days.delete(day);
    }
  }
  return pages;
}

type RankedProduct = Omit<ProductFigures, "name" | "unit">;
export type Rankings = Record<"revenue" | "units" | "weight", ProductFigures[]>;

/** Higher value first; equal values by product key (code-unit order), units before weighed. */
function before(store: Store, value: Float64Array, a: number, b: number): boolean {
  if (value[a] !== value[b]) return value[a] > value[b];
  const ka = store.keys[a];
  const kb = store.keys[b];
  if (ka !== kb) return ka < kb;
  return !store.weighed[a] && store.weighed[b];
}

function topOf(store: Store, value: Float64Array, lines: Float64Array, limit: number, keep: (slot: number) => boolean) {
  const top: number[] = [];
  for (let slot = 0; slot < store.keys.length; slot++) {
    if (lines[slot] <= 0 || !keep(slot)) continue;
    if (top.length === limit && !before(store, value, slot, top[limit - 1])) continue;
    let at = top.length === limit ? limit - 1 : top.length;
    while (at > 0 && before(store, value, slot, top[at - 1])) {
      top[at] = top[at - 1];
      at--;
    }
    top[at] = slot;
    if (top.length > limit) top.length = limit;
  }
  return top;
}

/**
 * The range's best sellers by revenue, by units (products sold per piece, bunch...) and by
 * weight (grams of products sold per kg), each a top `limit` of the products whose lines in
 * the range (of orders not cancelled) add up to more than none. The names and units of the
 * few products shown come from their latest day in the range, one index lookup each (a name
 * changes only with its day's figures, so the lists are kept until a day of the range does).
 */
export async function rankBestSellers(db: Queryable, range: ReportRange, limit: number): Promise<Rankings> {
  const store = storeOf(db);
  await warmedFor(store, range);
  const pages = await daysOfRange(db, store, range);
  const sums = sumsOf(store, range, pages);
  const kept = sums.lists.get(limit);
  // A copy: the caller may change what it is given.
  if (kept) return structuredClone(kept);
  const { quantity, revenue, lines } = sums;
  const figures = (slot: number): RankedProduct => ({
    key: store.keys[slot],
    soldByWeight: store.weighed[slot],
    quantity: quantity[slot],
    revenue: revenue[slot],
    lines: lines[slot],
  });
  const ranked = {
    revenue: topOf(store, revenue, lines, limit, () => true).map(figures),
    units: topOf(store, quantity, lines, limit, (slot) => !store.weighed[slot]).map(figures),
    weight: topOf(store, quantity, lines, limit, (slot) => store.weighed[slot]).map(figures),
  };
  const lists = await named(db, range, ranked);
  // Kept only if no day of the range changed while the names were read.
  if (sums.lists.size === 0 && [...pages].every(([day, page]) => sums.pages.get(day) === page))
    sums.lists.set(limit, lists);
  return lists;
}

async function named(
  db: Queryable,
  range: ReportRange,
  ranked: Record<keyof Rankings, RankedProduct[]>,
): Promise<Rankings> {
  const wanted = [
    ...new Map([...ranked.revenue, ...ranked.units, ...ranked.weight].map((r) => [nameKey(r), r])).values(),
  ];
  const names = new Map<string, { name: string; unit: string }>();
  if (wanted.length > 0) {
    const keys = sql.join(
      wanted.map((r) => sql`${r.key}`),
      sql`, `,
    );
    const weighed = sql.join(
      wanted.map((r) => sql`${r.soldByWeight}`),
      sql`, `,
    );
    const rows = rowsOf(
      await db.execute(sql`
        select k.key, k.weighed, s.product_name as name, s.product_unit as unit
        from unnest(array[${keys}]::text[], array[${weighed}]::boolean[]) as k(key, weighed)
        cross join lateral (
          select product_name, product_unit from order_product_day_stats
          where product_key = k.key and sold_by_weight = k.weighed and day between ${range.from} and ${range.to}
          order by day desc limit 1
        ) s`),
    );
    for (const r of rows)
      names.set(nameKey({ key: String(r.key), soldByWeight: r.weighed === true }), {
        name: String(r.name),
        unit: String(r.unit),
      });
  }
  const label = (r: RankedProduct): ProductFigures => ({
    ...r,
    ...(names.get(nameKey(r)) ?? { name: r.key.replace(/^nama:/, ""), unit: "" }),
  });
  return { revenue: ranked.revenue.map(label), units: ranked.units.map(label), weight: ranked.weight.map(label) };
}

const nameKey = (r: { key: string; soldByWeight: boolean }) => `${r.key}|${r.soldByWeight}`;

function addPage(sums: RangeSums, page: DayPage, sign: 1 | -1) {
  const { quantity, revenue, lines } = sums;
  const { products: p, quantity: q, revenue: r, lines: l } = page;
  for (let j = 0; j < p.length; j++) {
    const slot = p[j];
    quantity[slot] += sign * q[j];
    revenue[slot] += sign * r[j];
    lines[slot] += sign * l[j];
  }
}

function grown(values: Float64Array, size: number): Float64Array {
  if (values.length >= size) return values;
  const bigger = new Float64Array(Math.max(size, Math.ceil(values.length * 1.25)));
  bigger.set(values);
  return bigger;
}

/**
 * Every product's sums over the range. The sums of a range read lately are brought up to
 * date by taking away the days that changed since (as they were then) and adding them as they
 * are now: after a new order that is one day, not the whole range. Figures are whole numbers
 * far below 2^53, so taking away is exact.
 */
function sumsOf(store: Store, range: ReportRange, pages: Map<string, DayPage>): RangeSums {
  const id = `${range.from}|${range.to}`;
  const n = store.keys.length;
  let sums = store.sums.get(id);
  if (!sums) {
    sums = {
      pages: new Map(),
      quantity: new Float64Array(n),
      revenue: new Float64Array(n),
      lines: new Float64Array(n),
      lastUsed: 0,
      lists: new Map(),
    };
    store.sums.set(id, sums);
    if (store.sums.size > MAX_RANGE_SUMS) {
      const oldest = [...store.sums.entries()].sort((a, b) => a[1].lastUsed - b[1].lastUsed)[0];
      store.sums.delete(oldest[0]);
    }
  }
  sums.lastUsed = store.reads;
  sums.quantity = grown(sums.quantity, n);
  sums.revenue = grown(sums.revenue, n);
  sums.lines = grown(sums.lines, n);
  for (const [day, page] of sums.pages) {
    if (pages.get(day) === page) continue;
    sums.lists.clear();
    addPage(sums, page, -1);
    sums.pages.delete(day);
  }
  for (const [day, page] of pages) {
    if (sums.pages.has(day)) continue;
    sums.lists.clear();
    addPage(sums, page, 1);
    sums.pages.set(day, page);
  }
  return sums;
}

/** How many product-day figures this process has read for the database, and in how many reads. */
export function heldDaysStats(db: Queryable): { figuresRead: number; loads: number; heldDays: number } {
  const store = stores.get(db);
  return { figuresRead: store?.figuresRead ?? 0, loads: store?.loads ?? 0, heldDays: store?.days.size ?? 0 };
}

/** Days the start-up load reads per statement after the default range: about a month. */
const WARM_BLOCK_DAYS = 31;

/**
 * Reads the figures of the last `REPORT_MAX_DAYS` days ending `today` into this process, so
 * the report's first view after a start does not read them itself (a year of a
 * 100,000-product catalog takes 0.5-3 s). Newest first, in blocks: the default range (the
 * report's first view) is the first block, then a month at a time going back, so a read of
 * the default range waits only for the first block and a stop waits at most for one block.
 * A read of a range the load covers waits for the blocks it needs (the same statements, not
 * a second read of the same days); other reads go on as usual. Resolves when done; a failed
 * block ends the load with its error, and the reads waiting for it then read for themselves.
 */
export function warmHeldDays(db: Queryable, today: string): Promise<void> {
  const store = storeOf(db);
  if (store.warming) return store.warming.finished;
  const first = defaultReportRange(today);
  const ranges: ReportRange[] = [first];
  const oldest = addDays(today, -(REPORT_MAX_DAYS - 1));
  for (let to = addDays(first.from, -1); to >= oldest; to = addDays(to, -WARM_BLOCK_DAYS)) {
    const from = addDays(to, -(WARM_BLOCK_DAYS - 1));
    ranges.push({ from: from < oldest ? oldest : from, to });
  }
  const warming: Warming = { blocks: [], stopped: false, finished: Promise.resolve() };
  let previous: Promise<unknown> = Promise.resolve();
  const loads = ranges.map((range) => {
    // Each block after a turn of the event loop: on the embedded database a statement runs on
    // the server's own thread, and requests arriving meanwhile (even their headers) wait for it.
    const load = previous.then(nextTurn).then(async () => {
      if (warming.stopped || stores.get(db) !== store) return;
      const pages = await daysOfRange(db, store, range);
      // The first block is the report's default view: its sums are ready for the first read.
      if (range === first) sumsOf(store, range, pages);
    });
    previous = load;
    warming.blocks.push({ ...range, done: load.then(noop, noop) });
    return load;
  });
  store.warming = warming;
  warming.finished = Promise.all(loads).then(
    () => {
      if (store.warming === warming) store.warming = undefined;
    },
    (error: unknown) => {
      if (store.warming === warming) store.warming = undefined;
      throw error;
    },
  );
  return warming.finished;
}

/**
 * Stops the start-up load of this database after the block it is reading, and waits for that
 * block (at most a month of figures), so the database can be closed right after.
 */
export async function stopWarmingHeldDays(db: Queryable): Promise<void> {
  const warming = stores.get(db)?.warming;
  if (!warming) return;
  warming.stopped = true;
  await warming.finished.catch(noop);
}

const noop = () => {};
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Waits for the blocks of the start-up load that hold days of the range, if it is running. */
async function warmedFor(store: Store, range: ReportRange): Promise<void> {
  const blocks = store.warming?.blocks.filter((b) => b.from <= range.to && b.to >= range.from);
  if (blocks?.length) await Promise.all(blocks.map((b) => b.done));
}
