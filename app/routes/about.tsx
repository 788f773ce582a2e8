// /about: who we are, how ordering works, how to reach us, and the questions people ask most.
import { Link } from "react-router";
import {
  CalendarCheck,
  HeartHandshake,
  Leaf,
  MessageCircle,
  ShieldCheck,
  ShoppingBasket,
  Sprout,
  Truck,
  Users,
} from "lucide-react";
import { ContactDetails } from "~/components/contact-details";
import { CONTACT_FORM_ANCHOR, ContactForm } from "~/components/contact-form";
import { Faq, type FaqEntry } from "~/components/faq";
import { ClosingBand, ContentSection, ON_DARK_PRIMARY, ON_DARK_SECONDARY, PageHero } from "~/components/page-hero";
import { buttonClass } from "~/components/ui/button";
import { pageMeta } from "~/lib/page-meta";
import { useRootData } from "~/components/root-data";
import type { Route } from "./+types/about";
import { routePolicy } from "~/server/route-policy.server";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "catalog", access: "public" })];

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Tentang Kami",
    description:
      "Toko sayur online Jember sejak 2025: sayur segar langsung dari petani Jember, dipesan lewat situs, dikonfirmasi via WhatsApp, diantar besok pagi atau sore.",
    shopName: matches[0]?.data?.shop.name,
  });
}

const VALUES = [
  {
    icon: Leaf,
    title: "Kesegaran",
    text: "Sayur dipanen dan dijemput dari petani sedekat mungkin dengan waktu pengiriman, jadi yang sampai di dapur Anda masih segar.",
  },
  {
    icon: ShieldCheck,
    title: "Kualitas",
    text: "Setiap produk kami sortir sebelum dikemas. Yang layu, busuk, atau rusak tidak kami kirim.",
  },
  {
    icon: Users,
    title: "Komunitas",
    text: "Kami bekerja dengan petani di sekitar Jember. Setiap belanja Anda ikut menghidupi kebun dan keluarga mereka.",
  },
  {
    icon: CalendarCheck,
    title: "Keandalan",
    text: "Pesanan diantar di jadwal yang Anda pilih, dan tim kami selalu bisa dihubungi lewat WhatsApp bila ada kendala.",
  },
];

const STEPS = [
  {
    icon: ShoppingBasket,
    title: "Pilih produk",
    text: "Pilih sayur dan bahan dapur di situs ini, masukkan ke keranjang, lalu pilih jadwal pengiriman.",
  },
  {
    icon: MessageCircle,
    title: "Konfirmasi via WhatsApp",
    text: "Rincian pesanan terkirim ke WhatsApp kami. CS mengonfirmasi pesanan beserta ongkir dan cara pembayarannya.",
  },
  {
    icon: Truck,
    title: "Terima pesanan",
    text: "Pesanan diantar keesokan harinya, di slot pagi 05:00 - 07:00 atau sore 16:00 - 18:00 sesuai pilihan Anda.",
  },
];

/** The page's two invitations, on its dark bands: to the products and to the contact page. */
function ShopAndContactLinks({ shopLabel }: { shopLabel: string }) {
  return (
    <>
      <Link to="/products" className={buttonClass({ size: "lg", className: ON_DARK_PRIMARY })}>
        {shopLabel}
      </Link>
      <Link to="/contact" className={buttonClass({ size: "lg", variant: "outline", className: ON_DARK_SECONDARY })}>
        Hubungi Kami
      </Link>
    </>
  );
}

export default function About() {
  const { shop } = useRootData();
  const faq: FaqEntry[] = [
    {
      question: "Ke mana saja pesanan bisa diantar?",
      answer: `Kami mengantar ke ${shop.deliveryArea}. Bila alamat Anda di pinggir kota, tanyakan dulu ke CS lewat WhatsApp, kami akan memastikan apakah bisa dijangkau.`,
    },
    {
      question: "Kapan pesanan saya sampai?",
      answer:
        "Pesanan diantar keesokan hari setelah Anda memesan. Saat checkout Anda memilih slot pagi (05:00 - 07:00) atau sore (16:00 - 18:00). Kami belum melayani pengiriman di hari yang sama.",
    },
    {
      question: "Bagaimana cara membayar?",
      answer:
        "Setelah menekan Pesan Sekarang, rincian pesanan Anda terkirim ke WhatsApp kami. CS akan mengonfirmasi pesanan, menyampaikan total akhir termasuk ongkir, dan menjelaskan cara pembayarannya di chat tersebut.",
    },
    {
      question: "Berapa ongkirnya?",
      answer:
        "Ongkir ditentukan oleh CS sesuai jarak alamat pengiriman, dan selalu disampaikan lewat WhatsApp sebelum pesanan Anda kami proses. Tidak ada biaya tersembunyi.",
    },
    {
      question: "Bagaimana jika sayur yang saya terima kurang segar atau rusak?",
      answer:
        "Kirim foto produknya ke WhatsApp kami paling lambat 24 jam setelah pesanan diterima. Setelah kami periksa, produk tersebut akan kami ganti.",
    },
  ];

  return (
    <>
      <PageHero
        eyebrow="Tentang Kami"
        title="Sayur segar dari petani Jember, langsung ke dapur Anda"
        actions={<ShopAndContactLinks shopLabel="Lihat Produk" />}
      >
        <p>
          {shop.name} adalah toko sayur online yang menghubungkan petani di sekitar Jember dengan dapur rumah tangga,
          warung, dan usaha kuliner di {shop.deliveryArea}.
        </p>
      </PageHero>

      <ContentSection id="cerita" title="Cerita Kami">
        <div className="grid gap-8 md:grid-cols-[3fr_2fr] md:items-center">
          <div className="space-y-4 text-base leading-relaxed text-stone-800">
            <p>
              {shop.name} berdiri pada tahun {shop.foundedYear}. Kami melihat hal yang sama berulang kali: sayur dari
              kebun di sekitar Jember berpindah dari tengkulak ke pengepul, lalu ke pasar induk dan pedagang eceran
              sebelum sampai ke dapur. Di setiap tangan harganya naik, sementara kesegarannya turun, dan petani hanya
              menerima sebagian kecil dari harga yang Anda bayar.
            </p>
            <p>
              Karena itu kami memangkas rantai tersebut. Kami menjemput hasil panen langsung dari petani, menyortirnya,
              lalu mengantarnya ke rumah Anda. Sayur sampai lebih segar, harganya wajar untuk Anda, dan petani mendapat
              bagian yang lebih adil.
            </p>
          </div>
          <div className="rounded-2xl bg-brand-50 p-6">
            <Sprout className="h-10 w-10 text-brand-700" aria-hidden="true" />
            <p className="mt-3 text-lg font-bold text-stone-900">Dari kebun ke dapur, tanpa banyak perantara.</p>
            <p className="mt-2 text-stone-700">
              Petani Jember yang ingin ikut menyuplai?{" "}
              <Link to="/supply-with-us" className="font-semibold text-brand-800 underline underline-offset-4">
                Daftar jadi mitra
              </Link>
              .
            </p>
          </div>
        </div>
      </ContentSection>

      <ContentSection id="nilai" title="Nilai-Nilai Kami" tinted>
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {VALUES.map((v) => (
            <li key={v.title} className="rounded-2xl bg-white p-6 shadow-sm">
              <v.icon className="h-8 w-8 text-brand-700" aria-hidden="true" />
              <h3 className="mt-3 text-lg font-bold text-stone-900">{v.title}</h3>
              <p className="mt-2 text-stone-700">{v.text}</p>
            </li>
          ))}
        </ul>
      </ContentSection>

      <ContentSection id="cara-kerja" title="Cara Kerja" lead="Belanja sayur cukup tiga langkah, tanpa perlu ke pasar.">
        <ol className="grid gap-5 md:grid-cols-3">
          {STEPS.map((step, i) => (
            <li key={step.title} className="relative rounded-2xl border border-stone-200 bg-white p-6">
              <span
                className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-700 text-lg font-extrabold text-white"
                aria-hidden="true"
              >
                {i + 1}
              </span>
              <h3 className="mt-4 flex items-center gap-2 text-lg font-bold text-stone-900">
                <step.icon className="h-5 w-5 text-brand-700" aria-hidden="true" />
                {step.title}
              </h3>
              <p className="mt-2 text-stone-700">{step.text}</p>
            </li>
          ))}
        </ol>
      </ContentSection>

      <ContentSection id="kontak" title="Hubungi Kami" tinted>
        <div className="grid gap-8 lg:grid-cols-[2fr_3fr] lg:items-start">
          <div className="rounded-2xl bg-white p-6 shadow-sm">
            <ContactDetails shop={shop} showMap />
          </div>
          <div id={CONTACT_FORM_ANCHOR} className="scroll-mt-20 rounded-2xl bg-white p-5 shadow-sm sm:p-8">
            <h3 className="text-xl font-bold text-stone-900">Kirim Pesan</h3>
            <p className="mt-2 mb-6 text-stone-700">
              Punya pertanyaan atau saran? Tulis di sini, kami akan membalas ke e-mail Anda.
            </p>
            <ContactForm from="/about" />
          </div>
        </div>
      </ContentSection>

      <ContentSection id="faq" title="Pertanyaan yang Sering Diajukan">
        <Faq items={faq} className="max-w-3xl" />
      </ContentSection>

      <ClosingBand
        id="ajakan"
        icon={HeartHandshake}
        title="Siap belanja sayur segar?"
        actions={<ShopAndContactLinks shopLabel="Belanja Sekarang" />}
      >
        Pesan hari ini, terima besok pagi atau sore. Ada pertanyaan dulu? Tim kami siap membantu.
      </ClosingBand>
    </>
  );
}
