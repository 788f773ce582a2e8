// 'Kode Promo' in the checkout summary: the field and its 'Pakai' button (a plain submit, so it
// works without scripts), and the message of the last check.
import { BadgePercent } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/field";

export function PromoCodeField({
  value,
  onChange,
  applied,
  error,
  busy,
}: {
  value: string;
  onChange: (code: string) => void;
  /** The code applied, with its message ('Kode HEMAT dipakai.'). */
  applied: { code: string; message: string } | null;
  error: string | undefined;
  busy: boolean;
}) {
  const messageId = "kode-promo-pesan";
  return (
    <div className="mt-4 border-t border-stone-200 pt-4">
      <label htmlFor="kode-promo" className="flex items-center gap-1.5 text-sm font-semibold text-stone-900">
        <BadgePercent className="h-4 w-4 text-brand-700" aria-hidden="true" /> Kode Promo
      </label>
      <div className="mt-1.5 flex gap-2">
        <Input
          id="kode-promo"
          name="promoCode"
          value={value}
          onChange={(e) => onChange(e.target.value.toUpperCase())}
          maxLength={30}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="Masukkan kode"
          aria-invalid={error ? true : undefined}
          aria-describedby={error || applied ? messageId : undefined}
          className="min-w-0 flex-1 uppercase"
        />
        <Button type="submit" name="intent" value="promo" variant="outline" formNoValidate disabled={busy}>
          {busy ? "Memeriksa..." : "Pakai"}
        </Button>
      </div>
      {error ? (
        <p id={messageId} className="mt-1.5 text-sm text-red-700" role="alert" data-testid="promo-message">
          {error}
        </p>
      ) : applied ? (
        <p id={messageId} className="mt-1.5 text-sm text-green-800" role="status" data-testid="promo-message">
          {applied.message}
        </p>
      ) : null}
    </div>
  );
}
