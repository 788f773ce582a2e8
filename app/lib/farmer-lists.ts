// 'Daftar Belanja per Petani': the picking list's totals regrouped by the farmer who grows
// each product, with the text of the WhatsApp message that orders them. Weighed produce is
// summed in grams and shown in kg ('1,25 kg'); everything else in whole units. Products
// without a farmer (or deleted since they were ordered) go under 'Tanpa Petani'.
import { formatDateWithDay } from "./dates";
import { slotLabel } from "./vocab/delivery-slots";
import { unitWord } from "./low-stock";
import { whatsappNumber } from "./phone";
import { whatsappHref } from "./shop";
import { formatKg, formatAmount } from "./weight";

export const NO_FARMER_LABEL = "Tanpa Petani";

export type FarmerPickingLine = {
  productId: string | null;
  productName: string;
  productUnit: string;
  soldByWeight: boolean;
  /** Grams when sold by weight, units otherwise. */
  quantity: number;
  supplierId: string | null;
  supplierName: string | null;
  supplierPhone: string | null;
  supplierVillage: string | null;
};

export type FarmerItem = { productName: string; soldByWeight: boolean; quantity: number; amount: string };

export type FarmerList = {
  supplierId: string | null;
  name: string;
  village: string;
  phone: string | null;
  items: FarmerItem[];
  /** 'Total: 3,5 kg · 12 satuan' parts. */
  totalGrams: number;
  totalUnits: number;
  /** wa.me link with the list as text; null under 'Tanpa Petani'. */
  whatsapp: string | null;
};

/** '3 ikat' or '1,25 kg'. */
export function itemAmount(item: { soldByWeight: boolean; quantity: number; productUnit: string }): string {
  return formatAmount(item.quantity, { soldByWeight: item.soldByWeight, unit: unitWord(item.productUnit) });
}

/** 'Total: 3,5 kg · 12 satuan' (only the parts that are there). */
export function farmerTotal(list: Pick<FarmerList, "totalGrams" | "totalUnits">): string {
  const parts = [];
  if (list.totalGrams > 0) parts.push(formatKg(list.totalGrams));
  if (list.totalUnits > 0) parts.push(`${list.totalUnits} satuan`);
  return parts.join(" · ");
}

/** The message a farmer gets: who orders, for which delivery, and each product with its amount. */
export function farmerMessage(
  list: Pick<FarmerList, "name" | "items" | "totalGrams" | "totalUnits">,
  { shopName, date, slot }: { shopName: string; date: string; slot: string },
): string {
  return [
    `Halo ${list.name}, ini daftar belanja ${shopName} untuk pengiriman ${formatDateWithDay(date)} · ${slotLabel(slot)}:`,
    ...list.items.map((i) => `- ${i.productName}: ${i.amount}`),
    `Total: ${farmerTotal(list)}`,
    "Mohon kabari kami bila ada yang tidak tersedia. Terima kasih.",
  ].join("\n");
}

/**
 * The lines grouped per farmer (by name, 'Tanpa Petani' last), the same product's lines
 * (one per unit or name it was sold under) kept apart so units are never added to grams.
 */
export function farmerLists(
  lines: readonly FarmerPickingLine[],
  context: { shopName: string; date: string; slot: string },
): FarmerList[] {
  const groups = new Map<string, FarmerList>();
  for (const line of lines) {
    const key = line.supplierId ?? "";
    let group = groups.get(key);
    if (!group) {
      group = {
        supplierId: line.supplierId,
        name: line.supplierId ? (line.supplierName ?? "") : NO_FARMER_LABEL,
        village: line.supplierId ? (line.supplierVillage ?? "") : "",
        phone: line.supplierId ? line.supplierPhone : null,
        items: [],
        totalGrams: 0,
        totalUnits: 0,
        whatsapp: null,
      };
      groups.set(key, group);
    }
    group.items.push({
      productName: line.productName,
      soldByWeight: line.soldByWeight,
      quantity: line.quantity,
      amount: itemAmount(line),
    });
    if (line.soldByWeight) group.totalGrams += line.quantity;
    else group.totalUnits += line.quantity;
  }
  const lists = [...groups.values()];
  for (const list of lists) {
    list.items.sort((a, b) => a.productName.localeCompare(b.productName, "id"));
    if (list.supplierId && list.phone)
      list.whatsapp = whatsappHref(whatsappNumber(list.phone), farmerMessage(list, context));
  }
  return lists.sort((a, b) => {
    if (!a.supplierId !== !b.supplierId) return a.supplierId ? -1 : 1;
    return a.name.localeCompare(b.name, "id");
  });
}
