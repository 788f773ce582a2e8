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
 * An area's addresses after moving one of them a place up or down: the new remembered
 * positions (1, 2, 3 ...). Null when it cannot move that way (first up, last down).
 */
export function movedPositions(
  areaAddresses: readonly string[],
  address: string,
  direction: "up" | "down",
): Map<string, number> | null {
  const keys = [...new Set(areaAddresses.map(addressKey))];
  const at = keys.indexOf(addressKey(address));
  const to = direction === "up" ? at - 1 : at + 1;
  if (at < 0 || to < 0 || to >= keys.length) return null;
  [keys[at], keys[to]] = [keys[to], keys[at]];
  return new Map(keys.map((key, i) => [key, i + 1]));
}

/** The reasons of 'Gagal Antar' offered to the courier; 'lainnya' asks for their own words. */
export const FAILED_DELIVERY_REASONS = {
  "tidak-ada-orang": "Tidak ada orang",
  "alamat-tidak-ketemu": "Alamat tidak ketemu",
  ditolak: "Ditolak",
  lainnya: "Lainnya",
} as const;
export type FailedDeliveryReason = keyof typeof FAILED_DELIVERY_REASONS;
