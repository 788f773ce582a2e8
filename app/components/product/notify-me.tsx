// 'Kabari Saya' on an out-of-stock product. The product page is one cached page for everyone,
// so the server renders the visitor's form (an e-mail and the button), which also works
// without JavaScript (a visitor's address gets a confirmation mail first). On the client, once
// /api/visitor says someone is signed in, the form becomes one button that subscribes the
// account's e-mail (at once when it is verified), or says it already waits.
import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import { BellRing, CheckCircle2 } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/field";
import { useVisitor } from "~/components/visitor-provider";
import type { FormResult } from "~/lib/form";

type Answer = FormResult<{ email: string }, "email">;

export function NotifyMe({ productId, productName }: { productId: string; productName: string }) {
  const fetcher = useFetcher<Answer>({ key: `kabari-${productId}` });
  const { user, known } = useVisitor();
  const signedIn = known && user !== null;
  const [waiting, setWaiting] = useState(false);
  const emailId = useId();
  const errorId = `${emailId}-galat`;

  // Whether the signed-in shopper already waits: personal, so asked for on the client only.
  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    fetch(`/api/stock-alerts?${new URLSearchParams({ productId })}`, {
      credentials: "same-origin",
      cache: "no-store",
      signal: controller.signal,
    })
      .then((response) => (response.ok ? (response.json() as Promise<{ subscribed?: boolean }>) : null))
      .then((body) => setWaiting(body?.subscribed === true))
      .catch(() => {});
    return () => controller.abort();
  }, [signedIn, productId]);

  const answer = fetcher.data;
  const busy = fetcher.state !== "idle";
  const emailError = answer && !answer.ok ? answer.fieldErrors.email : undefined;

  if (answer?.ok || (signedIn && waiting)) {
    return (
      <div
        className="flex gap-3 rounded-xl border border-green-200 bg-green-50 p-3 text-sm text-green-900"
        role="status"
      >
        <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
        <p>
          {answer?.ok
            ? answer.message
            : `Anda sudah terdaftar. Kami akan mengirim email ke ${user?.email} saat ${productName} tersedia lagi.`}
        </p>
      </div>
    );
  }

  return (
    <fetcher.Form method="post" action="/stock-alerts" noValidate data-testid="kabari-saya">
      <input type="hidden" name="productId" value={productId} />
      <p className="text-sm text-stone-700">
        Produk ini sedang habis.{" "}
        {signedIn
          ? `Kami kirim satu email ke ${user?.email} saat stoknya tersedia lagi.`
          : "Tinggalkan email Anda. Setelah Anda mengonfirmasi lewat email, kami kirim satu email saat stoknya tersedia lagi."}
      </p>
      {signedIn ? null : (
        <div className="mt-3">
          <label htmlFor={emailId} className="block text-sm font-medium text-stone-800">
            Email
          </label>
          <Input
            id={emailId}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            maxLength={254}
            placeholder="nama@email.com"
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? errorId : undefined}
            className="mt-1"
          />
        </div>
      )}
      {answer && !answer.ok ? (
        <p id={errorId} className="mt-2 text-sm font-medium text-red-800" role="alert">
          {emailError ?? answer.message}
        </p>
      ) : null}
      <Button type="submit" size="lg" className="mt-3 w-full" disabled={busy} aria-busy={busy || undefined}>
        <BellRing className="h-5 w-5" aria-hidden="true" />
        {busy ? "Memproses..." : "Kabari Saya"}
      </Button>
    </fetcher.Form>
  );
}
