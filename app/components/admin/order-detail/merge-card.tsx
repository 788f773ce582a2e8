// 'Gabungkan': the customer's other open order for the same delivery (date, slot, address) can
// take this order's lines, so the customer gets one delivery and one fee.
import { StaffOrderForm } from "./staff-order-form";
import { Card, ErrorNote } from "~/components/admin/card";
import { SubmitButton } from "~/components/admin/submit-button";

export function MergeCard({
  version,
  targets,
  error,
}: {
  version: number;
  targets: { id: string; shortId: string; version: number }[];
  error?: string;
}) {
  if (targets.length === 0 && !error) return null;
  return (
    <Card title="Gabungkan Pesanan" id="gabungkan">
      <p className="mb-3 text-sm text-stone-700">
        Pelanggan ini punya pesanan lain untuk tanggal, jam antar, dan alamat yang sama. Gabungkan agar diantar sekali
        dengan satu ongkir; pesanan ini lalu dibatalkan dengan keterangan &lsquo;Digabung ke #&hellip;&rsquo;.
      </p>
      <div className="flex flex-wrap gap-2">
        {targets.map((t) => (
          <StaffOrderForm
            key={t.id}
            confirm={{
              title: `Gabungkan ke #${t.shortId}?`,
              description: `Semua produk dan pembayaran pesanan ini pindah ke #${t.shortId}; ongkir dihitung sekali. Pesanan ini dibatalkan dengan keterangan 'Digabung ke #${t.shortId}'.`,
              confirmLabel: "Ya, Gabungkan",
            }}
          >
            <input type="hidden" name="intent" value="merge" />
            <input type="hidden" name="version" value={version} />
            <input type="hidden" name="targetId" value={t.id} />
            <input type="hidden" name="targetVersion" value={t.version} />
            <SubmitButton intent="merge" variant="outline" className="h-11">
              Gabungkan ke <span className="font-mono">#{t.shortId}</span>
            </SubmitButton>
          </StaffOrderForm>
        ))}
      </div>
      <ErrorNote className="mt-3">{error}</ErrorNote>
    </Card>
  );
}
