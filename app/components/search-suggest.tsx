// The search field with suggestions as you type (WAI-ARIA combobox with a listbox popup):
// focus stays in the field, the highlighted option is named by aria-activedescendant, and a
// polite live region says how many suggestions there are. Suggestions come from the public,
// cached /api/search-suggestions after a short pause in typing. Without JavaScript it is a
// plain search field of a GET form, which still searches.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useNavigate } from "react-router";
import { MAX_QUERY_LENGTH } from "~/lib/catalog-filters";
import { discountedPrice, formatRupiah } from "~/lib/money";
import { cn } from "~/lib/utils";

export type SearchSuggestion = {
  name: string;
  slug: string;
  unit: string;
  price: number;
  discount: number;
};

type Answer = { q: string; closest: boolean; suggestions: SearchSuggestion[] };

/** Wait this long after the last key before asking: one request per pause, not per letter. */
export const SUGGEST_DEBOUNCE_MS = 200;
export const SUGGEST_MIN_LENGTH = 2;

function announcement(answer: Answer | null): string {
  if (!answer) return "";
  const count = answer.suggestions.length;
  if (count === 0) return "Tidak ada saran.";
  if (answer.closest)
    return `Tidak ada yang persis sama. Mungkin maksud Anda: ${answer.suggestions.map((s) => s.name).join(", ")}.`;
  return `${count} saran tersedia. Gunakan panah atas dan bawah untuk memilih.`;
}

export function SearchSuggestInput({
  defaultValue,
  autoFocus,
  className,
}: {
  defaultValue: string;
  autoFocus?: boolean;
  className?: string;
}) {
  const id = useId();
  const listId = `${id}-saran`;
  const navigate = useNavigate();
  const [value, setValue] = useState(defaultValue);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const request = useRef<AbortController | null>(null);

  const query = value.trim();
  useEffect(() => {
    if (Array.from(query).length < SUGGEST_MIN_LENGTH) {
      request.current?.abort();
      setAnswer(null);
      return;
    }
    const timer = setTimeout(() => {
      request.current?.abort();
      const controller = new AbortController();
      request.current = controller;
      fetch(`/api/search-suggestions?${new URLSearchParams({ q: query })}`, { signal: controller.signal })
        .then((response) => (response.ok ? (response.json() as Promise<Answer>) : null))
        .then((next) => {
          if (controller.signal.aborted || !next) return;
          setAnswer(next);
          setActive(-1);
        })
        // A failed or aborted request leaves the field as it is: searching still works.
        .catch(() => {});
    }, SUGGEST_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query]);

  useEffect(() => () => request.current?.abort(), []);

  const options = answer && open ? answer.suggestions : [];
  const expanded = options.length > 0;
  const optionId = (i: number) => `${id}-opsi-${i}`;

  const choose = (suggestion: SearchSuggestion) => {
    setOpen(false);
    navigate(`/products/${suggestion.slug}`);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!answer || answer.suggestions.length === 0) return;
      event.preventDefault();
      const count = answer.suggestions.length;
      if (!open) {
        setOpen(true);
        setActive(event.key === "ArrowDown" ? 0 : count - 1);
        return;
      }
      setActive((i) => (event.key === "ArrowDown" ? (i + 1) % count : i <= 0 ? count - 1 : i - 1));
    } else if (event.key === "Enter" && expanded && active >= 0) {
      // Enter on a highlighted suggestion opens that product; otherwise the form searches.
      event.preventDefault();
      choose(options[active]);
    } else if (event.key === "Escape" && expanded) {
      // The first Escape closes the list; the next one is the field's own (clears it).
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <>
      <input
        type="search"
        name="q"
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          setActive(-1);
        }}
        maxLength={MAX_QUERY_LENGTH}
        enterKeyHint="search"
        autoComplete="off"
        // The search screen exists to type into.
        autoFocus={autoFocus}
        placeholder="Cari sayur, bumbu, daging..."
        aria-label="Cari produk"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        className={className}
      />
      <div
        className={cn(
          "absolute inset-x-0 top-full z-30 mt-1 overflow-hidden rounded-lg border border-stone-200 bg-white shadow-lg",
          !expanded && "hidden",
        )}
      >
        {answer?.closest && expanded ? (
          <p className="border-b border-stone-100 px-3 py-2 text-xs font-semibold text-stone-600" aria-hidden="true">
            Mungkin maksud Anda:
          </p>
        ) : null}
        <ul id={listId} role="listbox" aria-label="Saran pencarian">
          {options.map((s, i) => (
            <li
              key={s.slug}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              // Keep focus in the field: the click below still chooses.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(s)}
              onMouseMove={() => setActive(i)}
              className={cn(
                "flex min-h-11 cursor-pointer items-center justify-between gap-3 px-3 py-2 text-sm",
                i === active ? "bg-brand-50 text-brand-900" : "text-stone-900",
              )}
            >
              <span className="font-semibold">{s.name}</span>
              <span className="shrink-0 text-stone-600">
                {formatRupiah(discountedPrice(s.price, s.discount))}
                {s.unit ? ` / ${s.unit}` : ""}
              </span>
            </li>
          ))}
        </ul>
      </div>
      <p className="sr-only" role="status" aria-live="polite" aria-atomic="true">
        {open ? announcement(answer) : ""}
      </p>
    </>
  );
}
