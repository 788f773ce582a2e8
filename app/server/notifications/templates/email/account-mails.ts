// The account mails: a verification link, a password reset link, the note that an address
// already has an account. They are not news about a change but a step of signing in, so the
// auth flow sends them at once (mail.server.ts) rather than through the outbox; they live
// here so every e-mail the shop writes is in one folder.
import { currentShop } from "../../../shop/identity.server";
import type { MailMessage } from "~/server/notifications/mail-transport.server";
import { composeMail } from "./compose";

export function verificationMail(to: string, name: string, href: string): MailMessage {
  const shop = currentShop();
  return composeMail({
    to,
    subject: `Verifikasi email akun ${shop.name}`,
    paragraphs: [
      `Halo ${name},`,
      `Terima kasih sudah mendaftar di ${shop.name}. Klik tombol di bawah untuk memverifikasi email Anda. Tautan berlaku 24 jam.`,
      "Jika Anda tidak mendaftar, abaikan email ini.",
    ],
    button: { href, label: "Verifikasi Email" },
  });
}

export function resetPasswordMail(to: string, name: string, href: string): MailMessage {
  const shop = currentShop();
  return composeMail({
    to,
    subject: `Reset password akun ${shop.name}`,
    paragraphs: [
      `Halo ${name},`,
      "Kami menerima permintaan untuk mengganti password akun Anda. Klik tombol di bawah untuk membuat password baru. Tautan hanya dapat dipakai sekali dan berlaku 1 jam.",
      "Jika Anda tidak meminta reset password, abaikan email ini; password Anda tidak berubah.",
    ],
    button: { href, label: "Buat Password Baru" },
  });
}

/**
 * The invitation: its link sets a password and accepts the invitation in one step. For an
 * account that already exists it says that the password is replaced and other devices are
 * signed out, since that is what makes the link a proof of who holds the address.
 */
export function staffInvitationMail(
  to: string,
  name: string,
  invitedBy: string,
  href: string,
  account: "new" | "existing",
): MailMessage {
  const shop = currentShop();
  const what =
    account === "new"
      ? "Klik tombol di bawah untuk membuat password Anda; setelah password disimpan, Anda menjadi Staf."
      : `Email ini sudah punya akun di ${shop.name}. Klik tombol di bawah untuk menerima undangan: Anda membuat password baru untuk akun ini, semua perangkat yang masuk dengan akun ini dikeluarkan, lalu akun ini menjadi Staf. Sebelum itu akun ini tetap akun pelanggan.`;
  return composeMail({
    to,
    subject: `Undangan bergabung sebagai Staf ${shop.name}`,
    preheader: `${invitedBy} mengundang Anda ke panel admin ${shop.name}.`,
    paragraphs: [
      `Halo ${name},`,
      `${invitedBy} mengundang Anda bergabung sebagai Staf di panel admin ${shop.name}: pesanan, Daftar Ambil, lembar pengiriman dan Kotak Pesan.`,
      what,
      "Tautan hanya dapat dipakai sekali dan berlaku 3 hari. Setelah itu masuk lewat halaman Masuk admin dengan email ini.",
      "Jika Anda tidak mengenal undangan ini, abaikan email ini.",
    ],
    button: { href, label: account === "new" ? "Buat Password & Bergabung" : "Terima Undangan" },
  });
}
