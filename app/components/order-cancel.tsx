// 'Batalkan Pesanan' on the customer's order page while it is 'Menunggu': a confirmation
// dialog with an optional reason. Without JavaScript the same form opens in place (a native
// <details>) and the action answers with a redirect.
import { useEffect, useState } from "react";
import { Form, useFetcher } from "react-router";
import { XCircle } from "lucide-react";
import type { FormResult } from "~/lib/form";
import { useHydrated } from "./account-form";
import { Button, buttonClass } from "./ui/button";
import { Dialog, DialogContent, DialogTrigger } from "./ui/dialog";
import { Field, Textarea } from "./ui/field";

export const CANCEL_INTENT = "cancel";
const REASON_MAX = 300;

function ReasonField({ error }: { error?: string | null }) {
  return (
    <Field label="Alasan pembatalan (opsional)" error={error} hint="Misalnya: salah pilih jadwal antar.">
      {(props) => (
        <Textarea {...props} name="reason" maxLength={REASON_MAX} rows={3} placeholder="Tulis alasan bila ada" />
      )}
    </Field>
  );
}

export function CancelOrderButton({ shortId, onCancelled }: { shortId: string; onCancelled?: (m: string) => void }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<FormResult>();
  const [open, setOpen] = useState(false);
  const busy = fetcher.state !== "idle";
  const result = fetcher.data;
  const error = result && !result.ok ? result.message : null;

  useEffect(() => {
    if (fetcher.state === "idle" && result?.ok) {
      setOpen(false);
      onCancelled?.(result.message);
    }
  }, [fetcher.state, result, onCancelled]);

  if (!hydrated) {
    return (
      <details className="w-full sm:w-auto">
        <summary className={buttonClass({ variant: "outline", className: "w-full cursor-pointer text-red-800" })}>
          Batalkan Pesanan
        </summary>
        <Form method="post" className="mt-3 space-y-3 rounded-xl border border-red-200 bg-white p-4">
          <input type="hidden" name="intent" value={CANCEL_INTENT} />
          <p className="text-sm text-stone-800">Yakin ingin membatalkan pesanan #{shortId}? Stok akan dikembalikan.</p>
          <ReasonField />
          <Button type="submit" variant="destructive">
            Ya, Batalkan Pesanan
          </Button>
        </Form>
      </details>
    );
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="outline" className="w-full text-red-800 sm:w-auto">
          <XCircle className="h-4 w-4" aria-hidden="true" /> Batalkan Pesanan
        </Button>
      </DialogTrigger>
      <DialogContent
        title={`Batalkan pesanan #${shortId}?`}
        description="Pesanan yang dibatalkan tidak diproses dan stok produknya dikembalikan. Tindakan ini tidak dapat diurungkan."
      >
        <fetcher.Form method="post" className="mt-4 space-y-4">
          <input type="hidden" name="intent" value={CANCEL_INTENT} />
          <ReasonField />
          {error ? (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-900">
              {error}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => setOpen(false)} disabled={busy}>
              Tidak Jadi
            </Button>
            <Button type="submit" variant="destructive" disabled={busy}>
              {busy ? "Memproses..." : "Ya, Batalkan Pesanan"}
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
