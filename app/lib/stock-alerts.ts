// 'Kabari Saya' texts shared by the server module and the pages that show its answers.
export const SUBSCRIBED_TITLE = "Kami Akan Mengabari Anda";
export const SUBSCRIBE_FAILED_TITLE = "Belum Bisa Mengabari";
export const INVALID_UNSUBSCRIBE_MESSAGE =
  "Tautan ini tidak valid. Salin tautan lengkap dari email kabar stok, atau hubungi kami lewat WhatsApp.";
