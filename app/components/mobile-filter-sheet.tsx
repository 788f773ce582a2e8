// The phone's filter sheet (Radix Dialog and Accordion): fetched when a finger comes near the
// 'Filter' button and mounted, open, on its first press (MobileFilterSheet in
// catalog-filters.tsx), so the list pages' first script does not carry it.
import { useState } from "react";
import { Form } from "react-router";
import { Dialog as D } from "radix-ui";
import {
  activeFilterCount,
  DEFAULT_SORT,
  PRICE_RANGE_LABELS,
  PRICE_RANGES,
  SORT_LABELS,
  SORTS,
  type CatalogFilters,
} from "~/lib/catalog-filters";
import { FilterButtonFace, filterButtonClass, useFilterNavigate, type FilterCategory } from "./catalog-filters";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "./ui/accordion";
import { Button } from "./ui/button";
import { SheetContent } from "./ui/dialog";

/** The 'Filter' button and its sheet; mounted open, on the button's first press. */
export default function MobileFilterSheetDialog({
  filters,
  categories,
  pathname = "/products",
}: {
  filters: CatalogFilters;
  categories: FilterCategory[];
  pathname?: string;
}) {
  const [open, setOpen] = useState(true);
  const [selected, setSelected] = useState<string[]>(filters.categories);
  const [price, setPrice] = useState<string>(filters.price ?? "");
  const [sort, setSort] = useState<string>(filters.sort);
  const go = useFilterNavigate(pathname);
  const count = activeFilterCount(filters);

  const openSheet = (next: boolean) => {
    if (next) {
      // The sheet starts from what the list shows now.
      setSelected(filters.categories);
      setPrice(filters.price ?? "");
      setSort(filters.sort);
    }
    setOpen(next);
  };

  const radio =
    "flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 text-base text-stone-800 hover:bg-stone-50";
  const control = "h-5 w-5 shrink-0 accent-brand-700";

  return (
    <D.Root open={open} onOpenChange={openSheet}>
      <D.Trigger className={filterButtonClass(count)} data-testid="filter-button">
        <FilterButtonFace count={count} />
      </D.Trigger>
      <SheetContent title="Filter Produk">
        <Form
          method="get"
          action={pathname}
          onSubmit={(e) => {
            e.preventDefault();
            go(e.currentTarget);
            setOpen(false);
          }}
        >
          {filters.q ? <input type="hidden" name="q" value={filters.q} /> : null}
          <Accordion type="multiple" defaultValue={["kategori", "harga", "urutkan"]} className="px-4">
            <AccordionItem value="kategori">
              <AccordionTrigger>
                <span>
                  Kategori
                  {selected.length > 0 ? (
                    <span className="ml-2 text-sm font-normal text-brand-800">({selected.length})</span>
                  ) : null}
                </span>
              </AccordionTrigger>
              <AccordionContent>
                <fieldset>
                  <legend className="sr-only">Kategori</legend>
                  {categories.map((c) => (
                    <label key={c.id} className={radio}>
                      <input
                        type="checkbox"
                        name="category"
                        value={c.id}
                        className={control}
                        checked={selected.includes(c.id)}
                        onChange={(e) =>
                          setSelected((list) => (e.target.checked ? [...list, c.id] : list.filter((id) => id !== c.id)))
                        }
                      />
                      {c.name}
                    </label>
                  ))}
                </fieldset>
              </AccordionContent>
            </AccordionItem>
            <AccordionItem value="harga">
              <AccordionTrigger>Harga</AccordionTrigger>
              <AccordionContent>
                <fieldset>
                  <legend className="sr-only">Harga</legend>
                  {[["", "Semua Harga"] as const, ...PRICE_RANGES.map((r) => [r, PRICE_RANGE_LABELS[r]] as const)].map(
                    ([value, label]) => (
                      <label key={value || "all"} className={radio}>
                        <input
                          type="radio"
                          name="price"
                          value={value}
                          className={control}
                          checked={price === value}
                          onChange={() => setPrice(value)}
                        />
                        {label}
                      </label>
                    ),
                  )}
                </fieldset>
              </AccordionContent>
            </AccordionItem>
            <AccordionItem value="urutkan" className="border-b-0">
              <AccordionTrigger>Urutkan</AccordionTrigger>
              <AccordionContent>
                <fieldset>
                  <legend className="sr-only">Urutkan</legend>
                  {SORTS.map((s) => (
                    <label key={s} className={radio}>
                      <input
                        type="radio"
                        name="sort"
                        value={s}
                        className={control}
                        checked={sort === s}
                        onChange={() => setSort(s)}
                      />
                      {SORT_LABELS[s]}
                    </label>
                  ))}
                </fieldset>
              </AccordionContent>
            </AccordionItem>
          </Accordion>
          <div className="sticky bottom-0 flex gap-3 border-t border-stone-200 bg-white px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
            <Button
              variant="outline"
              className="flex-1"
              onClick={() => {
                setSelected([]);
                setPrice("");
                setSort(DEFAULT_SORT);
              }}
            >
              Reset
            </Button>
            <Button type="submit" className="flex-1">
              Terapkan
            </Button>
          </div>
        </Form>
      </SheetContent>
    </D.Root>
  );
}
