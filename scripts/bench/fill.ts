// Bulk test data for the benchmarks: a catalog and a history of orders, made with
// generate_series in the database itself (raw SQL is fine here: bench fill code only, and
// a million rows one insert at a time would take an hour).
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";

export type FillSize = { products: number; orders: number };

export const CATEGORY_COUNT = 24;
const VEGETABLES = [
  "Bayam",
  "Kangkung",
  "Sawi",
  "Wortel",
  "Kentang",
  "Tomat",
  "Cabai",
  "Bawang",
  "Brokoli",
  "Kubis",
  "Terong",
  "Timun",
  "Labu",
  "Buncis",
  "Kacang",
  "Jagung",
  "Selada",
  "Seledri",
  "Daun Bawang",
  "Jahe",
  "Kunyit",
  "Lengkuas",
  "Pisang",
  "Jeruk",
  "Apel",
  "Mangga",
  "Pepaya",
  "Semangka",
  "Melon",
  "Nanas",
  "Salak",
  "Rambutan",
  "Durian",
  "Alpukat",
  "Jambu",
  "Anggur",
  "Buah Naga",
  "Kelapa",
  "Singkong",
  "Ubi",
];
const ADJECTIVES = [
  "Segar",
  "Organik",
  "Lokal",
  "Super",
  "Premium",
  "Hidroponik",
  "Muda",
  "Besar",
  "Kecil",
  "Merah",
  "Hijau",
  "Kuning",
  "Manis",
  "Pedas",
  "Jember",
  "Malang",
  "Lumajang",
  "Banyuwangi",
  "Pilihan",
  "Ekonomis",
];
export const FIRST_NAMES = [
  "Siti",
  "Dewi",
  "Sri",
  "Ani",
  "Rina",
  "Wati",
  "Yuni",
  "Lina",
  "Fitri",
  "Nur",
  "Budi",
  "Agus",
  "Joko",
  "Eko",
  "Dedi",
  "Andi",
  "Rudi",
  "Hadi",
  "Bambang",
  "Slamet",
  "Putri",
  "Ayu",
  "Indah",
  "Ratna",
  "Dian",
  "Rizki",
  "Fajar",
  "Hendra",
  "Yusuf",
  "Ahmad",
  "Maya",
  "Tuti",
  "Endang",
  "Sari",
  "Lestari",
  "Wahyu",
  "Irfan",
  "Bayu",
  "Teguh",
  "Arif",
  "Nanda",
  "Citra",
  "Kartika",
  "Mega",
  "Novi",
  "Rahmat",
  "Imam",
  "Taufik",
  "Gilang",
  "Dimas",
];
export const LAST_NAMES = [
  "Rahayu",
  "Susanti",
  "Wulandari",
  "Setiawan",
  "Santoso",
  "Hidayat",
  "Saputra",
  "Pratama",
  "Nugroho",
  "Kurniawan",
  "Wijaya",
  "Lestari",
  "Handayani",
  "Purnomo",
  "Sutrisno",
  "Suharto",
  "Hartono",
  "Gunawan",
  "Permata",
  "Anggraini",
  "Maharani",
  "Firmansyah",
  "Ramadhan",
  "Syahputra",
  "Hakim",
  "Utami",
  "Puspita",
  "Sari",
  "Yulianti",
  "Kusuma",
  "Halim",
  "Sembiring",
  "Siregar",
  "Nasution",
  "Lubis",
  "Harahap",
  "Simanjuntak",
  "Tanjung",
  "Pohan",
  "Daulay",
];

const pgArray = (values: string[]) => sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(",")}]`);

/** Customers: one per 100 orders (at least 10), so a customer has about a hundred orders. */
export function customerCount(size: FillSize): number {
  return Math.max(10, Math.round(size.orders / 100));
}

export async function fillShop(db: Database, size: FillSize, log: (msg: string) => void): Promise<void> {
  const users = customerCount(size);
  const P = sql.raw(String(size.products));
  const O = sql.raw(String(size.orders));
  const U = sql.raw(String(users));
  const C = sql.raw(String(CATEGORY_COUNT));
  let started = Date.now();
  const step = (what: string) => {
    log(`  ${what} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    started = Date.now();
  };

  await db.execute(
    sql`insert into categories (name, slug) select 'Bench Kategori ' || i, 'bench-kategori-' || i from generate_series(1, ${C}) i`,
  );
  await db.execute(sql`
    insert into products (name, slug, price, unit, discount, stock, featured, description, category_id, is_active)
    select (${pgArray(VEGETABLES)})[1 + i % ${sql.raw(String(VEGETABLES.length))}] || ' ' || (${pgArray(ADJECTIVES)})[1 + (i / ${sql.raw(String(VEGETABLES.length))}) % ${sql.raw(String(ADJECTIVES.length))}] || ' ' || i,
           'bench-produk-' || i, 1000 + (i * 7919) % 90000, 'kg', case when i % 7 = 0 then 10 else 0 end, 1000000, i % 997 = 0, '', c.id, i % 50 <> 0
    from generate_series(1, ${P}) i join categories c on c.slug = 'bench-kategori-' || (1 + i % ${C})`);
  step(`${size.products} products`);
  await db.execute(sql`
    insert into users (id, name, email, email_verified, phone, address)
    select 'bench-user-' || i, (${pgArray(FIRST_NAMES)})[1 + i % ${sql.raw(String(FIRST_NAMES.length))}] || ' ' || (${pgArray(LAST_NAMES)})[1 + (i / ${sql.raw(String(FIRST_NAMES.length))}) % ${sql.raw(String(LAST_NAMES.length))}],
           'bench' || i || '@contoh.id', true, '0812' || lpad(i::text, 8, '0'), 'Jl. Bench No. ' || i || ', Jember'
    from generate_series(1, ${U}) i`);
  step(`${users} customers`);
  // The per-day sales figures' triggers are off for the bulk insert and the figures are
  // rebuilt once afterwards with the migration's own backfill (one grouped pass instead of
  // three million trigger calls); every later change in the bench goes through the triggers.
  await db.execute(sql`alter table orders disable trigger orders_keep_stats`);
  await db.execute(sql`alter table order_items disable trigger order_items_keep_stats`);
  // Spread over two years; one in twenty pending, one in twenty processing, most completed.
  await db.execute(sql`
    insert into orders (user_id, status, total_amount, delivery_fee, delivery_slot, delivery_time, delivery_date, recipient_name, recipient_phone, recipient_address, idempotency_key, created_at, updated_at)
    select 'bench-user-' || u, s.status, 10000 + (i * 31) % 200000, 5000, s.slot, s.time, (t + interval '1 day')::date,
           (${pgArray(FIRST_NAMES)})[1 + u % ${sql.raw(String(FIRST_NAMES.length))}] || ' ' || (${pgArray(LAST_NAMES)})[1 + (u / ${sql.raw(String(FIRST_NAMES.length))}) % ${sql.raw(String(LAST_NAMES.length))}],
           '0812' || lpad(u::text, 8, '0'), 'Jl. Bench No. ' || u || ', Jember', 'bench-' || i, t, t
    from generate_series(1, ${O}) i
    cross join lateral (select (1 + (i::bigint * 7919) % ${U})::int as u, now() - make_interval(mins => ((${O} - i)::bigint * (730 * 24 * 60) / ${O})::int) as t) x
    cross join lateral (select case when i % 20 = 0 then 'pending' when i % 20 = 1 then 'processing' when i % 20 = 2 then 'cancelled' else 'completed' end as status,
                               case when i % 2 = 0 then 'pagi' else 'sore' end as slot,
                               case when i % 2 = 0 then '05:00 - 07:00' else '16:00 - 18:00' end as time) s`);
  step(`${size.orders} orders`);
  await db.execute(sql`
    insert into order_items (order_id, product_id, product_name, product_unit, quantity, price, original_price, discount)
    select o.id, p.id, p.name, p.unit, 1 + n, p.price, p.price, 0
    from orders o cross join generate_series(0, 1) n
    join products p on p.slug = 'bench-produk-' || (1 + abs(hashtext(o.idempotency_key || n)) % ${P})
    where o.idempotency_key like 'bench-%'`);
  step(`${size.orders * 2} order items`);
  await db.execute(sql`alter table orders enable trigger orders_keep_stats`);
  await db.execute(sql`alter table order_items enable trigger order_items_keep_stats`);
  await db.execute(sql`select rebuild_order_stats()`);
  // What autovacuum does soon after on a live shop: marks the figures' pages all-visible, so
  // the reports read their covering index alone.
  await db.execute(sql`vacuum order_day_stats, order_product_day_stats`);
  step("per-day sales figures rebuilt (what the migration's backfill costs at this size)");
  await db.execute(sql`analyze`);
  step("analyze");
}
