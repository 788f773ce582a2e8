// The next-delivery promise ("Pesan sebelum 21:00, diantar Besok Pagi 05:00-07:00") and the
// minimum order, read from /api/delivery (computed by app/lib/delivery.ts on the server), so
// cached catalog pages never show a promise that has passed its cut-off.
import { useEffect, useState } from "react";
import { Truck } from "lucide-react";
import { cn } from "~/lib/utils";

export type DeliveryInfo = { promise: string | null; minimumOrder: number };

/** The delivery promise and minimum order of this moment, null until they arrive. */
export function useDeliveryInfo(): DeliveryInfo | null {
  const [info, setInfo] = useState<DeliveryInfo | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetch("/api/delivery", { signal: controller.signal, headers: { Accept: "application/json" } })
      .then((r) => (r.ok ? (r.json() as Promise<DeliveryInfo>) : Promise.reject(new Error(String(r.status)))))
      .then((data) => {
        if (typeof data?.minimumOrder === "number")
          setInfo({ promise: data.promise ?? null, minimumOrder: data.minimumOrder });
      })
      .catch(() => {});
    return () => controller.abort();
  }, []);
  return info;
}

export function DeliveryPromiseText({ info, className }: { info: DeliveryInfo | null; className?: string }) {
  return (
    <p
      className={cn("flex min-h-6 items-center gap-2 text-sm font-semibold text-brand-900", className)}
      data-testid="janji-pengiriman"
      aria-live="polite"
    >
      <Truck className="h-4 w-4 shrink-0 text-brand-700" aria-hidden="true" />
      {info === null ? (
        <span className="text-stone-500">Memuat jadwal pengiriman...</span>
      ) : (
        (info.promise ?? "Jadwal pengiriman penuh: hubungi CS kami")
      )}
    </p>
  );
}

/** The promise on its own, for pages that show nothing else about delivery. */
export function DeliveryPromise({ className }: { className?: string }) {
  return <DeliveryPromiseText info={useDeliveryInfo()} className={className} />;
}
