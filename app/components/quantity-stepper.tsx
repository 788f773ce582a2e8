// Minus, the quantity, plus: 44 px targets, bounded by min and max. The number can also
// be typed; it is clamped when the field is left. With `weight` the value is grams moving
// by `step`, shown and typed in kg the Indonesian way ('0,75 kg', '0,8' or '0.8').
import { useState } from "react";
import { cn } from "~/lib/utils";
import { parseKg, formatAmount } from "~/lib/weight";
import { MinusIcon, PlusIcon } from "./ui/stroke-icons";

export function QuantityStepper({
  value,
  onChange,
  min = 1,
  max = 999,
  label = "Jumlah",
  disabled = false,
  size = "md",
  step = 1,
  weight = false,
  className,
}: {
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max?: number;
  /** Accessible name of the number field, e.g. 'Jumlah Kangkung'. */
  label?: string;
  disabled?: boolean;
  size?: "sm" | "md";
  /** How far one press moves the value (grams for a weight). */
  step?: number;
  /** The value is grams, shown as '0,75 kg'. */
  weight?: boolean;
  className?: string;
}) {
  const upper = Math.max(min, max);
  // What is being typed, until the field is left; otherwise the value itself.
  const [draft, setDraft] = useState<string | null>(null);

  const clamp = (n: number) => Math.min(upper, Math.max(min, Math.floor(n / step) * step));
  const commit = (raw: string) => {
    const n = weight ? (parseKg(raw) ?? Number.NaN) : Number.parseInt(raw, 10);
    const next = Number.isFinite(n) ? clamp(n) : value;
    setDraft(null);
    if (next !== value) onChange(next);
  };

  const button = cn(
    "qty-button",
    // A weight ('0,25 kg') needs more room between the buttons than a count.
    size === "sm" ? (weight ? "h-11 w-10" : "h-11 w-11") : "h-12 w-12",
  );
  return (
    <div className={cn("qty-box", disabled && "opacity-60", className)}>
      <button
        type="button"
        className={button}
        onClick={() => onChange(clamp(value - step))}
        disabled={disabled || value <= min}
        aria-label="Kurangi jumlah"
      >
        <MinusIcon className="h-4 w-4" />
      </button>
      <input
        type="text"
        inputMode={weight ? "decimal" : "numeric"}
        pattern={weight ? undefined : "[0-9]*"}
        aria-label={label}
        value={draft ?? formatAmount(value, { soldByWeight: weight })}
        disabled={disabled}
        onFocus={weight ? (e) => e.currentTarget.select() : undefined}
        onChange={(e) =>
          setDraft(
            weight
              ? e.target.value.replace(/[^\d.,kg ]/gi, "").slice(0, 10)
              : e.target.value.replace(/\D/g, "").slice(0, 4),
          )
        }
        onBlur={(e) => commit(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            commit(e.currentTarget.value);
          }
        }}
        className={cn("qty-input", weight && size === "sm" ? "text-sm" : "text-base")}
      />
      <button
        type="button"
        className={button}
        onClick={() => onChange(clamp(value + step))}
        disabled={disabled || value >= upper}
        aria-label="Tambah jumlah"
      >
        <PlusIcon className="h-4 w-4" />
      </button>
    </div>
  );
}
