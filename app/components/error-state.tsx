// What a shopper sees when something went wrong: never a stack trace.
import { Link } from "react-router";
import { buttonClass } from "./ui/button";

export function ErrorState({ status }: { status: number }) {
  if (status === 404) {
    return (
      <div className="text-center">
        <p className="text-6xl font-black text-brand-700">404</p>
        <h1 className="mt-4 text-2xl font-bold">Halaman Tidak Ditemukan</h1>
        <p className="mt-2 text-stone-700">Maaf, halaman yang Anda cari tidak ada atau sudah dipindahkan.</p>
        <Link to="/" className={buttonClass({ className: "mt-6" })}>
          Kembali ke Beranda
        </Link>
      </div>
    );
  }
  if (status === 503) {
    return (
      <div className="text-center">
        <h1 className="text-2xl font-bold">Toko sedang gangguan</h1>
        <p className="mt-2 text-stone-700">
          Maaf, layanan kami sedang gangguan sebentar. Silakan coba lagi beberapa saat lagi.
        </p>
        <a href="." className={buttonClass({ className: "mt-6" })}>
          Coba Lagi
        </a>
      </div>
    );
  }
  return (
    <div className="text-center">
      <h1 className="text-2xl font-bold">Terjadi Kesalahan</h1>
      <p className="mt-2 text-stone-700">Maaf, terjadi kesalahan. Silakan coba lagi beberapa saat lagi.</p>
      <a href="/" className={buttonClass({ className: "mt-6" })}>
        Kembali ke Beranda
      </a>
    </div>
  );
}
