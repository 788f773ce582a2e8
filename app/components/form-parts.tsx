// Pieces shared by the public forms: the bot trap, the failure summary and the busy button.
import { AlertCircle, CheckCircle2 } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { Button } from "./ui/button";

/**
 * A field people never see or reach with the keyboard. Bots that fill every input fill it
 * too, and the server then answers as if all went well while storing nothing.
 */
export function HoneypotField({ name }: { name: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        Jangan isi kolom ini
        <input type="text" name={name} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

/** The summary above a form after a failed submit; it takes focus so screen readers announce it. */
export function FormFailure({ title, message }: { title: string; message: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [message]);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      className="flex gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-red-900 focus:outline-none"
    >
      <AlertCircle className="mt-0.5 h-5 w-5 shrink-0 text-red-700" aria-hidden="true" />
      <div>
        <p className="font-bold">{title}</p>
        <p className="mt-1 text-sm">{message}</p>
      </div>
    </div>
  );
}

/** A thank-you panel that replaces a form after it was sent. */
export function FormSuccess({ title, children }: { title: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      className="rounded-2xl border border-brand-200 bg-white p-6 text-center shadow-sm focus:outline-none sm:p-8"
    >
      <CheckCircle2 className="mx-auto h-12 w-12 text-brand-700" aria-hidden="true" />
      <p className="mt-3 text-xl font-extrabold text-stone-900">{title}</p>
      <div className="mt-2 text-stone-700">{children}</div>
    </div>
  );
}

export function SubmitButton({
  busy,
  children,
  className,
}: {
  busy: boolean;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Button type="submit" size="lg" disabled={busy} aria-disabled={busy} className={className}>
      {busy ? "Memproses..." : children}
    </Button>
  );
}
