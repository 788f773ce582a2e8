// The board of 'Harga Hari Ini': one plain form with one screen of products (it saves without
// scripts), grouped by category. With scripts: live search, 'Hanya yang berubah', Enter moves
// down a column like a spreadsheet, and leaving with unsaved changes asks first.
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { Form, Link, useBlocker } from "react-router";
import { formatDateTime } from "~/lib/dates";
import { formatRupiah } from "~/lib/money";
import { WEIGHED_BADGE } from "~/lib/weight";
import { cn } from "~/lib/utils";
import { SubmitButton } from "./submit-button";
import { Pill } from "./pill";

export type PriceBoardRow = {
  id: string;
  name: string;
  slug: string;
  categoryName: string | null;
  unit: string;
  soldByWeight: boolean;
  price: number;
  discount: number;
  stock: number;
  isActive: boolean;
  version: number;
  scheduled: { price: number; discount: number; effectiveAt: Date | string } | null;
};

/** Which screen of the board is shown: a category (or all), a search, a page of rows. */
export type BoardScreen = {
  category: string | null;
  categories: { slug: string; name: string; count: number }[];
  page: number;
  pages: number;
  matched: number;
  pageSize: number;
};

type Failure = { fieldErrors: Partial<Record<string, string>>; values: Partial<Record<string, string>> } | null;

const grouped = new Intl.NumberFormat("id-ID");
type Column = "price" | "discount" | "stock" | "active";

export const LEAVE_WARNING = "Ada perubahan harga yang belum disimpan. Tinggalkan halaman ini?";

function shown(row: PriceBoardRow, column: Exclude<Column, "active">): string {
  if (column === "price") return grouped.format(row.price);
  return String(column === "discount" ? row.discount : row.stock);
}

export function PriceBoard({
  rows,
  failure,
  effective,
  query,
  screen,
}: {
  rows: PriceBoardRow[];
  failure: Failure;
  effective: { date: string; time: string };
  query: string;
  screen: BoardScreen;
}) {
  const [hydrated, setHydrated] = useState(false);
  const [search, setSearch] = useState(query);
  const [onlyChanged, setOnlyChanged] = useState(false);
  const [dirty, setDirty] = useState<ReadonlySet<string>>(new Set());
  const [when, setWhen] = useState<"now" | "later">("now");
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => setHydrated(true), []);

  // A failed save comes back with what was typed: those rows are still unsaved. A saved one
  // comes back as new rows: what they show is what is stored.
  useEffect(() => {
    if (formRef.current) setDirty(dirtyRows(formRef.current));
  }, [failure]);
  useEffect(() => {
    if (formRef.current) setDirty(dirtyRows(formRef.current));
    setOnlyChanged(false);
  }, [rows]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty.size > 0 &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(LEAVE_WARNING)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
  useEffect(() => {
    if (dirty.size === 0) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  const needle = search.trim().toLowerCase();
  const visible = (row: PriceBoardRow) =>
    (!needle || row.name.toLowerCase().includes(needle) || row.slug.includes(needle)) &&
    (!onlyChanged || dirty.has(row.id));
  const groups = useMemo(() => {
    const map = new Map<string, PriceBoardRow[]>();
    for (const row of rows) {
      const key = row.categoryName ?? "Tanpa Kategori";
      const list = map.get(key) ?? [];
      list.push(row);
      map.set(key, list);
    }
    return [...map.entries()];
  }, [rows]);

  /** Enter goes down the column (Shift+Enter up), skipping rows the search hides. */
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement;
    const column = target.dataset.col;
    if (event.key !== "Enter" || !column) return;
    event.preventDefault();
    const cells = [...event.currentTarget.querySelectorAll<HTMLInputElement>(`input[data-col="${column}"]`)].filter(
      (el) => el.offsetParent !== null,
    );
    const next = cells[cells.indexOf(target) + (event.shiftKey ? -1 : 1)];
    if (next) {
      next.focus();
      if (next.type !== "checkbox") next.select();
    }
  };

  const errorOf = (field: string, id: string) => failure?.fieldErrors[`${field}:${id}`];
  const valueOf = (field: string, row: PriceBoardRow, fallback: string) =>
    failure?.values[`${field}:${row.id}`] ?? fallback;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <Form method="get" className="flex min-w-64 flex-1 items-end gap-2" role="search">
          <label className="min-w-0 flex-1 space-y-1 text-sm font-medium text-stone-800">
            <span className="block">Cari produk</span>
            <input
              type="search"
              name="q"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder="mis. cabai (semua kategori)"
              className="h-11 w-full rounded-lg border border-stone-300 px-3 text-base"
            />
          </label>
          <button type="submit" className="h-11 rounded-lg border border-stone-300 bg-white px-4 text-sm font-semibold">
            Cari
          </button>
        </Form>
        <Form method="get" className="flex items-end gap-2">
          <label className="space-y-1 text-sm font-medium text-stone-800">
            <span className="block">Kategori</span>
            <select
              name="kategori"
              defaultValue={screen.category ?? ""}
              onChange={(e) => e.currentTarget.form?.requestSubmit()}
              className="h-11 max-w-[14rem] rounded-lg border border-stone-300 bg-white px-2 text-base"
            >
              <option value="">Semua kategori</option>
              {screen.categories.map((c) => (
                <option key={c.slug} value={c.slug}>
                  {c.name} ({c.count})
                </option>
              ))}
            </select>
          </label>
          <button
            type="submit"
            className={cn(
              "h-11 rounded-lg border border-stone-300 bg-white px-4 text-sm font-semibold",
              hydrated && "sr-only",
            )}
          >
            Tampilkan
          </button>
        </Form>
        {hydrated ? (
          <label className="flex h-11 items-center gap-2 text-sm font-medium text-stone-800">
            <input
              type="checkbox"
              checked={onlyChanged}
              onChange={(e) => setOnlyChanged(e.target.checked)}
              className="h-5 w-5"
            />
            Hanya yang berubah ({dirty.size})
          </label>
        ) : null}
      </div>

      <Pager query={query} screen={screen} />

      <Form id="batal-jadwal" method="post" className="hidden">
        <input type="hidden" name="intent" value="unschedule" />
      </Form>

      <Form
        method="post"
        ref={formRef}
        id="papan-harga"
        onKeyDown={onKeyDown}
        onInput={(e) => setDirty(dirtyRows(e.currentTarget))}
        onChange={(e) => setDirty(dirtyRows(e.currentTarget))}
        noValidate
        className="space-y-4"
      >
        {failure?.fieldErrors.form ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {failure.fieldErrors.form}
          </p>
        ) : null}
        {groups.map(([category, list]) => {
          const shownRows = list.filter(visible);
          return (
            <section
              key={category}
              className={cn(
                "rounded-xl border border-stone-200 bg-white shadow-sm",
                shownRows.length === 0 && "hidden",
              )}
              aria-label={category}
            >
              <h2 className="border-b border-stone-200 px-4 py-2 text-base font-bold text-stone-900">
                {category} <span className="text-sm font-normal text-stone-600">({list.length})</span>
              </h2>
              <div
                className="hidden grid-cols-[minmax(0,1fr)_9rem_5.5rem_8rem_4.5rem] gap-3 px-4 pt-2 text-xs font-semibold text-stone-600 md:grid"
                aria-hidden="true"
              >
                <span>Produk</span>
                <span>Harga (Rp)</span>
                <span>Diskon %</span>
                <span>Stok</span>
                <span>Aktif</span>
              </div>
              <ul className="divide-y divide-stone-100">
                {list.map((row) => {
                  const rowError = errorOf("row", row.id);
                  const cellErrors = ["price", "discount", "stock"].flatMap((f) => errorOf(f, row.id) ?? []);
                  return (
                    <li
                      key={`${row.id}-${row.version}-${row.stock}-${row.scheduled ? `${row.scheduled.price}-${String(row.scheduled.effectiveAt)}` : ""}`}
                      data-row={row.slug}
                      className={cn(
                        "board-row",
                        !visible(row) && "hidden",
                        dirty.has(row.id) && "bg-amber-50",
                        (rowError || cellErrors.length > 0) && "bg-red-50",
                      )}
                    >
                      <input type="hidden" name={`version:${row.id}`} value={row.version} />
                      <input type="hidden" name={`price0:${row.id}`} value={row.price} />
                      <input type="hidden" name={`discount0:${row.id}`} value={row.discount} />
                      <input type="hidden" name={`stock0:${row.id}`} value={row.stock} />
                      <input type="hidden" name={`active0:${row.id}`} value={row.isActive ? "1" : "0"} />
                      <div className="col-span-2 min-w-0 md:col-span-1">
                        <p className="font-semibold text-stone-900" id={`nama-${row.id}`}>
                          {row.name}
                        </p>
                        <p className="flex flex-wrap items-center gap-2 text-xs text-stone-600">
                          <span>{row.unit}</span>
                          {row.soldByWeight ? (
                            <Pill className="bg-sky-50 text-sky-800 ring-sky-200">{WEIGHED_BADGE}</Pill>
                          ) : null}
                          {row.scheduled ? (
                            <span className="inline-flex flex-wrap items-center gap-1 text-amber-800">
                              Mulai {formatDateTime(row.scheduled.effectiveAt)}: {formatRupiah(row.scheduled.price)}
                              {row.scheduled.discount > 0 ? ` (diskon ${row.scheduled.discount}%)` : ""}
                              <button
                                type="submit"
                                form="batal-jadwal"
                                name="productId"
                                value={row.id}
                                className="rounded px-1 font-semibold underline underline-offset-2"
                              >
                                Batalkan
                              </button>
                            </span>
                          ) : null}
                        </p>
                        {rowError ? (
                          <p role="alert" className="mt-1 text-sm font-semibold text-red-800">
                            {rowError}
                          </p>
                        ) : null}
                        {cellErrors.map((message) => (
                          <p key={message} role="alert" className="mt-1 text-sm text-red-800">
                            {message}
                          </p>
                        ))}
                      </div>
                      <Cell
                        label="Harga (Rp)"
                        row={row}
                        column="price"
                        inputMode="decimal"
                        defaultValue={valueOf("price", row, shown(row, "price"))}
                        original={shown(row, "price")}
                        invalid={Boolean(errorOf("price", row.id))}
                      />
                      <Cell
                        label="Diskon %"
                        row={row}
                        column="discount"
                        inputMode="numeric"
                        defaultValue={valueOf("discount", row, shown(row, "discount"))}
                        original={shown(row, "discount")}
                        invalid={Boolean(errorOf("discount", row.id))}
                      />
                      <Cell
                        label={row.soldByWeight ? "Stok (gram)" : `Stok`}
                        row={row}
                        column="stock"
                        inputMode="numeric"
                        defaultValue={valueOf("stock", row, shown(row, "stock"))}
                        original={shown(row, "stock")}
                        invalid={Boolean(errorOf("stock", row.id))}
                      />
                      <label className="board-active">
                        <input
                          type="checkbox"
                          name={`active:${row.id}`}
                          data-col="active"
                          data-orig={row.isActive ? "1" : "0"}
                          defaultChecked={
                            failure && `version:${row.id}` in failure.values
                              ? failure.values[`active:${row.id}`] === "on"
                              : row.isActive
                          }
                          className="h-6 w-6"
                          aria-describedby={`nama-${row.id}`}
                        />
                        <span className="md:sr-only">Aktif</span>
                      </label>
                    </li>
                  );
                })}
              </ul>
            </section>
          );
        })}

        <div className="sticky bottom-0 z-10 -mx-4 space-y-3 border-t border-stone-200 bg-white/95 px-4 py-3 backdrop-blur md:mx-0 md:rounded-xl md:border">
          <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
            <legend className="sr-only">Kapan harga baru berlaku</legend>
            <label className="flex items-center gap-2 font-medium">
              <input
                type="radio"
                name="when"
                value="now"
                defaultChecked
                onChange={() => setWhen("now")}
                className="h-5 w-5"
              />
              Berlaku sekarang
            </label>
            <label className="flex items-center gap-2 font-medium">
              <input type="radio" name="when" value="later" onChange={() => setWhen("later")} className="h-5 w-5" />
              Berlaku mulai
            </label>
            <span className={cn("flex items-center gap-2", hydrated && when === "now" && "hidden")}>
              <input
                type="date"
                name="effectiveDate"
                defaultValue={effective.date}
                aria-label="Tanggal berlaku"
                className="h-11 rounded-lg border border-stone-300 px-2"
              />
              <input
                type="time"
                name="effectiveTime"
                defaultValue={effective.time}
                aria-label="Jam berlaku"
                className="h-11 rounded-lg border border-stone-300 px-2"
              />
            </span>
          </fieldset>
          {failure?.fieldErrors.effectiveDate ? (
            <p role="alert" className="text-sm text-red-800">
              {failure.fieldErrors.effectiveDate}
            </p>
          ) : null}
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-stone-700" aria-live="polite">
              {hydrated
                ? dirty.size === 0
                  ? "Belum ada perubahan."
                  : `${dirty.size} produk diubah, belum disimpan.`
                : "Ubah harga, diskon, stok atau aktif, lalu simpan sekaligus."}
            </p>
            <SubmitButton intent="save" pendingText="Menyimpan..." className="h-12 px-6 text-base">
              Simpan Semua
            </SubmitButton>
          </div>
        </div>
      </Form>
    </div>
  );
}

/** Where the board's screens are: the chosen category and search, and the page's number. */
function screenHref(query: string, screen: BoardScreen, page: number): string {
  const params = new URLSearchParams();
  if (screen.category) params.set("kategori", screen.category);
  if (query) params.set("q", query);
  if (page > 1) params.set("halaman", String(page));
  const search = params.toString();
  return search ? `?${search}` : ".";
}

/** What this screen shows of the board, and the links to the pages before and after it. */
function Pager({ query, screen }: { query: string; screen: BoardScreen }) {
  const from = screen.matched === 0 ? 0 : (screen.page - 1) * screen.pageSize + 1;
  const to = Math.min(screen.matched, screen.page * screen.pageSize);
  const where = screen.category
    ? (screen.categories.find((c) => c.slug === screen.category)?.name ?? "kategori ini")
    : "semua kategori";
  const link = "inline-flex h-11 items-center rounded-lg border border-stone-300 bg-white px-4 text-sm font-semibold";
  return (
    <nav aria-label="Halaman papan harga" className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <p className="text-stone-700" data-testid="papan-posisi">
        {screen.matched === 0
          ? query
            ? `Tidak ada produk yang cocok dengan "${query}".`
            : "Belum ada produk."
          : `${from}–${to} dari ${screen.matched} produk${query ? ` yang cocok dengan "${query}"` : ""}, ${where}.`}
      </p>
      {screen.pages > 1 ? (
        <span className="flex items-center gap-2">
          {screen.page > 1 ? (
            <Link to={screenHref(query, screen, screen.page - 1)} className={link} rel="prev">
              Sebelumnya
            </Link>
          ) : null}
          <span className="text-stone-600">
            Halaman {screen.page} dari {screen.pages}
          </span>
          {screen.page < screen.pages ? (
            <Link to={screenHref(query, screen, screen.page + 1)} className={link} rel="next">
              Berikutnya
            </Link>
          ) : null}
        </span>
      ) : null}
    </nav>
  );
}

function Cell({
  label,
  row,
  column,
  inputMode,
  defaultValue,
  original,
  invalid,
}: {
  label: string;
  row: PriceBoardRow;
  column: Exclude<Column, "active">;
  inputMode: "decimal" | "numeric";
  defaultValue: string;
  original: string;
  invalid: boolean;
}) {
  return (
    <label className="board-cell">
      <span className="md:sr-only">{label}</span>
      <input
        name={`${column}:${row.id}`}
        data-col={column}
        data-orig={original}
        defaultValue={defaultValue}
        inputMode={inputMode}
        autoComplete="off"
        enterKeyHint="next"
        aria-invalid={invalid || undefined}
        aria-describedby={`nama-${row.id}`}
        className={cn("board-input", invalid && "border-red-500 ring-1 ring-red-500")}
      />
    </label>
  );
}

/** The rows whose cells differ from what the page showed. */
function dirtyRows(form: HTMLFormElement): Set<string> {
  const out = new Set<string>();
  for (const el of form.querySelectorAll<HTMLInputElement>("input[data-col]")) {
    const changed =
      el.type === "checkbox" ? (el.checked ? "1" : "0") !== el.dataset.orig : el.value !== el.dataset.orig;
    if (changed) out.add(el.name.slice(el.name.indexOf(":") + 1));
  }
  return out;
}
