// One Indonesian word per concept, across the shop and the admin panel. docs/glossary.md
// explains each choice; screens take the word from here, so a change is made once.
export const WORDS = {
  /** Signing in (was 'Login' in places). */
  signIn: "Masuk",
  /** Signing out (was 'Logout'). */
  signOut: "Keluar",
  /** Creating an account. */
  register: "Daftar",
  /** The delivery fee, everywhere ('Biaya Pengiriman', 'Ongkos kirim' before). */
  deliveryFee: "Ongkir",
  /** The farmers who supply the shop (never 'Mitra Petani'). */
  partnerFarmers: "Petani Mitra",
  /** The public page for farmers who want to supply the shop (was 'Supply Kami'). */
  supplyWithUs: "Jadi Petani Mitra",
  /** The page where the order is placed (was 'Checkout'). */
  checkout: "Pemesanan",
  /** The cart's button to go there (was 'Checkout'). */
  toCheckout: "Lanjut Pesan",
  /** The staff's list of what to pick for a delivery (was 'Picking List'). */
  pickingList: "Daftar Ambil",
  /** Products the shop picks out for the home page ('Featured' in the shop, 'Pilihan' in the admin). */
  featured: "Pilihan",
  /** The shop's first page, in the main menu (was 'Home'). */
  home: "Beranda",
  /** The admin's first page with the day's orders; the address stays /admin/dashboard (was 'Dashboard'). */
  dashboard: "Ringkasan",
  /**
   * Messages from the contact form and farmer sign-ups; the address stays /admin/inbox (was
   * 'Inbox', then 'Pesan Masuk', which read like the live box's 'Pesanan Masuk').
   */
  inbox: "Kotak Pesan",
  /** A total before the bill is final. */
  estimate: "perkiraan",
} as const;
