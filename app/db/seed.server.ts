// Fills an empty catalog with the sample categories and products.
import { sql } from "drizzle-orm";
import type { Queryable } from "./client.server";
import { categories, products } from "./schema";
import { seedCategories, seedProducts } from "./seed-data";

/** Inserts the sample catalog when there is no category yet; returns whether it did. */
export async function seedCatalogIfEmpty(db: Queryable): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Serialises concurrent first starts on PostgreSQL; harmless on PGlite.
    await tx.execute(sql`select pg_advisory_xact_lock(7204)`);
    const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(categories);
    if (count > 0) return false;
    const inserted = await tx
      .insert(categories)
      .values(seedCategories.map((c) => ({ name: c.name, slug: c.slug })))
      .returning({ id: categories.id, slug: categories.slug });
    const idBySlug = new Map(inserted.map((c) => [c.slug, c.id]));
    await tx.insert(products).values(
      seedProducts.map((p) => ({
        name: p.name,
        slug: p.slug,
        price: p.price,
        unit: p.unit,
        discount: p.discount,
        stock: p.stock,
        soldByWeight: p.soldByWeight,
        weightStep: p.weightStep,
        weightMin: p.weightMin,
        featured: p.featured,
        imageUrl: p.imageUrl,
        description: p.description,
        categoryId: idBySlug.get(p.categorySlug) ?? null,
      })),
    );
    return true;
  });
}
