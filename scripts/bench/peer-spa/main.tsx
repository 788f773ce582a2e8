// A small client-rendered shop of the usual kind, for `bench:pages` to compare the shop with: React and
// React Router in declarative mode, an empty HTML page, the catalog fetched as JSON after the script
// runs, then header, category chips and a grid of cards drawn in the browser. Not part of the app.
import { StrictMode, useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter, Link, Route, Routes } from "react-router";
import "./styles.css";

type Product = { id: number; name: string; category: string; price: number; unit: string; image: string };

const rupiah = new Intl.NumberFormat("id-ID", { style: "currency", currency: "IDR", maximumFractionDigits: 0 });

function useProducts(): Product[] | null {
  const [products, setProducts] = useState<Product[] | null>(null);
  useEffect(() => {
    let live = true;
    fetch("/products.json")
      .then((r) => r.json() as Promise<Product[]>)
      .then((list) => live && setProducts(list));
    return () => {
      live = false;
    };
  }, []);
  return products;
}

function Catalog({ title, limit, onAdd }: { title: string; limit?: number; onAdd: () => void }) {
  const products = useProducts();
  const [category, setCategory] = useState<string | null>(null);
  if (!products) return <p>Memuat...</p>;
  const categories = [...new Set(products.map((p) => p.category))];
  const shown = products.filter((p) => !category || p.category === category).slice(0, limit);
  return (
    <>
      <h1>{title}</h1>
      <div className="chips">
        {[null, ...categories].map((c) => (
          <button key={c ?? "semua"} className="chip" aria-pressed={category === c} onClick={() => setCategory(c)}>
            {c ?? "Semua"}
          </button>
        ))}
      </div>
      <ul className="grid">
        {shown.map((p) => (
          <li key={p.id} className="card">
            <img src={p.image} alt={p.name} width={160} height={160} />
            <h2>{p.name}</h2>
            <p className="price">
              {rupiah.format(p.price)} / {p.unit}
            </p>
            <button className="add" onClick={onAdd}>
              Tambah
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

function App() {
  const [count, setCount] = useState(0);
  const add = () => setCount((n) => n + 1);
  return (
    <BrowserRouter>
      <header>
        <Link to="/">Toko Sayur</Link>
        <nav>
          <Link to="/products">Semua Produk</Link>
          <span aria-live="polite"> Keranjang ({count})</span>
        </nav>
      </header>
      <main>
        <Routes>
          <Route path="/" element={<Catalog title="Sayur Segar Hari Ini" limit={12} onAdd={add} />} />
          <Route path="/products" element={<Catalog title="Semua Produk" onAdd={add} />} />
        </Routes>
      </main>
    </BrowserRouter>
  );
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
