import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { amountDue, balanceToApply, paymentProofHref, signedRupiah } from "./payments";

describe("amount due and balance", () => {
  it("takes a credit into a bill only up to the bill, and a debt in full", () => {
    expect(balanceToApply(5000, 37000)).toBe(5000);
    expect(balanceToApply(50000, 37000)).toBe(37000);
    expect(balanceToApply(-3000, 37000)).toBe(-3000);
    expect(balanceToApply(0, 37000)).toBe(0);
  });

  it("never lets a credit make the amount due negative, and keeps what is left for later", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
        fc.integer({ min: 0, max: 5_000_000 }),
        (balance, total) => {
          const applied = balanceToApply(balance, total);
          const due = amountDue({ totalAmount: total, deliveryFee: 0, balanceApplied: applied });
          expect(due).toBeGreaterThanOrEqual(0);
          // Whatever is not applied stays in the balance: nothing is lost or made up.
          expect(balance - applied + applied).toBe(balance);
          if (balance > 0) expect(balance - applied).toBeGreaterThanOrEqual(0);
          expect(Number.isInteger(due)).toBe(true);
        },
      ),
    );
  });

  it("property: over a run of orders, what was paid equals what was billed plus the balance left", () => {
    const orderArb = fc.record({
      total: fc.integer({ min: 0, max: 3_000_000 }),
      fee: fc.integer({ min: 0, max: 50_000 }),
      // What the customer actually sent, around the amount due.
      off: fc.integer({ min: -50_000, max: 50_000 }),
    });
    fc.assert(
      fc.property(fc.array(orderArb, { minLength: 1, maxLength: 20 }), (run) => {
        let balance = 0;
        let paid = 0;
        let billed = 0;
        for (const o of run) {
          const grand = o.total + o.fee;
          const applied = balanceToApply(balance, grand);
          balance -= applied;
          const due = amountDue({ totalAmount: o.total, deliveryFee: o.fee, balanceApplied: applied });
          const sent = Math.max(0, due + o.off);
          balance += sent - due;
          paid += sent;
          billed += grand;
        }
        // Nothing is lost or made up: every rupiah paid is a bill or still in the balance.
        expect(paid).toBe(billed + balance);
      }),
    );
  });

  it("writes a balance with its sign", () => {
    expect(signedRupiah(2000)).toBe("+Rp\u00a02.000");
    expect(signedRupiah(-2000)).toBe("−Rp\u00a02.000");
  });
});

describe("the proof of payment's address", () => {
  it("changes when a new proof replaces the old one, so no cached image is shown", () => {
    const first = paymentProofHref("o-1", "2026-11-28T01:00:00.000Z");
    const replaced = paymentProofHref("o-1", new Date("2026-11-28T01:05:00.000Z"));
    expect(first).toBe(`/orders/o-1/payment-proof?v=${Date.parse("2026-11-28T01:00:00.000Z")}`);
    expect(replaced).not.toBe(first);
    expect(paymentProofHref("o-1", null)).toBe("/orders/o-1/payment-proof");
    expect(paymentProofHref("o-1", "bukan tanggal")).toBe("/orders/o-1/payment-proof");
  });
});
