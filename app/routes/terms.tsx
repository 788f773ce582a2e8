// /terms: the terms of sale, written to match how ordering really works (site, then WhatsApp).
import { WORDS } from "~/lib/vocab/words";
import { Link } from "react-router";
import { LegalPage, type LegalSection } from "~/components/legal-page";
import { pageMeta } from "~/lib/page-meta";
import { shopAddressLine, whatsappHref } from "~/lib/shop";
import { useRootData } from "~/components/root-data";
import type { Route } from "./+types/terms";
import { routePolicy } from "~/server/route-policy.server";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "catalog", access: "public" })];

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Syarat & Ketentuan",
    description:
      "Syarat belanja: cara memesan, konfirmasi dan pembayaran lewat WhatsApp, ongkir, jadwal pengiriman, penggantian produk, dan pembatalan pesanan.",
    shopName: matches[0]?.data?.shop.name,
  });
}

export default function Terms() {
  const { shop } = useRootData();
  const chat = whatsappHref(shop.whatsapp);
  const sections: LegalSection[] = [
    {
      id: "umum",
      title: "Ketentuan Umum",
      body: (
        <>
          <p>
            Syarat dan ketentuan ini berlaku untuk setiap penggunaan situs {shop.name} dan setiap pesanan yang dibuat
            lewat situs ini. {shop.name} adalah toko sayur dan bahan dapur yang beralamat di {shopAddressLine(shop)}.
          </p>
          <p>Dengan membuat akun atau memesan, Anda dianggap telah membaca dan menyetujui ketentuan ini.</p>
        </>
      ),
    },
    {
      id: "akun",
      title: "Akun Pelanggan",
      body: (
        <ul>
          <li>
            Untuk memesan, Anda perlu membuat akun dengan nama, e-mail, nomor telepon, dan alamat yang benar dan masih
            aktif.
          </li>
          <li>
            Jaga kerahasiaan kata sandi Anda. Kami tidak pernah menanyakan kata sandi Anda, baik lewat telepon,
            WhatsApp, maupun e-mail.
          </li>
          <li>
            Anda bertanggung jawab atas pesanan yang dibuat dari akun Anda. Bila curiga akun Anda dipakai orang lain,
            segera ganti kata sandi dan hubungi kami.
          </li>
        </ul>
      ),
    },
    {
      id: "produk-harga",
      title: "Produk dan Harga",
      body: (
        <ul>
          <li>
            Semua harga tertulis dalam Rupiah. Harga yang berlaku adalah harga (termasuk diskon, bila ada) saat pesanan
            Anda dibuat.
          </li>
          <li>
            Sayur dan buah adalah hasil alam, sehingga ukuran, warna, dan bentuknya bisa sedikit berbeda dari foto.
          </li>
          <li>
            Stok terbatas. Bila sebuah produk ternyata habis setelah Anda memesan, CS akan memberi tahu Anda lewat
            WhatsApp dan menawarkan pengganti atau mengurangi produk tersebut dari pesanan.
          </li>
        </ul>
      ),
    },
    {
      id: "pemesanan",
      title: "Cara Memesan",
      body: (
        <ol>
          <li>Pilih produk dan masukkan ke keranjang.</li>
          <li>
            Di halaman checkout, isi nama, nomor telepon, dan alamat penerima, pilih waktu pengiriman (pagi atau sore),
            lalu tambahkan catatan bila perlu.
          </li>
          <li>
            Tekan <strong>Pesan Sekarang</strong>. Pesanan Anda tercatat dengan status <em>Menunggu</em>, dan rinciannya
            terkirim ke WhatsApp kami.
          </li>
          <li>CS kami mengonfirmasi pesanan lewat chat WhatsApp. Pesanan baru kami siapkan setelah dikonfirmasi.</li>
        </ol>
      ),
    },
    {
      id: "pembayaran",
      title: "Konfirmasi dan Pembayaran",
      body: (
        <>
          <p>
            Pembayaran tidak dilakukan di situs ini. Setelah pesanan masuk, CS kami akan menyampaikan total akhir (harga
            produk ditambah ongkir) beserta cara pembayarannya melalui chat WhatsApp dengan nomor resmi kami,{" "}
            <a href={chat} target="_blank" rel="noopener noreferrer">
              {shop.phone}
            </a>
            .
          </p>
          <p>
            Pastikan Anda hanya mengikuti petunjuk pembayaran dari nomor resmi tersebut. Bila ragu, hubungi kami lebih
            dulu.
          </p>
        </>
      ),
    },
    {
      id: "ongkir",
      title: WORDS.deliveryFee,
      body: (
        <p>
          Total di keranjang dan di halaman checkout belum termasuk ongkir. Ongkir ditentukan oleh CS sesuai jarak
          alamat pengiriman, dan selalu kami sampaikan lewat WhatsApp sebelum pesanan diproses. Anda boleh membatalkan
          pesanan bila tidak setuju dengan ongkirnya.
        </p>
      ),
    },
    {
      id: "pengiriman",
      title: "Pengiriman",
      body: (
        <ul>
          <li>Kami mengantar ke {shop.deliveryArea}.</li>
          <li>
            Pesanan diantar <strong>keesokan hari</strong> setelah Anda memesan, pada slot yang Anda pilih: pagi pukul
            05:00 - 07:00 WIB atau sore pukul 16:00 - 18:00 WIB. Kami tidak melayani pengiriman di hari yang sama.
          </li>
          <li>
            Pastikan ada yang bisa menerima pesanan dan nomor telepon penerima bisa dihubungi. Kurir akan menelepon atau
            chat bila alamat sulit ditemukan.
          </li>
          <li>
            Bila pengiriman terpaksa mundur, misalnya karena cuaca buruk, CS akan memberi tahu Anda lewat WhatsApp
            secepatnya.
          </li>
        </ul>
      ),
    },
    {
      id: "penggantian",
      title: "Penggantian Produk",
      body: (
        <>
          <p>
            Kami ingin Anda menerima sayur yang segar. Bila ada produk yang busuk, rusak, layu, atau tidak sesuai
            pesanan:
          </p>
          <ol>
            <li>
              Laporkan lewat{" "}
              <a href={chat} target="_blank" rel="noopener noreferrer">
                WhatsApp
              </a>{" "}
              paling lambat <strong>24 jam setelah pesanan diterima</strong>.
            </li>
            <li>Sertakan nomor pesanan dan foto produk yang bermasalah.</li>
            <li>
              Setelah kami periksa, produk tersebut kami ganti pada pengiriman berikutnya. Bila penggantinya tidak
              tersedia, CS akan mengembalikan harga produk tersebut.
            </li>
          </ol>
          <p>
            Laporan yang masuk lebih dari 24 jam setelah pesanan diterima tidak dapat kami proses, karena kesegaran
            sayur sudah dipengaruhi cara penyimpanan.
          </p>
        </>
      ),
    },
    {
      id: "kode-promo",
      title: "Kode Promo",
      body: (
        <ul>
          <li>
            Satu pesanan memakai satu kode promo, dimasukkan di checkout lalu tekan <em>Pakai</em>. Syarat tiap kode
            (masa berlaku, belanja minimal, kuota, batas per pelanggan, metode bayar, khusus pelanggan baru) diperiksa
            lagi saat pesanan dibuat.
          </li>
          <li>
            Belanja minimal dihitung dari total produk saat checkout, tanpa ongkir. Batas per pelanggan dihitung per
            akun dan per nomor telepon.
          </li>
          <li>
            Untuk produk timbang: bila total timbang di tagihan final ternyata di bawah belanja minimal,{" "}
            <strong>promo tetap berlaku</strong>. Potongan persen dihitung ulang dari total timbang (tetap dengan batas
            maksimalnya); potongan rupiah tidak pernah melebihi total produk, dan gratis ongkir tidak pernah melebihi
            ongkirnya.
          </li>
          <li>Pesanan yang dibatalkan mengembalikan kuota kodenya.</li>
        </ul>
      ),
    },
    {
      id: "pembatalan",
      title: "Pembatalan Pesanan",
      body: (
        <ul>
          <li>
            Anda bisa membatalkan pesanan selama statusnya masih <em>Menunggu</em>, yaitu sebelum pesanan diproses.
            Hubungi CS lewat WhatsApp dan sebutkan nomor pesanan Anda.
          </li>
          <li>
            Bila tagihan final sudah dikirim atau pembayaran sudah tercatat, pembatalan dilakukan oleh toko lewat
            WhatsApp. Uang yang sudah Anda bayar, dan Saldo yang terpakai di tagihan itu, dikembalikan ke Saldo Anda dan
            dipotong dari tagihan berikutnya.
          </li>
          <li>
            Setelah status berubah menjadi <em>Diproses</em>, sayur sudah kami siapkan untuk Anda sehingga pesanan tidak
            dapat dibatalkan lagi.
          </li>
          <li>
            Kami dapat membatalkan pesanan yang tidak bisa dikonfirmasi, misalnya bila nomor telepon tidak dapat
            dihubungi, atau bila semua produknya habis.
          </li>
          <li>
            Bila Anda sudah membayar untuk pesanan yang dibatalkan, uang Anda kami kembalikan penuh sesuai kesepakatan
            dengan CS.
          </li>
        </ul>
      ),
    },
    {
      id: "mitra",
      title: "Pendaftaran Petani Mitra",
      body: (
        <p>
          Mengirim formulir di halaman <Link to="/supply-with-us">{WORDS.supplyWithUs}</Link> belum berarti kerja sama.
          Harga, jumlah, dan jadwal penjemputan hasil panen disepakati terpisah setelah kunjungan lahan.
        </p>
      ),
    },
    {
      id: "perubahan",
      title: "Perubahan Ketentuan",
      body: (
        <p>
          Ketentuan ini dapat kami perbarui sewaktu-waktu. Tanggal pembaruan terakhir selalu tertulis di bagian atas
          halaman ini, dan pesanan Anda mengikuti ketentuan yang berlaku saat pesanan dibuat.
        </p>
      ),
    },
    {
      id: "kontak",
      title: "Hubungi Kami",
      body: (
        <p>
          Ada pertanyaan tentang ketentuan ini? Hubungi kami lewat WhatsApp, telepon {shop.phone}, e-mail{" "}
          <a href={`mailto:${shop.email}`}>{shop.email}</a>, atau halaman <Link to="/contact">Hubungi Kami</Link>. Baca
          juga <Link to="/privacy">Kebijakan Privasi</Link> kami.
        </p>
      ),
    },
  ];
  return (
    <LegalPage
      title="Syarat & Ketentuan"
      updated="November 2026"
      lead={
        <p>
          Aturan belanja di {shop.name}, ditulis sesederhana mungkin: cara memesan, membayar, pengiriman, penggantian
          produk, dan pembatalan.
        </p>
      }
      sections={sections}
    />
  );
}
