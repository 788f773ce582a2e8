// Placeholder until this screen's issue lands.
import { getDb } from "~/server/db.server";
import { products } from "~/db/schema";
import type { Route } from "./+types/home";
import { useCart } from "~/components/cart-provider";

export async function loader() {
  const db = await getDb();
  const rows = await db.select({ id: products.id, name: products.name }).from(products).limit(4);
  return { rows };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const cart = useCart();
  return <div className="p-8">{loaderData.rows.map((r) => <p key={r.id}>{r.name}</p>)}<button onClick={() => cart.add({ id: "x", name: "X", price: 1000, image_url: null, discount: 0, stock: 1, unit: "pcs", slug: "x" })}>tambah</button></div>;
}
