// /contact: how to reach the shop, and the contact form (also used by /about) stored for the admin inbox.
import { MessageCircle } from "lucide-react";
import { ContactDetails } from "~/components/contact-details";
import {
  CONTACT_FORM_ANCHOR,
  ContactForm,
  contactSentLocation,
  type ContactFormOrigin,
} from "~/components/contact-form";
import { PageHero } from "~/components/page-hero";
import { buttonClass } from "~/components/ui/button";
import { z } from "zod";
import { pageMeta } from "~/lib/page-meta";
import { whatsappHref } from "~/lib/shop";
import { useRootData } from "~/components/root-data";
import { formAction } from "~/server/form-action.server";
import { clientKey } from "~/server/rate-limit.server";
import { dbOf } from "~/server/request-context.server";
import {
  CONTACT_FAILED_TITLE,
  contactInvalidMessage,
  contactMessageSchema,
  submitContactMessage,
} from "~/server/inbox/submissions.server";
import type { Route } from "./+types/contact";
import { routePolicy } from "~/server/route-policy.server";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "catalog", access: "public" })];

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Hubungi Kami",
    description:
      "Alamat, telepon, WhatsApp, e-mail dan jam operasional toko sayur online di Sumbersari, Jember. Kirim pertanyaan Anda lewat formulir kontak.",
    shopName: matches[0]?.data?.shop.name,
  });
}

// Without JavaScript a failed post from /about lands here; `from` still leads back there on success.
const contactFormSchema = contactMessageSchema.extend({
  from: z.preprocess(
    (v): ContactFormOrigin => (v === "/about" ? "/about" : "/contact"),
    z.enum(["/about", "/contact"]),
  ),
});

export async function action({ request, context }: Route.ActionArgs) {
  const db = await dbOf(context);
  return formAction(request, {
    name: "contact message",
    schema: contactFormSchema,
    invalid: { title: CONTACT_FAILED_TITLE, message: contactInvalidMessage },
    call: async ({ from, ...message }) => ({
      ...(await submitContactMessage(db, message, { clientKey: clientKey(request) })),
      from,
    }),
    redirectTo: ({ from }) => contactSentLocation(from),
  });
}

export default function Contact({ actionData }: Route.ComponentProps) {
  const { shop } = useRootData();
  return (
    <>
      <PageHero eyebrow="Kontak" title="Hubungi Kami">
        <p>
          Ada pertanyaan soal produk, pesanan, atau ingin bekerja sama? Tim {shop.name} siap membantu. Cara tercepat
          adalah chat WhatsApp pada jam operasional.
        </p>
      </PageHero>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:py-16 lg:grid-cols-[2fr_3fr]">
        <section aria-labelledby="info-kontak" className="space-y-6">
          <h2 id="info-kontak" className="text-2xl font-extrabold text-stone-900">
            Informasi Kontak
          </h2>
          <ContactDetails shop={shop} showMap />
          <a
            href={whatsappHref(shop.whatsapp, `Halo ${shop.name}, saya ingin bertanya.`)}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass({ size: "lg", className: "w-full sm:w-auto" })}
          >
            <MessageCircle className="h-5 w-5" aria-hidden="true" />
            Chat via WhatsApp
          </a>
        </section>
        <section
          id={CONTACT_FORM_ANCHOR}
          aria-labelledby="judul-form-kontak"
          className="scroll-mt-20 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8"
        >
          <h2 id="judul-form-kontak" className="text-2xl font-extrabold text-stone-900">
            Kirim Pesan
          </h2>
          <p className="mt-2 mb-6 text-stone-700">Isi formulir di bawah ini, kami akan membalas ke e-mail Anda.</p>
          <ContactForm
            from={actionData && !actionData.ok && actionData.values.from === "/about" ? "/about" : "/contact"}
            serverResult={actionData}
          />
        </section>
      </div>
    </>
  );
}
