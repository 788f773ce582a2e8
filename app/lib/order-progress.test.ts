import { describe, expect, it } from "vitest";
import { orderProgress, type OrderProgressInput } from "./order-progress";

const placed: OrderProgressInput = {
  status: "pending",
  billFinal: false,
  paymentStatus: "unpaid",
  cashOnDelivery: false,
  outForDelivery: false,
};

const states = (input: OrderProgressInput) => orderProgress(input).steps.map((s) => `${s.label}:${s.state}`);

describe("where an order stands", () => {
  it("moves from 'Diterima' to 'Selesai' on what happened, not on the stored status alone", () => {
    expect(states(placed)).toEqual([
      "Diterima:done",
      "Ditimbang/Tagihan:current",
      "Dibayar:todo",
      "Diantar:todo",
      "Selesai:todo",
    ]);
    // The stored status stays 'Menunggu' after the final bill; the tracker moves on.
    expect(states({ ...placed, billFinal: true })[2]).toBe("Dibayar:current");
    expect(orderProgress({ ...placed, billFinal: true }).next).toContain("unggah bukti bayar");
    expect(orderProgress({ ...placed, billFinal: true, paymentStatus: "pending" }).next).toContain("mengeceknya");
    expect(states({ ...placed, billFinal: true, paymentStatus: "paid" })[3]).toBe("Diantar:current");
    expect(states({ ...placed, billFinal: true, paymentStatus: "paid", outForDelivery: true })[4]).toBe(
      "Selesai:current",
    );
    expect(states({ ...placed, status: "completed", billFinal: true, paymentStatus: "paid" })).toEqual([
      "Diterima:done",
      "Ditimbang/Tagihan:done",
      "Dibayar:done",
      "Diantar:done",
      "Selesai:done",
    ]);
  });

  it("puts paying after the delivery for cash on delivery", () => {
    const cod = { ...placed, cashOnDelivery: true, billFinal: true };
    expect(states(cod)).toEqual([
      "Diterima:done",
      "Ditimbang/Tagihan:done",
      "Diantar:current",
      "Dibayar:todo",
      "Selesai:todo",
    ]);
    expect(states({ ...cod, status: "completed" }).every((s) => s.endsWith(":done"))).toBe(true);
  });

  it("has no step under way for a cancelled order", () => {
    const cancelled = orderProgress({ ...placed, status: "cancelled" });
    expect(cancelled.cancelled).toBe(true);
    expect(cancelled.steps.some((s) => s.state === "current")).toBe(false);
  });
});
