// The dashboard's reminders: 'Siapkan Toko' while parts of the shop are still the sample's,
// and a warning when the newest backup is more than two days old.
import { AlertTriangle, CheckCircle2, Circle } from "lucide-react";
import { formatDateTime } from "~/lib/dates";
import { useAdminDashboardData } from "./dashboard-data";

export function ReadinessCards() {
  const { readiness } = useAdminDashboardData();
  const left = readiness.items.filter((i) => !i.done);
  return (
    <>
      {readiness.backupStale ? (
        <div role="alert" className="flex gap-2 rounded-xl border border-red-300 bg-red-50 p-4 text-sm text-red-900">
          <AlertTriangle className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
          <p>
            <span className="font-bold">Cadangan data sudah lebih dari dua hari.</span>{" "}
            {readiness.lastBackupAt
              ? `Cadangan terakhir: ${formatDateTime(readiness.lastBackupAt)}.`
              : "Belum pernah ada cadangan."}{" "}
            <a href="/admin/settings#cadangan" className="font-semibold underline">
              Lihat Cadangan Data
            </a>
          </p>
        </div>
      ) : null}
      {left.length > 0 ? (
        <section aria-labelledby="siapkan-toko" className="rounded-xl border border-amber-300 bg-amber-50 p-4">
          <h2 id="siapkan-toko" className="text-base font-bold text-stone-900">
            Siapkan Toko
          </h2>
          <p className="text-sm text-stone-700">Bagian ini masih contoh. Ganti dengan milik toko Anda:</p>
          <ul className="mt-2 space-y-1 text-sm">
            {readiness.items.map((item) => (
              <li key={item.id} className="flex items-center gap-2">
                {item.done ? (
                  <CheckCircle2 className="h-4 w-4 text-green-700" aria-hidden="true" />
                ) : (
                  <Circle className="h-4 w-4 text-amber-700" aria-hidden="true" />
                )}
                <span className="sr-only">{item.done ? "Selesai: " : "Belum: "}</span>
                {item.done ? (
                  <span className="text-stone-600">{item.label}</span>
                ) : (
                  <a href={item.href} className="font-semibold text-stone-900 underline">
                    {item.label}
                  </a>
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
