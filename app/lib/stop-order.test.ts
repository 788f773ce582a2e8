import { describe, expect, it } from "vitest";
import { addressKey, movedPositions, orderStops } from "./stop-order";

const stop = (address: string, area: string | null = "Sumbersari", name = "Siti") => ({
  deliveryAreaName: area,
  recipientAddress: address,
  recipientName: name,
});

describe("the stop order", () => {
  it("treats the same address typed differently as one", () => {
    expect(addressKey("Jl. Kalimantan  No.37, Sumbersari")).toBe(addressKey("jl kalimantan no 37 sumbersari"));
    expect(addressKey("Jl. Jawa 7")).not.toBe(addressKey("Jl. Jawa 17"));
  });

  it("puts remembered addresses in their place and new ones at the end of their area", () => {
    const positions = new Map([
      [addressKey("Jl. Mastrip 12"), 1],
      [addressKey("Jl. Jawa 7"), 2],
    ]);
    const groups = orderStops(
      [stop("Jl. Anggrek 1"), stop("Jl. Jawa 7"), stop("Jl. Gajah Mada 2", "Kaliwates"), stop("Jl. Mastrip 12")],
      positions,
    );
    expect(groups.map((g) => [g.area, g.orders.map((o) => o.recipientAddress)])).toEqual([
      ["Kaliwates", ["Jl. Gajah Mada 2"]],
      ["Sumbersari", ["Jl. Mastrip 12", "Jl. Jawa 7", "Jl. Anggrek 1"]],
    ]);
  });

  it("moves an address one place and numbers the area anew, refusing past either end", () => {
    const moved = movedPositions(["A 1", "B 2", "C 3"], "C 3", "up");
    expect([...(moved ?? new Map()).entries()]).toEqual([
      [addressKey("A 1"), 1],
      [addressKey("C 3"), 2],
      [addressKey("B 2"), 3],
    ]);
    expect(movedPositions(["A 1", "B 2"], "A 1", "up")).toBeNull();
    expect(movedPositions(["A 1", "B 2"], "B 2", "down")).toBeNull();
  });

  it("puts a dragged address below the one it is dropped on when moved down, above it when moved up", () => {
    const order = (moved: Map<string, number> | null) =>
      [...(moved ?? new Map<string, number>()).entries()].sort((a, b) => a[1] - b[1]).map(([k]) => k);
    const area = ["A 1", "B 2", "C 3", "D 4"];
    expect(order(movedPositions(area, "A 1", { to: "C 3" }))).toEqual(["b 2", "c 3", "a 1", "d 4"]);
    expect(order(movedPositions(area, "D 4", { to: "B 2" }))).toEqual(["a 1", "d 4", "b 2", "c 3"]);
    expect(movedPositions(area, "A 1", { to: "A 1" })).toBeNull();
    expect(movedPositions(area, "A 1", { to: "Z 9" })).toBeNull();
  });
});
