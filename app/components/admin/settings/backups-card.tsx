// 'Cadangan Data' on the owner's settings page: the newest backups with their time and size,
// 'Unduh' for each, and 'Cadangkan Sekarang'. The daily ones are made by the server itself.
import { Form } from "react-router";
import { DatabaseBackup, Download } from "lucide-react";
import { Card } from "~/components/admin/card";
import { SubmitButton } from "~/components/admin/submit-button";
import { formatDateTime } from "~/lib/dates";

export type BackupRow = { name: string; kind: "auto" | "manual"; size: number; createdAt: string };

/** Sizes as people read them: 850 KB, 12,4 MB. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toLocaleString("id-ID", { maximumFractionDigits: 1 })} MB`;
}

/** `backups` is null when the place they are kept (the S3 bucket) could not be read. */
export function BackupsCard({ backups }: { backups: BackupRow[] | null }) {
  return (
    <div id="cadangan" className="scroll-mt-32">
      <Card
        title={
          <span className="flex items-center gap-2">
            <DatabaseBackup className="h-4 w-4" aria-hidden="true" /> Cadangan Data
          </span>
        }
        id="bagian-cadangan"
      >
        <p className="-mt-1 mb-3 text-sm text-stone-700">
          Server mencadangkan semua data dan gambar setiap hari secara otomatis. Simpan salinan di tempat lain (unduh)
          sesekali, agar pesanan tidak hilang bila disk server rusak.
        </p>
        {backups === null ? (
          <p role="alert" className="text-sm font-semibold text-red-800">
            Daftar cadangan tidak dapat dibaca dari penyimpanan S3. Periksa pengaturan S3_* server, lalu muat ulang.
          </p>
        ) : backups.length === 0 ? (
          <p className="text-sm text-stone-700">Belum ada cadangan.</p>
        ) : (
          <ul className="divide-y divide-stone-100" aria-label="Daftar cadangan">
            {backups.map((b) => (
              <li key={b.name} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span>
                  <time dateTime={b.createdAt} className="font-semibold text-stone-900">
                    {formatDateTime(b.createdAt)}
                  </time>
                  <span className="text-stone-700">
                    {" · "}
                    {formatFileSize(b.size)} · {b.kind === "auto" ? "Otomatis" : "Manual"}
                  </span>
                </span>
                <a
                  href={`/admin/backups/${b.name}`}
                  download
                  className="inline-flex items-center gap-1 rounded-lg border border-stone-300 px-3 py-1.5 font-semibold text-stone-800 hover:border-brand-700"
                >
                  <Download className="h-4 w-4" aria-hidden="true" /> Unduh
                  <span className="sr-only"> cadangan {formatDateTime(b.createdAt)}</span>
                </a>
              </li>
            ))}
          </ul>
        )}
        <Form method="post" action="/admin/backups" className="mt-3 flex justify-end border-t border-stone-100 pt-3">
          <SubmitButton intent="cadangkan" pendingText="Mencadangkan...">
            Cadangkan Sekarang
          </SubmitButton>
        </Form>
      </Card>
    </div>
  );
}
