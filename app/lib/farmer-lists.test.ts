import { describe, expect, it } from "vitest";
import { farmerLists, NO_FARMER_LABEL, type FarmerPickingLine } from "./farmer-lists";

const slamet = {
  supplierId: "s-1",
  supplierName: "Pak Slamet",
  supplierPhone: "6281298765432",
  supplierVillage: "Sukorambi",
};
const ani = { supplierId: "s-2", supplierName: "Bu Ani", supplierPhone: "6285211112222", supplierVillage: "" };
const none = { supplierId: null, supplierName: null, supplierPhone: null, supplierVillage: null };

function line(name: string, quantity: number, farmer: typeof slamet | typeof none, weighed = false): FarmerPickingLine {
  return {
    productId: `p-${name}`,
    productName: name,
    productUnit: weighed ? "per kg" : "per ikat",
    soldByWeight: weighed,
    quantity,
    ...farmer,
  };
}

const context = { shopName: "Sayur Segar Jember", date: "2026-11-26", slot: "pagi" };

describe("farmer lists", () => {
  it("totals each farmer's products in kg for weighed produce and units for the rest, with a WhatsApp list", () => {
    const lists = farmerLists(
      [
        line("Tomat", 1250, slamet, true),
        line("Bayam", 3, slamet),
        line("Cabai Rawit", 750, slamet, true),
        line("Kangkung", 4, ani),
        line("Telur", 10, none),
      ],
      context,
    );
    expect(lists.map((l) => l.name)).toEqual(["Bu Ani", "Pak Slamet", NO_FARMER_LABEL]);
    const pakSlamet = lists[1];
    expect(pakSlamet.items.map((i) => [i.productName, i.amount])).toEqual([
      ["Bayam", "3 ikat"],
      ["Cabai Rawit", "0,75 kg"],
      ["Tomat", "1,25 kg"],
    ]);
    expect(pakSlamet.totalGrams).toBe(2000);
    expect(pakSlamet.totalUnits).toBe(3);
    const wa = new URL(pakSlamet.whatsapp ?? "");
    expect(wa.host).toBe("wa.me");
    expect(wa.pathname).toBe("/6281298765432");
    const text = wa.searchParams.get("text") ?? "";
    expect(text).toContain("Halo Pak Slamet");
    expect(text).toContain("Sayur Segar Jember");
    expect(text).toContain("Kamis, 26 November 2026");
    expect(text).toContain("- Tomat: 1,25 kg");
    expect(text).toContain("- Bayam: 3 ikat");
    expect(text).toContain("Total: 2 kg · 3 satuan");
  });

  it("lists products without a farmer under 'Tanpa Petani' with no chat to open", () => {
    const [only] = farmerLists([line("Telur", 10, none), line("Jeruk", 500, none, true)], context);
    expect(only.name).toBe("Tanpa Petani");
    expect(only.whatsapp).toBeNull();
    expect(only.items.map((i) => i.amount)).toEqual(["0,5 kg", "10 ikat"]);
  });

  it("gives nothing for a day without orders", () => {
    expect(farmerLists([], context)).toEqual([]);
  });
});
