// A cart line's 'Catatan' ('potong 4') and substitution choice, edited in the cart and
// repeated under the line at checkout, on the order pages and on the invoice.
import { useId, useState } from "react";
import { MessageSquareText, Repeat } from "lucide-react";
import { MAX_LINE_NOTE, substituteLabel } from "~/lib/cart";
import { cn } from "~/lib/utils";

export function CartLineOptions({
  productName,
  note,
  allowSubstitute,
  onChange,
}: {
  productName: string;
  note: string;
  allowSubstitute: boolean;
  onChange: (options: { note?: string; allowSubstitute?: boolean }) => void;
}) {
  const id = useId();
  // Typed text stays local until the field is left, so each key press does not rewrite storage.
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? note;
  const choice = (allowed: boolean) => (
    <label
      className={cn(
        "flex min-h-11 flex-1 cursor-pointer items-center justify-center rounded-lg border px-2 text-center text-xs font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700",
        allowSubstitute === allowed
          ? "border-brand-700 bg-brand-50 text-brand-900"
          : "border-stone-300 bg-white text-stone-700",
      )}
    >
      <input
        type="radio"
        className="sr-only"
        name={`${id}-substitute`}
        checked={allowSubstitute === allowed}
        onChange={() => onChange({ allowSubstitute: allowed })}
      />
      {substituteLabel(allowed)}
    </label>
  );
  return (
    <div className="mt-3 space-y-2 border-t border-stone-100 pt-3">
      <label htmlFor={`${id}-note`} className="block text-xs font-semibold text-stone-700">
        Catatan <span className="font-normal text-stone-500">(opsional)</span>
      </label>
      <input
        id={`${id}-note`}
        type="text"
        maxLength={MAX_LINE_NOTE}
        value={shown}
        placeholder="mis. potong 4, pilih yang matang"
        aria-label={`Catatan ${productName}`}
        onChange={(e) => setDraft(e.target.value.slice(0, MAX_LINE_NOTE))}
        onBlur={() => {
          if (draft !== null && draft !== note) onChange({ note: draft });
          setDraft(null);
        }}
        className="h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-sm focus:border-brand-700 focus:outline-none"
      />
      <fieldset>
        <legend className="sr-only">Jika stok {productName} habis</legend>
        <div className="flex gap-2">
          {choice(false)}
          {choice(true)}
        </div>
      </fieldset>
    </div>
  );
}

/** The note and substitution choice under a line, read-only: checkout, order pages, invoice. */
export function LineOptionsSummary({
  note,
  allowSubstitute,
  className,
}: {
  note?: string | null;
  allowSubstitute?: boolean | null;
  className?: string;
}) {
  const text = note?.trim() ?? "";
  return (
    <div className={cn("mt-0.5 space-y-0.5 text-xs text-stone-700", className)}>
      {text ? (
        <p className="flex items-start gap-1">
          <MessageSquareText className="mt-0.5 h-3.5 w-3.5 shrink-0" aria-hidden="true" />
          <span>
            <span className="font-semibold">Catatan:</span> {text}
          </span>
        </p>
      ) : null}
      <p className={cn("flex items-center gap-1", allowSubstitute ? "text-brand-800" : "text-stone-600")}>
        <Repeat className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
        {substituteLabel(allowSubstitute === true)}
      </p>
    </div>
  );
}
