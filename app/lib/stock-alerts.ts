// 'Kabari Saya' texts shared by the server module and the pages that show its answers.
export const SUBSCRIBED_TITLE = "Kami Akan Mengabari Anda";
export const SUBSCRIBE_FAILED_TITLE = "Belum Bisa Mengabari";
/** After a confirmation mail went out: nothing is subscribed until its link is used. */
export const CONFIRMATION_SENT_TITLE = "Cek Email Anda";
export const CONFIRM_FAILED_TITLE = "Kabar Stok Belum Aktif";
export const INVALID_CONFIRM_MESSAGE =
  "Tautan konfirmasi ini tidak valid atau sudah dipakai. Buka lagi halaman produknya dan tekan 'Kabari Saya'.";
export const INVALID_UNSUBSCRIBE_MESSAGE =
  "Tautan ini tidak valid. Salin tautan lengkap dari email kabar stok, atau hubungi kami lewat WhatsApp.";
