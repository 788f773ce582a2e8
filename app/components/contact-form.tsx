// The contact form of /contact and /about. Both post to /contact's action; a hidden `from`
// brings the visitor back to the page they wrote from, where the success message shows.
// With JavaScript a fetcher keeps the visitor on the page while it sends; without it the
// browser posts the form and errors show on /contact.
import { Link, useFetcher, useSearchParams } from "react-router";
import type { FormResult } from "~/lib/form";
import { CONTACT_LIMITS, HONEYPOT_FIELD } from "~/lib/submissions";
import { FormFailure, FormSuccess, HoneypotField, SubmitButton } from "./form-parts";
import { Field, Input, Textarea } from "./ui/field";

export type ContactFormOrigin = "/about" | "/contact";
export const CONTACT_FORM_ANCHOR = "kirim-pesan";
export const CONTACT_SENT_PARAM = "pesan";

/** Where /contact's action sends the visitor after a message is stored. */
export function contactSentLocation(from: ContactFormOrigin): string {
  return `${from}?${CONTACT_SENT_PARAM}=terkirim#${CONTACT_FORM_ANCHOR}`;
}

export function ContactForm({ from, serverResult }: { from: ContactFormOrigin; serverResult?: FormResult }) {
  const fetcher = useFetcher<FormResult>();
  const [searchParams] = useSearchParams();
  const busy = fetcher.state !== "idle";
  const result = fetcher.data ?? serverResult;
  const failure = result && !result.ok ? result : null;
  const values = failure?.values ?? {};
  const errors = failure?.fieldErrors ?? {};

  if (searchParams.get(CONTACT_SENT_PARAM) === "terkirim") {
    return (
      <FormSuccess title="Pesan Terkirim">
        <p>Terima kasih, pesan Anda sudah kami terima. Tim kami akan membalas ke e-mail Anda pada jam operasional.</p>
        <Link
          to={`${from}#${CONTACT_FORM_ANCHOR}`}
          replace
          className="mt-4 inline-block font-semibold text-brand-800 underline underline-offset-4"
        >
          Kirim pesan lain
        </Link>
      </FormSuccess>
    );
  }

  return (
    <fetcher.Form method="post" action="/contact" className="relative space-y-5" aria-label="Formulir kontak">
      {failure ? <FormFailure title={failure.title} message={failure.message} /> : null}
      <input type="hidden" name="from" value={from} />
      <HoneypotField name={HONEYPOT_FIELD} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Nama" required error={errors.name}>
          {(p) => (
            <Input {...p} name="name" autoComplete="name" maxLength={CONTACT_LIMITS.name} defaultValue={values.name} />
          )}
        </Field>
        <Field label="E-mail" required error={errors.email}>
          {(p) => (
            <Input
              {...p}
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              maxLength={CONTACT_LIMITS.email}
              defaultValue={values.email}
            />
          )}
        </Field>
      </div>
      <Field label="Subjek" required error={errors.subject}>
        {(p) => (
          <Input
            {...p}
            name="subject"
            maxLength={CONTACT_LIMITS.subject}
            defaultValue={values.subject}
            placeholder="Mis. Pertanyaan tentang pengiriman"
          />
        )}
      </Field>
      <Field label="Pesan" required error={errors.message} hint="Maksimal 2.000 karakter.">
        {(p) => (
          <Textarea
            {...p}
            name="message"
            rows={5}
            maxLength={CONTACT_LIMITS.message}
            defaultValue={values.message}
            placeholder="Tulis pertanyaan atau pesan Anda di sini"
          />
        )}
      </Field>
      <SubmitButton busy={busy} className="w-full sm:w-auto">
        Kirim Pesan
      </SubmitButton>
    </fetcher.Form>
  );
}
