import { currentShop } from "../../../shop/identity.server";
import type { EmailTemplate } from "./index";

/**
 * The invitation: its link sets a password and accepts the invitation in one step. For an
 * account that already exists it says that the password is replaced and other devices are
 * signed out, since that is what makes the link a proof of who holds the address.
 */
const staffInvitation: EmailTemplate<"staff-invitation"> = ({ name, invitedBy, href, account, role }) => {
  const shop = currentShop();
  if (role === "courier") return courierInvitation({ name, invitedBy, href, account }, shop.name);
  const what =
    account === "new"
      ? "Klik tombol di bawah untuk membuat password Anda; setelah password disimpan, Anda menjadi Staf."
      : `Email ini sudah punya akun di ${shop.name}. Klik tombol di bawah untuk menerima undangan: Anda membuat password baru untuk akun ini, semua perangkat yang masuk dengan akun ini dikeluarkan, lalu akun ini menjadi Staf. Sebelum itu akun ini tetap akun pelanggan.`;
  return {
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
  };
};

/** A courier's invitation: the same link, to the courier's screen instead of the panel. */
function courierInvitation(
  { name, invitedBy, href, account }: { name: string; invitedBy: string; href: string; account: "new" | "existing" },
  shopName: string,
) {
  return {
    subject: `Undangan bergabung sebagai Kurir ${shopName}`,
    preheader: `${invitedBy} mengundang Anda mengantar pesanan ${shopName}.`,
    paragraphs: [
      `Halo ${name},`,
      `${invitedBy} mengundang Anda bergabung sebagai Kurir ${shopName}. Setelah bergabung, buka /kurir di HP Anda untuk melihat rute antar hari ini dan besok.`,
      account === "new"
        ? "Klik tombol di bawah untuk membuat password Anda; setelah password disimpan, Anda menjadi Kurir."
        : `Email ini sudah punya akun di ${shopName}. Klik tombol di bawah: Anda membuat password baru, semua perangkat yang masuk dengan akun ini dikeluarkan, lalu akun ini menjadi Kurir.`,
      "Tautan hanya dapat dipakai sekali dan berlaku 3 hari.",
      "Jika Anda tidak mengenal undangan ini, abaikan email ini.",
    ],
    button: { href, label: account === "new" ? "Buat Password & Bergabung" : "Terima Undangan" },
  };
}
export default staffInvitation;
