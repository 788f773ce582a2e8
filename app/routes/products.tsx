// Placeholder until this screen's issue lands.
export default function Placeholder() {
  return <p className="p-8">Halaman ini sedang disiapkan.</p>;
}
