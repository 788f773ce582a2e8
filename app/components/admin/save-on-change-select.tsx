// A status picked on a line of a staff list (an order on 'Ringkasan', a message or sign-up in
// 'Kotak Pesan'), saved as soon as it is picked: the list keeps its scroll and filters, the
// line says 'Memproses...' meanwhile and why it was refused. A refusal puts the stored value
// back in the select. Without scripts, 'Simpan' posts it.
import { useId } from "react";
import { useFetcher } from "react-router";
import { Select } from "~/components/ui/field";
import { buttonClass } from "~/components/ui/button";
import type { FormResult } from "~/lib/form";
import { cn } from "~/lib/utils";

/** `at` tells two refusals with the same message apart, so the select is put back each time. */
type SelectAnswer = FormResult & { at?: number };

export function SaveOnChangeSelect({
  label,
  value,
  options,
  fields,
  className,
  selectClassName,
}: {
  /** Read by screen readers only: which line's status this is. */
  label: string;
  /** The stored value. */
  value: string;
  options: readonly { value: string; label: string }[];
  /** The hidden fields that say what changes (the intent or kind, the id, `returnTo`). */
  fields: Record<string, string>;
  className?: string;
  selectClassName?: string;
}) {
  const fetcher = useFetcher<SelectAnswer>();
  const id = useId();
  const busy = fetcher.state !== "idle";
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  return (
    <fetcher.Form method="post" preventScrollReset className={cn("flex flex-col gap-1", className)}>
      {Object.entries(fields).map(([name, field]) => (
        <input key={name} type="hidden" name={name} value={field} />
      ))}
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="flex gap-1">
        <Select
          id={id}
          name="status"
          key={`${value}-${failed ? (failed.at ?? failed.message) : ""}`}
          defaultValue={value}
          disabled={busy}
          className={cn("h-10 text-sm", selectClassName)}
          onChange={(event) => fetcher.submit(event.currentTarget.form, { preventScrollReset: true })}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
        <noscript>
          <button type="submit" className={buttonClass({ variant: "outline", size: "sm", className: "h-10" })}>
            Simpan
          </button>
        </noscript>
      </div>
      {busy ? <span className="text-xs text-stone-600">Memproses...</span> : null}
      {failed ? (
        <span role="alert" className="text-xs text-red-700">
          {failed.message}
        </span>
      ) : null}
    </fetcher.Form>
  );
}
