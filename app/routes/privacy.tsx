// /privacy: what personal data the shop keeps, why, and how to have it removed. Matches what
// the app stores: accounts, orders, farmer applications, contact messages, a session cookie.
import { Link } from "react-router";
import { LegalPage, type LegalSection } from "~/components/legal-page";
import { pageMeta } from "~/lib/page-meta";
import { whatsappHref } from "~/lib/shop";
import { useRootData } from "~/components/root-data";
import type { Route } from "./+types/privacy";
import { routePolicy } from "~/server/route-policy.server";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "catalog", access: "public" })];

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Kebijakan Privasi",
    description:
      "Data pribadi apa yang kami simpan (nama, telepon, alamat, e-mail, pesanan), untuk apa, cookie yang kami pakai, dan cara meminta data Anda dihapus.",
    shopName: matches[0]?.data?.shop.name,
  });
}

export default function Privacy() {
  const { shop } = useRootData();
  const chat = whatsappHref(shop.whatsapp);
  const sections: LegalSection[] = [
    {
      id: "data",
      title: "Data yang Kami Simpan",
      body: (
        <>
          <p>Kami hanya menyimpan data yang Anda berikan sendiri dan yang diperlukan untuk melayani Anda:</p>
          <ul>
            <li>
              <strong>Akun:</strong> nama, e-mail, nomor telepon, dan alamat. Kata sandi disimpan dalam bentuk acak
              (hash), sehingga kami pun tidak bisa membacanya.
            </li>
            <li>
              <strong>Pesanan:</strong> produk, jumlah, harga, total, nama, nomor telepon dan alamat penerima, tanggal
              dan slot pengiriman, catatan, serta riwayat status pesanan.
            </li>
            <li>
              <strong>Pendaftaran Petani Mitra:</strong> nama, nomor telepon, alamat dan luas lahan, jenis produk, waktu
              panen, dan informasi lain yang Anda tulis.
            </li>
            <li>
              <strong>Pesan dari formulir kontak:</strong> nama, e-mail, subjek, dan isi pesan.
            </li>
            <li>
              <strong>Data teknis:</strong> saat Anda masuk, alamat IP dan jenis peramban dicatat bersama sesi login
              Anda. Alamat IP juga dipakai sementara untuk membatasi jumlah percobaan login dan kiriman formulir, agar
              situs tidak disalahgunakan.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "tujuan",
      title: "Untuk Apa Data Dipakai",
      body: (
        <ul>
          <li>
            Memproses, mengonfirmasi, dan mengantar pesanan Anda, termasuk menghubungi Anda lewat telepon atau WhatsApp.
          </li>
          <li>Mengirim e-mail yang berkaitan dengan akun Anda, seperti verifikasi e-mail dan atur ulang kata sandi.</li>
          <li>Membalas pesan Anda dan menindaklanjuti pendaftaran Petani Mitra.</li>
          <li>Menjaga keamanan akun dan situs.</li>
        </ul>
      ),
    },
    {
      id: "cookie",
      title: "Cookie dan Penyimpanan di Perangkat",
      body: (
        <>
          <p>
            Kami hanya memakai <strong>satu cookie sesi</strong> agar Anda tetap masuk ke akun. Cookie ini berakhir 30
            hari setelah terakhir kali Anda memakai situs, atau saat Anda keluar (logout).
          </p>
          <p>
            Isi keranjang belanja disimpan di penyimpanan lokal peramban (local storage) di perangkat Anda sendiri, dan
            baru dikirim ke kami saat Anda memesan.
          </p>
          <p>Kami tidak memakai cookie iklan, pelacak, maupun layanan analitik pihak ketiga.</p>
        </>
      ),
    },
    {
      id: "pihak-lain",
      title: "Berbagi Data dengan Pihak Lain",
      body: (
        <>
          <p>
            Kami tidak menjual atau menyewakan data Anda kepada siapa pun. Data hanya berpindah tangan sejauh diperlukan
            untuk melayani Anda:
          </p>
          <ul>
            <li>
              Saat Anda menekan <strong>Pesan Sekarang</strong>, rincian pesanan (nama, alamat, nomor telepon, dan
              daftar produk) dikirim lewat WhatsApp ke nomor kami. Percakapan di WhatsApp juga tunduk pada kebijakan
              privasi WhatsApp.
            </li>
            <li>
              Kurir kami melihat nama, nomor telepon, dan alamat penerima yang diperlukan untuk mengantar pesanan.
            </li>
            <li>E-mail akun dikirim melalui layanan pengiriman e-mail kami.</li>
            <li>Tautan peta membuka Google Maps hanya jika Anda menekannya.</li>
          </ul>
        </>
      ),
    },
    {
      id: "penyimpanan",
      title: "Berapa Lama Data Disimpan",
      body: (
        <p>
          Data akun dan riwayat pesanan disimpan selama akun Anda aktif. Pesan kontak dan pendaftaran mitra disimpan
          selama masih diperlukan untuk menindaklanjutinya. Anda dapat meminta data Anda dihapus kapan saja (lihat
          bagian berikut).
        </p>
      ),
    },
    {
      id: "hak",
      title: "Hak Anda dan Cara Meminta Penghapusan",
      body: (
        <>
          <ul>
            <li>
              Anda dapat melihat dan mengubah nama, nomor telepon, dan alamat Anda kapan saja di halaman{" "}
              <Link to="/profile">Profil</Link>.
            </li>
            <li>
              Untuk meminta salinan data atau penghapusan akun dan data Anda, kirim e-mail ke{" "}
              <a href={`mailto:${shop.email}`}>{shop.email}</a> atau chat{" "}
              <a href={chat} target="_blank" rel="noopener noreferrer">
                WhatsApp
              </a>{" "}
              kami dari e-mail atau nomor yang terdaftar, agar kami bisa memastikan permintaan itu benar dari Anda.
            </li>
            <li>
              Kami menanggapi permintaan paling lambat 14 hari kerja. Catatan transaksi yang wajib disimpan untuk
              pembukuan hanya kami simpan selama diwajibkan.
            </li>
          </ul>
          <p>Hak-hak ini sejalan dengan Undang-Undang Nomor 27 Tahun 2022 tentang Pelindungan Data Pribadi.</p>
        </>
      ),
    },
    {
      id: "keamanan",
      title: "Keamanan",
      body: (
        <p>
          Kata sandi disimpan dalam bentuk hash, cookie sesi tidak dapat dibaca oleh skrip di halaman, dan data pesanan
          hanya dapat dilihat oleh pemilik akun dan staf admin kami. Meski begitu, tidak ada sistem yang sepenuhnya
          kebal. Bila Anda melihat sesuatu yang mencurigakan, segera hubungi kami.
        </p>
      ),
    },
    {
      id: "kontak",
      title: "Perubahan dan Kontak",
      body: (
        <p>
          Kebijakan ini dapat kami perbarui; tanggal pembaruan terakhir tertulis di bagian atas halaman. Pertanyaan
          seputar privasi dapat dikirim ke <a href={`mailto:${shop.email}`}>{shop.email}</a> atau lewat halaman{" "}
          <Link to="/contact">Hubungi Kami</Link>. Baca juga <Link to="/terms">Syarat &amp; Ketentuan</Link>.
        </p>
      ),
    },
  ];
  return (
    <LegalPage
      title="Kebijakan Privasi"
      updated="November 2026"
      lead={
        <p>
          Kami menjaga data Anda seperlunya saja. Halaman ini menjelaskan data apa yang kami simpan, untuk apa, dan
          bagaimana Anda bisa memintanya dihapus.
        </p>
      }
      sections={sections}
    />
  );
}
