// The order of a courier's stops, pure: by delivery area (as the delivery sheet groups them),
// then by the place staff gave each address, remembered from earlier runs; an address never
// placed comes at the end of its area. The printed sheet and the courier's screen both sort
// with this, so they show the same order.
import { groupByArea } from "./delivery-sheet";

/** An address as remembered: case, spacing and punctuation do not make it another address. */
export function addressKey(address: string): string {
  return address
    .toLowerCase()
    .normalize("NFKC")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

type Stop = { deliveryAreaName: string | null; recipientAddress: string; recipientName: string };

/** Stops grouped by area, each area in the remembered order (unplaced addresses last, by address). */
export function orderStops<T extends Stop>(
  rows: readonly T[],
  positions: ReadonlyMap<string, number>,
): { area: string; orders: T[] }[] {
  return groupByArea(rows).map(({ area, orders }) => {
    const placed = orders.map((order, index) => ({
      order,
      index,
      at: positions.get(addressKey(order.recipientAddress)),
    }));
    placed.sort((a, b) => {
      if (a.at !== undefined && b.at !== undefined) return a.at - b.at || a.index - b.index;
      if (a.at !== undefined) return -1;
      if (b.at !== undefined) return 1;
      return a.index - b.index;
    });
    return { area, orders: placed.map((p) => p.order) };
  });
}

/**
 * An area's addresses after moving one of them a place up or down, or (dragged on the sheet)
 * to where another address stands: below it when moved down, above it when moved up. The new
 * remembered positions (1, 2, 3 ...); null when it cannot move so (first up, last down, onto
 * itself, or onto an address not in the area).
 */
export function movedPositions(
  areaAddresses: readonly string[],
  address: string,
  move: "up" | "down" | { to: string },
): Map<string, number> | null {
  const keys = [...new Set(areaAddresses.map(addressKey))];
  const at = keys.indexOf(addressKey(address));
  const to = move === "up" ? at - 1 : move === "down" ? at + 1 : keys.indexOf(addressKey(move.to));
  if (at < 0 || to < 0 || to >= keys.length || to === at) return null;
  const [key] = keys.splice(at, 1);
  keys.splice(to, 0, key);
  return new Map(keys.map((k, i) => [k, i + 1]));
}

/** The reasons of 'Gagal Antar' offered to the courier; 'lainnya' asks for their own words. */
export const FAILED_DELIVERY_REASONS = {
  "tidak-ada-orang": "Tidak ada orang",
  "alamat-tidak-ketemu": "Alamat tidak ketemu",
  ditolak: "Ditolak",
  lainnya: "Lainnya",
} as const;
export type FailedDeliveryReason = keyof typeof FAILED_DELIVERY_REASONS;
