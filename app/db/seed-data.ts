// Sample catalog (interim; the full catalog replaces this list).
export type SeedCategory = { name: string; slug: string };
export type SeedProduct = {
  name: string;
  slug: string;
  categorySlug: string;
  price: number;
  unit: string;
  discount: number;
  stock: number;
  featured: boolean;
  description: string;
  imageUrl: string;
};

export const seedCategories: SeedCategory[] = [
  { name: "Sayur Daun", slug: "sayur-daun" },
  { name: "Sayur Buah", slug: "sayur-buah" },
  { name: "Bumbu Dapur", slug: "bumbu" },
  { name: "Daging", slug: "daging" },
  { name: "Bahan Pokok", slug: "bahan-pokok" },
];

const p = (name: string, slug: string, categorySlug: string, price: number, unit: string, discount: number, stock: number, featured: boolean): SeedProduct => ({
  name, slug, categorySlug, price, unit, discount, stock, featured,
  description: `${name} segar dari petani sekitar Jember.`,
  imageUrl: `/images/products/${slug}.svg`,
});

export const seedProducts: SeedProduct[] = [
  p("Kangkung", "kangkung", "sayur-daun", 4000, "per ikat", 0, 40, true),
  p("Bayam Hijau", "bayam-hijau", "sayur-daun", 4000, "per ikat", 10, 35, false),
  p("Tomat Merah", "tomat-merah", "sayur-buah", 12000, "per kg", 0, 30, true),
  p("Edamame Jember", "edamame-jember", "sayur-buah", 18000, "per 500 g", 15, 25, true),
  p("Cabai Rawit", "cabai-rawit", "bumbu", 12000, "per 250 g", 0, 0, false),
  p("Bawang Merah", "bawang-merah", "bumbu", 10000, "per 250 g", 20, 50, true),
  p("Ayam Potong", "ayam-potong", "daging", 38000, "per kg", 0, 0, false),
  p("Beras Jember", "beras-jember", "bahan-pokok", 68000, "per 5 kg", 0, 20, false),
];
