// Checkout 'Akun' for a visitor: a new account from the recipient details below plus an
// e-mail and a password, or 'Sudah punya akun? Masuk'. Two radios choose which, so the plain
// form (no scripts) posts the same fields; 'Pesan Sekarang' then signs in and orders at once.
import { Link } from "react-router";
import { PasswordInput } from "~/components/account-form";
import { Field, Input } from "~/components/ui/field";
import { ACCOUNT_TEXT, EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from "~/lib/account-rules";
import type { CheckoutFieldErrors } from "~/lib/checkout";
import { cn } from "~/lib/utils";

export type AccountMode = "register" | "login";

const MODES: { value: AccountMode; label: string }[] = [
  { value: "register", label: "Akun baru" },
  { value: "login", label: "Sudah punya akun? Masuk" },
];

export function AccountPart({
  mode,
  email,
  errors,
  onMode,
  onEmail,
}: {
  mode: AccountMode;
  email: string;
  errors: CheckoutFieldErrors;
  onMode: (mode: AccountMode) => void;
  onEmail: (email: string) => void;
}) {
  return (
    <div className="space-y-4" data-testid="akun-checkout">
      <fieldset>
        <legend className="sr-only">Akun untuk pesanan ini</legend>
        <div className="grid grid-cols-2 gap-2">
          {MODES.map((m) => (
            <label
              key={m.value}
              className={cn(
                "flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm font-semibold",
                mode === m.value
                  ? "border-brand-700 bg-brand-50 text-stone-900 ring-1 ring-brand-700"
                  : "border-stone-300 bg-white text-stone-800 hover:border-stone-400",
              )}
            >
              <input
                type="radio"
                name="account"
                value={m.value}
                checked={mode === m.value}
                onChange={() => onMode(m.value)}
                className="h-4 w-4 shrink-0 accent-brand-700"
              />
              {m.label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Email" required error={errors.email}>
          {(p) => (
            <Input
              {...p}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              maxLength={EMAIL_MAX_LENGTH}
              placeholder="nama@email.com"
              value={email}
              onChange={(e) => onEmail(e.target.value)}
            />
          )}
        </Field>
        <Field
          label="Password"
          required
          error={errors.password}
          hint={
            mode === "register" ? (
              ACCOUNT_TEXT.passwordHint
            ) : (
              <Link to="/forgot-password" className="font-semibold text-brand-800 underline">
                Lupa password?
              </Link>
            )
          }
        >
          {(p) => (
            <PasswordInput
              {...p}
              name="password"
              autoComplete={mode === "register" ? "new-password" : "current-password"}
              maxLength={PASSWORD_MAX_LENGTH}
            />
          )}
        </Field>
      </div>
      <p className="text-sm text-stone-700">
        {mode === "register"
          ? "Nama, nomor telepon dan alamat di bawah menjadi data akun Anda. "
          : "Pesanan disimpan di akun Anda. "}
        Dengan memesan, Anda menyetujui{" "}
        <Link to="/terms" className="font-semibold text-brand-800 underline">
          Syarat &amp; Ketentuan
        </Link>
        .
      </p>
    </div>
  );
}
