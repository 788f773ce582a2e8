import { describe, expect, it } from "vitest";
import {
  canReplyFreely,
  errorMeaning,
  furthestStatus,
  isChatMissing,
  mentionedOrderNumbers,
  statusLabel,
  type MessageStatus,
} from "./whatsapp";

describe("the furthest status", () => {
  it("never moves back, whatever order the webhooks arrive in", () => {
    const orders: MessageStatus[][] = [
      ["sent", "delivered", "read"],
      ["read", "delivered", "sent"],
      ["delivered", "read", "sent"],
      ["read", "sent", "delivered"],
    ];
    for (const arrival of orders) {
      const shown = arrival.reduce<MessageStatus>((current, next) => furthestStatus(current, next), "accepted");
      expect(statusLabel(shown)).toBe("Dibaca");
    }
    expect(statusLabel(furthestStatus("accepted", "delivered"))).toBe("Sampai");
    expect(statusLabel(furthestStatus("accepted", "sent"))).toBe("Dikirim");
  });

  it("keeps a failure unless the message was read after all", () => {
    expect(furthestStatus("delivered", "failed")).toBe("failed");
    expect(furthestStatus("failed", "delivered")).toBe("failed");
    expect(furthestStatus("read", "failed")).toBe("read");
    expect(statusLabel("failed")).toBe("Gagal");
  });
});

describe("what an error code means", () => {
  it("names the window, the unreachable number, throttling and template problems; shows others raw", () => {
    expect(errorMeaning(131047)).toContain("jendela 24 jam");
    expect(errorMeaning(131047)).toContain("templat");
    expect(errorMeaning(131026)).toContain("wa.me");
    expect(errorMeaning(130429)).toContain("dikirim ulang otomatis");
    expect(errorMeaning(131056)).toContain("dikirim ulang otomatis");
    expect(errorMeaning(132001)).toContain("pemilik toko");
    expect(errorMeaning(132015)).toContain("templat");
    expect(errorMeaning(100, "Invalid parameter")).toBe("Kode 100: Invalid parameter");
    expect(errorMeaning(368)).toBe("Kode 368");
  });
});

describe("the reply window", () => {
  const last = new Date("2026-11-27T08:00:00Z");
  const after = (minutes: number) => new Date(last.getTime() + minutes * 60_000);

  it("allows free text up to 23 h 45 min after the customer's last message, never after", () => {
    expect(canReplyFreely(last, after(1))).toBe(true);
    expect(canReplyFreely(last, after(23 * 60 + 44))).toBe(true);
    expect(canReplyFreely(last, after(23 * 60 + 45))).toBe(false);
    expect(canReplyFreely(last, after(24 * 60 + 1))).toBe(false);
    expect(canReplyFreely(null, after(1))).toBe(false);
  });
});

describe("order numbers in a message", () => {
  it("finds the number the prefilled chat carries, with or without '#'", () => {
    expect(mentionedOrderNumbers("No. Pesanan: #1a2b3c4d\nNama: Siti")).toEqual(["1a2b3c4d"]);
    expect(mentionedOrderNumbers("pesanan 1A2B3C4D sudah?")).toEqual(["1a2b3c4d"]);
    expect(mentionedOrderNumbers("telepon 081234567890")).toEqual([]);
  });
});

describe("'Belum chat'", () => {
  const placed = new Date("2026-11-27T08:00:00Z");
  const at = (minutes: number) => new Date(placed.getTime() + minutes * 60_000);
  it("marks a waiting order without chat once the minutes have passed", () => {
    const order = { status: "pending", chatConfirmedAt: null, createdAt: placed };
    expect(isChatMissing(order, 30, at(29))).toBe(false);
    expect(isChatMissing(order, 30, at(30))).toBe(true);
    expect(isChatMissing({ ...order, chatConfirmedAt: at(5) }, 30, at(60))).toBe(false);
    expect(isChatMissing({ ...order, status: "processing" }, 30, at(60))).toBe(false);
  });
});
