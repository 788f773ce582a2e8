// The sample catalog of a greengrocer in Jember, used to fill an empty database.
// Prices are integer rupiah (2025 Jember market level, rounded to Rp500/Rp1.000); discount is a percent.

export type SeedCategory = { name: string; slug: string };

export type SeedProduct = {
  name: string;
  slug: string;
  categorySlug: string;
  /** Integer rupiah, before discount. */
  price: number;
  /** e.g. 'per ikat', 'per kg', 'per 250 g', 'pcs', 'per 10 butir', 'per liter'. */
  unit: string;
  /** Integer percent 0-100 (0 = none). */
  discount: number;
  stock: number;
  featured: boolean;
  description: string;
  /** '/images/products/<slug>.svg' */
  imageUrl: string;
  /** Sold by weight: then `price` is per kg and `stock` is grams. */
  soldByWeight: boolean;
  /** Grams the amount moves by, and the smallest amount sold (only read when sold by weight). */
  weightStep: number;
  weightMin: number;
};

export const seedCategories: SeedCategory[] = [
  { name: "Sayur Daun", slug: "sayur-daun" },
  { name: "Sayur Buah", slug: "sayur-buah" },
  { name: "Bumbu Dapur", slug: "bumbu" },
  { name: "Daging", slug: "daging" },
  { name: "Bahan Pokok", slug: "bahan-pokok" },
];

type Row = Omit<SeedProduct, "imageUrl" | "soldByWeight" | "weightStep" | "weightMin">;

/**
 * What the shop weighs at packing: price per kg, stock in grams, the step the stepper moves
 * by and the smallest amount sold. These rows replace the price, unit and stock listed below.
 */
const weighed: Record<string, { pricePerKg: number; stockGrams: number; step: number; min: number }> = {
  tomat: { pricePerKg: 12000, stockGrams: 70_000, step: 250, min: 500 },
  kentang: { pricePerKg: 18000, stockGrams: 75_000, step: 250, min: 500 },
  "cabai-rawit": { pricePerKg: 60000, stockGrams: 12_500, step: 100, min: 100 },
  "cabai-merah-keriting": { pricePerKg: 44000, stockGrams: 10_000, step: 100, min: 100 },
  "bawang-merah": { pricePerKg: 40000, stockGrams: 17_500, step: 250, min: 250 },
  "bawang-putih": { pricePerKg: 38000, stockGrams: 17_500, step: 250, min: 250 },
  "dada-ayam-fillet": { pricePerKg: 60000, stockGrams: 12_500, step: 250, min: 500 },
  "daging-sapi": { pricePerKg: 130000, stockGrams: 10_000, step: 250, min: 250 },
};

const rows: Row[] = [
  // ---- Sayur Daun ----
  {
    name: "Kangkung",
    slug: "kangkung",
    categorySlug: "sayur-daun",
    price: 3000,
    unit: "per ikat",
    discount: 0,
    stock: 60,
    featured: false,
    description:
      "Kangkung darat segar dengan batang muda yang renyah, dipetik dari kebun petani di sekitar Jember. Paling enak dimasak cah bawang putih atau jadi pelengkap pecel. Simpan dalam plastik berlubang di kulkas dan masak dalam 2 hari.",
  },
  {
    name: "Bayam Hijau",
    slug: "bayam",
    categorySlug: "sayur-daun",
    price: 3000,
    unit: "per ikat",
    discount: 0,
    stock: 55,
    featured: true,
    description:
      "Bayam hijau berdaun lebar dan lembut, dipanen pagi hari oleh petani di Jember. Cocok untuk sayur bening dengan jagung manis atau dibuat keripik bayam. Sebaiknya dimasak di hari yang sama agar warna dan rasanya tetap segar.",
  },
  {
    name: "Sawi Hijau",
    slug: "sawi-hijau",
    categorySlug: "sayur-daun",
    price: 4000,
    unit: "per ikat",
    discount: 10,
    stock: 40,
    featured: false,
    description:
      "Sawi hijau (caisim) dengan batang renyah dan daun yang tidak pahit. Pas untuk tumisan, mi ayam, atau isian capcay. Bungkus dengan kertas koran lalu simpan di laci sayur kulkas agar tahan 3-4 hari.",
  },
  {
    name: "Daun Singkong",
    slug: "daun-singkong",
    categorySlug: "sayur-daun",
    price: 3000,
    unit: "per ikat",
    discount: 0,
    stock: 35,
    featured: false,
    description:
      "Pucuk daun singkong muda yang empuk setelah direbus, dari kebun warga di pinggiran Jember. Nikmat untuk gulai daun singkong, urap, atau lalapan dengan sambal terasi. Rebus sebentar dengan sedikit garam agar warnanya tetap hijau.",
  },
  {
    name: "Selada Keriting",
    slug: "selada-keriting",
    categorySlug: "sayur-daun",
    price: 7000,
    unit: "per 250 g",
    discount: 0,
    stock: 25,
    featured: false,
    description:
      "Selada keriting hijau yang renyah dan segar untuk salad, burger, atau lalapan. Dicuci bersih dengan air mengalir sebelum disajikan. Simpan dalam wadah tertutup berlapis tisu di kulkas agar tidak cepat layu.",
  },
  {
    name: "Kemangi",
    slug: "kemangi",
    categorySlug: "sayur-daun",
    price: 2000,
    unit: "per ikat",
    discount: 0,
    stock: 0,
    featured: false,
    description:
      "Daun kemangi harum yang wajib ada untuk lalapan lele, pepes, dan botok. Aromanya paling kuat saat masih segar, jadi sebaiknya dipakai dalam 1-2 hari. Simpan tangkainya di gelas berisi sedikit air, jangan di freezer.",
  },
  {
    name: "Pakcoy",
    slug: "pakcoy",
    categorySlug: "sayur-daun",
    price: 5000,
    unit: "per 250 g",
    discount: 0,
    stock: 30,
    featured: false,
    description:
      "Pakcoy segar dengan batang putih tebal dan daun hijau mengilap. Enak ditumis dengan saus tiram, direbus untuk pelengkap mi, atau dimasak sup. Belah dua memanjang dan cuci bagian pangkalnya dari sisa tanah sebelum dimasak.",
  },

  // ---- Sayur Buah ----
  {
    name: "Edamame Jember",
    slug: "edamame-jember",
    categorySlug: "sayur-buah",
    price: 12000,
    unit: "per 500 g",
    discount: 15,
    stock: 80,
    featured: true,
    description:
      "Edamame segar khas Jember, polongnya gemuk dengan biji manis dan pulen. Cukup direbus 5-7 menit dengan air garam untuk camilan sehat keluarga. Simpan di kulkas, atau rebus sebentar lalu bekukan agar tahan berminggu-minggu.",
  },
  {
    name: "Tomat",
    slug: "tomat",
    categorySlug: "sayur-buah",
    price: 12000,
    unit: "per kg",
    discount: 0,
    stock: 70,
    featured: false,
    description:
      "Tomat merah segar dengan daging tebal dan rasa manis-asam yang pas. Cocok untuk sambal, sayur asem, sup, atau jus. Simpan di suhu ruang bila masih agak hijau dan pindahkan ke kulkas setelah matang.",
  },
  {
    name: "Terong Ungu",
    slug: "terong-ungu",
    categorySlug: "sayur-buah",
    price: 10000,
    unit: "per kg",
    discount: 0,
    stock: 45,
    featured: false,
    description:
      "Terong ungu panjang dengan kulit mengilap dan daging lembut, dari petani di sekitar Jember. Enak dibalado, digoreng tepung, atau dibakar untuk terong penyet. Rendam sebentar dalam air garam setelah dipotong agar tidak menghitam.",
  },
  {
    name: "Timun",
    slug: "timun",
    categorySlug: "sayur-buah",
    price: 8000,
    unit: "per kg",
    discount: 0,
    stock: 50,
    featured: false,
    description:
      "Timun hijau segar yang renyah dan banyak airnya. Pas untuk lalapan, acar, atau es timun serut di siang hari. Simpan di laci sayur kulkas dan jauhkan dari tomat atau pisang agar tidak cepat lembek.",
  },
  {
    name: "Labu Siam",
    slug: "labu-siam",
    categorySlug: "sayur-buah",
    price: 2500,
    unit: "pcs",
    discount: 0,
    stock: 90,
    featured: false,
    description:
      "Labu siam muda berwarna hijau muda dengan daging yang renyah dan tidak berserat. Cocok untuk sayur lodeh, oseng labu siam pedas, atau sayur bening. Kupas kulitnya dan remas dengan garam untuk menghilangkan getahnya.",
  },
  {
    name: "Buncis",
    slug: "buncis",
    categorySlug: "sayur-buah",
    price: 4000,
    unit: "per 250 g",
    discount: 0,
    stock: 40,
    featured: false,
    description:
      "Buncis muda yang lurus, renyah, dan mudah dipatahkan tanda masih segar. Enak ditumis bersama wortel dan jagung muda atau dijadikan sop. Buang ujung dan seratnya, lalu masak sebentar saja agar tetap hijau.",
  },
  {
    name: "Kacang Panjang",
    slug: "kacang-panjang",
    categorySlug: "sayur-buah",
    price: 3000,
    unit: "per ikat",
    discount: 0,
    stock: 45,
    featured: false,
    description:
      "Kacang panjang hijau segar dari kebun petani di Jember, polongnya masih muda dan renyah. Cocok untuk sayur asem, urap, oseng, atau lalapan mentah. Simpan terbungkus plastik di kulkas dan masak dalam 3 hari.",
  },
  {
    name: "Wortel",
    slug: "wortel",
    categorySlug: "sayur-buah",
    price: 14000,
    unit: "per kg",
    discount: 20,
    stock: 65,
    featured: false,
    description:
      "Wortel oranye cerah yang manis dan renyah, dipanen dari dataran tinggi di Jawa Timur. Serbaguna untuk sop, perkedel, tumisan, atau jus. Potong daunnya bila ada, lalu simpan di kulkas dalam wadah tertutup.",
  },
  {
    name: "Kentang",
    slug: "kentang",
    categorySlug: "sayur-buah",
    price: 18000,
    unit: "per kg",
    discount: 0,
    stock: 75,
    featured: false,
    description:
      "Kentang dari dataran tinggi Jawa Timur dengan kulit tipis dan daging kuning yang pulen. Cocok untuk perkedel, sambal goreng kentang, sup, atau kentang goreng. Simpan di tempat gelap dan kering, bukan di kulkas, agar tidak cepat bertunas.",
  },
  {
    name: "Jagung Manis",
    slug: "jagung-manis",
    categorySlug: "sayur-buah",
    price: 4000,
    unit: "pcs",
    discount: 0,
    stock: 60,
    featured: false,
    description:
      "Jagung manis dengan biji kuning penuh dan rasa manis alami, dari ladang petani di sekitar Jember. Enak direbus, dibakar, atau dipipil untuk sayur bening dan bakwan. Paling manis bila dimasak di hari yang sama dengan kulitnya masih terpasang.",
  },

  // ---- Bumbu Dapur ----
  {
    name: "Cabai Rawit",
    slug: "cabai-rawit",
    categorySlug: "bumbu",
    price: 15000,
    unit: "per 250 g",
    discount: 0,
    stock: 50,
    featured: true,
    description:
      "Cabai rawit merah-oranye yang pedasnya nendang, dipetik dari kebun petani di Jember. Andalan untuk sambal bawang, sambal terasi, dan tahu tek. Buang tangkainya lalu simpan dalam wadah kering di kulkas, atau blender dan bekukan untuk stok sambal.",
  },
  {
    name: "Cabai Merah Keriting",
    slug: "cabai-merah-keriting",
    categorySlug: "bumbu",
    price: 11000,
    unit: "per 250 g",
    discount: 0,
    stock: 40,
    featured: false,
    description:
      "Cabai merah keriting dengan warna merah menyala dan pedas yang sedang. Cocok untuk bumbu balado, sambal goreng, dan rendang. Pilih yang kulitnya mengilap; simpan dalam wadah berlapis tisu di kulkas agar tidak cepat busuk.",
  },
  {
    name: "Bawang Merah",
    slug: "bawang-merah",
    categorySlug: "bumbu",
    price: 10000,
    unit: "per 250 g",
    discount: 0,
    stock: 70,
    featured: false,
    description:
      "Bawang merah lokal berumbi padat dengan aroma tajam, sudah dirogol dari daunnya. Bumbu dasar hampir semua masakan rumahan, juga enak dibuat bawang goreng. Simpan di tempat kering dengan sirkulasi udara yang baik, jangan dalam plastik tertutup.",
  },
  {
    name: "Bawang Putih",
    slug: "bawang-putih",
    categorySlug: "bumbu",
    price: 10000,
    unit: "per 250 g",
    discount: 0,
    stock: 70,
    featured: false,
    description:
      "Bawang putih dengan siung besar dan kulit bersih, mudah dikupas. Wajib untuk tumisan, ungkep ayam, dan bumbu halus. Simpan utuh di tempat kering dan sejuk; siung yang sudah dikupas sebaiknya disimpan di kulkas.",
  },
  {
    name: "Jahe",
    slug: "jahe",
    categorySlug: "bumbu",
    price: 6000,
    unit: "per 250 g",
    discount: 0,
    stock: 35,
    featured: false,
    description:
      "Jahe emprit segar beraroma kuat dengan rasa hangat yang pedas. Pas untuk wedang jahe, bumbu soto, atau menghilangkan amis ikan. Simpan tanpa dikupas di tempat kering, atau dalam kulkas agar tahan lebih lama.",
  },
  {
    name: "Kunyit",
    slug: "kunyit",
    categorySlug: "bumbu",
    price: 4000,
    unit: "per 250 g",
    discount: 0,
    stock: 30,
    featured: false,
    description:
      "Kunyit segar berwarna oranye pekat dari kebun petani di sekitar Jember. Memberi warna kuning dan aroma khas pada soto, opor, nasi kuning, dan jamu kunir asem. Gunakan sarung tangan saat mengupas agar jari tidak kuning.",
  },
  {
    name: "Lengkuas",
    slug: "lengkuas",
    categorySlug: "bumbu",
    price: 4000,
    unit: "per 250 g",
    discount: 0,
    stock: 30,
    featured: false,
    description:
      "Lengkuas muda yang masih empuk dan wangi, mudah diiris maupun diparut. Cocok untuk rendang, opor, gulai, dan ayam goreng bumbu kuning. Cukup digeprek untuk masakan berkuah, atau bekukan irisannya untuk stok.",
  },
  {
    name: "Serai",
    slug: "serai",
    categorySlug: "bumbu",
    price: 3000,
    unit: "per ikat",
    discount: 0,
    stock: 40,
    featured: false,
    description:
      "Serai segar berbatang gemuk, satu ikat berisi sekitar 5 batang. Geprek bagian putihnya untuk sayur asem, soto, tongseng, atau wedang serai. Bungkus dengan plastik dan simpan di kulkas agar tetap wangi hingga seminggu.",
  },
  {
    name: "Daun Jeruk",
    slug: "daun-jeruk",
    categorySlug: "bumbu",
    price: 2000,
    unit: "per ikat",
    discount: 0,
    stock: 45,
    featured: false,
    description:
      "Daun jeruk purut hijau tua dengan aroma segar yang khas. Sobek dan buang tulang daunnya sebelum dimasukkan ke rawon, soto, atau sambal goreng. Bisa disimpan di kulkas atau freezer tanpa kehilangan banyak aromanya.",
  },

  // ---- Daging ----
  {
    name: "Ayam Potong Utuh",
    slug: "ayam-potong",
    categorySlug: "daging",
    price: 38000,
    unit: "per ekor",
    discount: 0,
    stock: 30,
    featured: true,
    description:
      "Ayam broiler segar utuh dengan berat sekitar 1 kg dari peternak di sekitar Jember. Dagingnya padat dan serbaguna untuk ayam goreng, soto, opor, atau ayam bakar. Simpan di freezer bila tidak langsung dimasak.",
  },
  {
    name: "Dada Ayam Fillet",
    slug: "dada-ayam-fillet",
    categorySlug: "daging",
    price: 30000,
    unit: "per 500 g",
    discount: 0,
    stock: 25,
    featured: false,
    description:
      "Daging dada ayam tanpa tulang dan tanpa kulit, sudah dibersihkan. Praktis untuk ayam geprek, nugget rumahan, tumis, atau menu diet. Bagi per porsi dalam plastik sebelum dibekukan agar mudah dipakai.",
  },
  {
    name: "Daging Sapi",
    slug: "daging-sapi",
    categorySlug: "daging",
    price: 65000,
    unit: "per 500 g",
    discount: 0,
    stock: 20,
    featured: false,
    description:
      "Daging sapi bagian paha (topside) segar dengan sedikit lemak, cocok untuk rendang, empal, semur, dan rawon. Potong melawan arah serat agar empuk setelah dimasak. Simpan di freezer dan cairkan perlahan di kulkas sebelum diolah.",
  },
  {
    name: "Ikan Lele",
    slug: "ikan-lele",
    categorySlug: "daging",
    price: 26000,
    unit: "per kg",
    discount: 15,
    stock: 35,
    featured: false,
    description:
      "Lele segar dari kolam pembudidaya di sekitar Jember, isi sekitar 6-8 ekor per kilo. Dagingnya gurih dan lembut, pas untuk pecel lele, mangut, atau lele bakar. Lumuri jeruk nipis dan garam sebentar sebelum dimasak untuk mengurangi bau tanah.",
  },
  {
    name: "Ikan Nila",
    slug: "ikan-nila",
    categorySlug: "daging",
    price: 34000,
    unit: "per kg",
    discount: 0,
    stock: 20,
    featured: false,
    description:
      "Ikan nila segar berdaging tebal dan tidak berbau lumpur, isi sekitar 3-4 ekor per kilo. Nikmat dibakar dengan sambal kecap, digoreng garing, atau dimasak pesmol. Simpan di kulkas dan masak di hari yang sama, atau bekukan untuk stok.",
  },

  // ---- Bahan Pokok ----
  {
    name: "Beras Jember",
    slug: "beras-jember",
    categorySlug: "bahan-pokok",
    price: 72000,
    unit: "per 5 kg",
    discount: 0,
    stock: 60,
    featured: true,
    description:
      "Beras putih premium hasil sawah petani Jember, pulen dan wangi saat dimasak. Butirannya utuh dan bersih sehingga tidak perlu dicuci berkali-kali. Simpan dalam wadah tertutup rapat di tempat kering agar bebas kutu.",
  },
  {
    name: "Beras Organik",
    slug: "beras-organik",
    categorySlug: "bahan-pokok",
    price: 44000,
    unit: "per 2 kg",
    discount: 0,
    stock: 0,
    featured: false,
    description:
      "Beras putih dari kelompok tani di Jember yang menanam tanpa pupuk dan pestisida kimia. Teksturnya pulen dengan aroma khas padi yang lembut. Setelah kemasan dibuka, pindahkan ke wadah kedap udara.",
  },
  {
    name: "Minyak Goreng",
    slug: "minyak-goreng",
    categorySlug: "bahan-pokok",
    price: 20000,
    unit: "per liter",
    discount: 10,
    stock: 100,
    featured: false,
    description:
      "Minyak goreng sawit jernih dalam kemasan pouch 1 liter. Cocok untuk menggoreng dan menumis sehari-hari. Tutup rapat setelah dipakai dan simpan jauh dari sinar matahari langsung.",
  },
  {
    name: "Gula Pasir",
    slug: "gula-pasir",
    categorySlug: "bahan-pokok",
    price: 18000,
    unit: "per kg",
    discount: 0,
    stock: 120,
    featured: false,
    description:
      "Gula pasir putih kristal dari pabrik gula di Jawa Timur, bersih dan mudah larut. Untuk teh, kopi, kue, dan masakan sehari-hari. Simpan dalam toples tertutup agar tidak dikerubungi semut dan tidak menggumpal.",
  },
  {
    name: "Telur Ayam Kampung",
    slug: "telur-ayam-kampung",
    categorySlug: "bahan-pokok",
    price: 25000,
    unit: "per 10 butir",
    discount: 0,
    stock: 40,
    featured: false,
    description:
      "Telur ayam kampung dari peternak rumahan di sekitar Jember, kuningnya oranye pekat dan gurih. Cocok untuk telur dadar, telur rebus, atau campuran jamu. Simpan di kulkas dengan bagian tumpul menghadap ke atas.",
  },
  {
    name: "Tahu Putih",
    slug: "tahu-putih",
    categorySlug: "bahan-pokok",
    price: 6000,
    unit: "per 10 pcs",
    discount: 0,
    stock: 50,
    featured: false,
    description:
      "Tahu putih lembut buatan perajin tahu lokal Jember, dibuat setiap hari. Enak digoreng, dibacem, atau dimasak tahu tek dan tahu campur. Rendam dalam air bersih di kulkas dan ganti airnya setiap hari.",
  },
  {
    name: "Tempe",
    slug: "tempe",
    categorySlug: "bahan-pokok",
    price: 5000,
    unit: "per papan",
    discount: 0,
    stock: 50,
    featured: false,
    description:
      "Tempe kedelai padat dengan jamur putih rata, dibungkus daun pisang oleh perajin tempe di Jember. Cocok untuk tempe goreng, orek tempe, mendoan, dan sambal tumpang. Simpan di kulkas agar tidak terlalu matang dalam 2-3 hari.",
  },
];

export const seedProducts: SeedProduct[] = rows.map((p) => {
  const weight = weighed[p.slug];
  return {
    ...p,
    imageUrl: `/images/products/${p.slug}.svg`,
    ...(weight
      ? {
          price: weight.pricePerKg,
          unit: "per kg",
          stock: weight.stockGrams,
          soldByWeight: true,
          weightStep: weight.step,
          weightMin: weight.min,
        }
      : { soldByWeight: false, weightStep: 250, weightMin: 250 }),
  };
});
