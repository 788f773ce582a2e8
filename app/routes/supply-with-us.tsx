// /supply-with-us: why and how farmers supply the shop, and the partner application form,
// stored for the admin inbox. No account needed.
import { WORDS } from "~/lib/vocab/words";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import {
  Apple,
  Banknote,
  Carrot,
  ClipboardList,
  Handshake,
  Leaf,
  MapPinned,
  MessageCircle,
  Network,
  Sprout,
  Store,
  Tractor,
  Truck,
} from "lucide-react";
import { Faq, type FaqEntry } from "~/components/faq";
import { FormFailure, FormSuccess, HoneypotField, SubmitButton } from "~/components/form-parts";
import { ClosingBand, ContentSection, ON_DARK_PRIMARY, ON_DARK_SECONDARY, PageHero } from "~/components/page-hero";
import { buttonClass } from "~/components/ui/button";
import { Field, Input, Textarea } from "~/components/ui/field";
import { pageMeta } from "~/lib/page-meta";
import { whatsappHref } from "~/lib/shop";
import { useRootData } from "~/components/root-data";
import { HONEYPOT_FIELD, PARTNER_LIMITS } from "~/lib/submissions";
import { formAction } from "~/server/form-action.server";
import { clientKey } from "~/server/rate-limit.server";
import { dbOf } from "~/server/request-context.server";
import {
  PARTNER_FAILED_TITLE,
  partnerApplicationSchema,
  partnerInvalidMessage,
  submitPartnerApplication,
} from "~/server/inbox/submissions.server";
import type { Route } from "./+types/supply-with-us";
import { routePolicy } from "~/server/route-policy.server";

const FORM_ANCHOR = "formulir";
const SENT_PARAM = "pengajuan";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "catalog", access: "public" })];

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: `${WORDS.supplyWithUs} - Jual Hasil Panen ke Dapur Jember`,
    description:
      "Petani Jember, jual hasil panen Anda lewat kami: harga lebih baik, penjemputan langsung di lahan, tanpa luas lahan minimal. Daftar jadi mitra pemasok secara gratis.",
    shopName: matches[0]?.data?.shop.name,
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = await dbOf(context);
  return formAction(request, {
    name: "partner application",
    schema: partnerApplicationSchema,
    invalid: { title: PARTNER_FAILED_TITLE, message: partnerInvalidMessage },
    call: (application) => submitPartnerApplication(db, application, { clientKey: clientKey(request) }),
    redirectTo: () => `/supply-with-us?${SENT_PARAM}=berhasil#${FORM_ANCHOR}`,
  });
}

const BENEFITS = [
  {
    icon: Banknote,
    title: "Harga Lebih Baik",
    text: "Tanpa tengkulak dan perantara berlapis, harga yang kami sepakati dengan Anda lebih adil untuk hasil kerja Anda.",
  },
  {
    icon: Truck,
    title: "Penjemputan Langsung",
    text: "Tim kami menjemput hasil panen di lahan atau titik kumpul sesuai jadwal, jadi Anda tidak perlu ke pasar.",
  },
  {
    icon: Sprout,
    title: "Pendampingan Budidaya",
    text: "Kami berbagi informasi jenis sayur yang sedang dicari pembeli dan cara penanganan pascapanen agar sayur tahan lebih lama.",
  },
  {
    icon: Network,
    title: "Jaringan Petani",
    text: "Bergabung dengan petani lain di sekitar Jember untuk saling berbagi pengalaman dan memenuhi pesanan bersama.",
  },
  {
    icon: Store,
    title: "Akses Pasar",
    text: "Hasil panen Anda sampai ke rumah tangga, warung, dan usaha kuliner di Kota Jember yang berbelanja di toko kami.",
  },
  {
    icon: Handshake,
    title: "Pembayaran Cepat",
    text: "Pembayaran dilakukan tepat waktu sesuai jadwal yang tertulis dalam kesepakatan, tanpa dipotong biaya pendaftaran.",
  },
];

const PROCESS = [
  {
    title: "Daftar",
    text: "Isi formulir di halaman ini. Cukup nama, nomor telepon, dan jenis produk yang Anda tanam.",
  },
  {
    title: "Verifikasi & Kunjungan Lahan",
    text: "Tim kami menghubungi Anda dalam 1-2 hari kerja dan menjadwalkan kunjungan ke lahan.",
  },
  { title: "Kesepakatan", text: "Kita sepakati bersama harga, jumlah, mutu, dan jadwal penjemputan hasil panen." },
  {
    title: "Mulai Menyuplai",
    text: "Hasil panen Anda kami jemput sesuai jadwal dan sampai ke pelanggan kami di Jember.",
  },
];

const WANTED = [
  { icon: Leaf, title: "Sayur Daun", items: ["Bayam", "Kangkung", "Sawi hijau", "Selada", "Daun singkong", "Kemangi"] },
  { icon: Apple, title: "Sayur Buah", items: ["Tomat", "Cabai", "Terong", "Mentimun", "Buncis", "Labu siam"] },
  { icon: Carrot, title: "Umbi-umbian", items: ["Kentang", "Wortel", "Singkong", "Ubi jalar", "Bawang merah", "Jahe"] },
  {
    icon: Tractor,
    title: "Lainnya",
    items: ["Buah lokal", "Rempah", "Kacang-kacangan", "Beras organik", "Telur ayam kampung", "Herbal"],
  },
];

const FAQ: FaqEntry[] = [
  {
    question: "Apakah ada luas lahan minimal untuk menjadi mitra?",
    answer:
      "Tidak ada. Petani dengan pekarangan kecil maupun lahan berhektar-hektar sama-sama bisa mendaftar. Yang penting hasil panennya segar dan bisa disuplai dengan rutin.",
  },
  {
    question: "Apakah ada biaya untuk mendaftar?",
    answer: "Tidak. Pendaftaran, kunjungan lahan, dan penjemputan hasil panen tidak dipungut biaya.",
  },
  {
    question: "Bagaimana harga hasil panen ditentukan?",
    answer:
      "Harga kami sepakati bersama sebelum mulai menyuplai, dengan melihat harga pasar di Jember, jenis produk, dan mutunya. Kesepakatan itu kami tulis agar jelas bagi kedua pihak.",
  },
  {
    question: "Apakah saya harus bertani organik?",
    answer:
      "Tidak harus. Kami menerima hasil panen konvensional yang segar dan aman dikonsumsi. Bila produk Anda organik, sampaikan di formulir agar kami catat.",
  },
  {
    question: "Setelah mendaftar, kapan saya dihubungi?",
    answer:
      "Tim kami menghubungi Anda lewat telepon atau WhatsApp dalam 1-2 hari kerja untuk berkenalan dan menjadwalkan kunjungan ke lahan.",
  },
];

function PartnerForm({ result }: { result: Route.ComponentProps["actionData"] }) {
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formAction === "/supply-with-us";
  const failure = result && !result.ok ? result : null;
  const values = failure?.values ?? {};
  const errors = failure?.fieldErrors ?? {};
  return (
    <Form method="post" className="relative space-y-5" aria-label="Formulir pendaftaran Petani Mitra">
      {failure ? <FormFailure title={failure.title} message={failure.message} /> : null}
      <HoneypotField name={HONEYPOT_FIELD} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Nama Lengkap" required error={errors.name}>
          {(p) => (
            <Input {...p} name="name" autoComplete="name" maxLength={PARTNER_LIMITS.name} defaultValue={values.name} />
          )}
        </Field>
        <Field label="Nomor Telepon / WhatsApp" required error={errors.phone} hint="Contoh: 0812-3456-7890">
          {(p) => (
            <Input
              {...p}
              name="phone"
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              maxLength={PARTNER_LIMITS.phone}
              defaultValue={values.phone}
            />
          )}
        </Field>
      </div>
      <Field label="Alamat Lahan" error={errors.landAddress} hint="Desa, kecamatan, dan kabupaten lokasi lahan Anda.">
        {(p) => (
          <Textarea
            {...p}
            name="landAddress"
            rows={2}
            className="min-h-16"
            maxLength={PARTNER_LIMITS.landAddress}
            defaultValue={values.landAddress}
          />
        )}
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Luas Lahan" error={errors.farmSize} hint="Contoh: 0,5 ha atau 2.000 m²">
          {(p) => <Input {...p} name="farmSize" maxLength={PARTNER_LIMITS.farmSize} defaultValue={values.farmSize} />}
        </Field>
        <Field label="Waktu Panen" error={errors.harvestTime} hint="Contoh: setiap minggu, atau panen raya Juni-Juli">
          {(p) => (
            <Input {...p} name="harvestTime" maxLength={PARTNER_LIMITS.harvestTime} defaultValue={values.harvestTime} />
          )}
        </Field>
      </div>
      <Field
        label="Jenis Produk"
        required
        error={errors.products}
        hint="Tulis satu produk per baris, boleh dengan perkiraan jumlah panen."
      >
        {(p) => (
          <Textarea
            {...p}
            name="products"
            rows={4}
            maxLength={PARTNER_LIMITS.products}
            defaultValue={values.products}
            placeholder={"Bayam - 50 ikat per minggu\nTomat - 100 kg per panen"}
          />
        )}
      </Field>
      <Field
        label="Informasi Lainnya"
        error={errors.otherInfo}
        hint="Mis. produk organik, pengalaman bertani, atau waktu terbaik untuk dihubungi."
      >
        {(p) => (
          <Textarea
            {...p}
            name="otherInfo"
            rows={3}
            maxLength={PARTNER_LIMITS.otherInfo}
            defaultValue={values.otherInfo}
          />
        )}
      </Field>
      <p className="text-sm text-stone-600">
        <span className="text-red-700" aria-hidden="true">
          *
        </span>{" "}
        wajib diisi. Data Anda hanya kami pakai untuk menghubungi Anda soal kemitraan (lihat{" "}
        <Link to="/privacy" className="font-semibold text-brand-800 underline underline-offset-4">
          Kebijakan Privasi
        </Link>
        ).
      </p>
      <SubmitButton busy={busy} className="w-full sm:w-auto">
        Kirim Pendaftaran
      </SubmitButton>
    </Form>
  );
}

export default function SupplyWithUs({ actionData }: Route.ComponentProps) {
  const { shop } = useRootData();
  const [searchParams] = useSearchParams();
  const sent = searchParams.get(SENT_PARAM) === "berhasil";
  const partnerChat = whatsappHref(
    shop.whatsapp,
    `Halo ${shop.name}, saya petani dan ingin bergabung menjadi mitra pemasok.`,
  );

  return (
    <>
      <PageHero
        eyebrow={WORDS.supplyWithUs}
        title="Jadi petani mitra, jual hasil panen langsung ke dapur Jember"
        actions={
          <>
            <a href={`#${FORM_ANCHOR}`} className={buttonClass({ size: "lg", className: ON_DARK_PRIMARY })}>
              <ClipboardList className="h-5 w-5" aria-hidden="true" />
              Daftar Sekarang
            </a>
            <a
              href={partnerChat}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass({ size: "lg", variant: "outline", className: ON_DARK_SECONDARY })}
            >
              <MessageCircle className="h-5 w-5" aria-hidden="true" />
              Tanya via WhatsApp
            </a>
          </>
        }
      >
        <p>
          Kami mencari petani di sekitar Jember yang ingin menjual sayur, buah, dan hasil kebun lainnya tanpa perantara
          berlapis. Pendaftaran gratis dan tidak ada luas lahan minimal.
        </p>
      </PageHero>

      <ContentSection id="keuntungan" title="Keuntungan Menjadi Mitra">
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {BENEFITS.map((b) => (
            <li key={b.title} className="rounded-2xl border border-stone-200 bg-white p-6">
              <b.icon className="h-8 w-8 text-brand-700" aria-hidden="true" />
              <h3 className="mt-3 text-lg font-bold text-stone-900">{b.title}</h3>
              <p className="mt-2 text-stone-700">{b.text}</p>
            </li>
          ))}
        </ul>
      </ContentSection>

      <ContentSection
        id="proses"
        title="Proses Kemitraan"
        lead="Empat langkah dari pendaftaran sampai hasil panen Anda dijemput."
        tinted
      >
        <ol className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {PROCESS.map((step, i) => (
            <li key={step.title} className="rounded-2xl bg-white p-6 shadow-sm">
              <span
                className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-700 text-lg font-extrabold text-white"
                aria-hidden="true"
              >
                {i + 1}
              </span>
              <h3 className="mt-4 text-lg font-bold text-stone-900">{step.title}</h3>
              <p className="mt-2 text-stone-700">{step.text}</p>
            </li>
          ))}
        </ol>
      </ContentSection>

      <ContentSection
        id="produk-dicari"
        title="Produk yang Kami Cari"
        lead="Hasil kebun yang paling sering dicari pelanggan kami. Punya produk lain? Tetap daftar dan tuliskan di formulir."
      >
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {WANTED.map((group) => (
            <li key={group.title} className="rounded-2xl border border-stone-200 bg-white p-6">
              <h3 className="flex items-center gap-2 text-lg font-bold text-stone-900">
                <group.icon className="h-6 w-6 text-brand-700" aria-hidden="true" />
                {group.title}
              </h3>
              <ul className="mt-3 flex flex-wrap gap-2">
                {group.items.map((item) => (
                  <li key={item} className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-900">
                    {item}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </ContentSection>

      <section id={FORM_ANCHOR} aria-labelledby="judul-formulir" className="scroll-mt-20 bg-brand-50">
        <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
          <h2 id="judul-formulir" className="text-2xl font-extrabold text-stone-900 sm:text-3xl">
            Formulir Pendaftaran Mitra
          </h2>
          <p className="mt-3 text-stone-700">
            Isi data di bawah ini. Tim kami akan menghubungi Anda untuk berkenalan dan menjadwalkan kunjungan lahan.
          </p>
          <div className="mt-8">
            {sent ? (
              <FormSuccess title="Pengajuan Berhasil">
                <p>
                  Terima kasih! Informasi Anda telah kami terima. Tim kami akan menghubungi Anda dalam 1-2 hari kerja.
                </p>
                <div className="mt-5 flex flex-col justify-center gap-3 sm:flex-row">
                  <a
                    href={partnerChat}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={buttonClass({ size: "lg" })}
                  >
                    <MessageCircle className="h-5 w-5" aria-hidden="true" />
                    Chat via WhatsApp
                  </a>
                  <Link
                    to={`/supply-with-us#${FORM_ANCHOR}`}
                    replace
                    className={buttonClass({ size: "lg", variant: "outline" })}
                  >
                    Kirim Pendaftaran Lain
                  </Link>
                </div>
              </FormSuccess>
            ) : (
              <div className="rounded-2xl bg-white p-5 shadow-sm sm:p-8">
                <PartnerForm result={actionData} />
              </div>
            )}
          </div>
        </div>
      </section>

      <ContentSection id="faq" title="Pertanyaan yang Sering Diajukan">
        <Faq items={FAQ} className="max-w-3xl" />
      </ContentSection>

      <ClosingBand
        id="ajakan-mitra"
        icon={MapPinned}
        title="Siap tumbuh bersama kami?"
        actions={
          <>
            <a href={`#${FORM_ANCHOR}`} className={buttonClass({ size: "lg", className: ON_DARK_PRIMARY })}>
              Isi Formulir Pendaftaran
            </a>
            <a
              href={partnerChat}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass({ size: "lg", variant: "outline", className: ON_DARK_SECONDARY })}
            >
              <MessageCircle className="h-5 w-5" aria-hidden="true" />
              Chat via WhatsApp
            </a>
          </>
        }
      >
        Daftar sekarang lewat formulir, atau ngobrol dulu dengan tim kami lewat WhatsApp.
      </ClosingBand>
    </>
  );
}
