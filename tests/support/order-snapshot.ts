// One order as the outbox snapshots it, for the message templates' tests: a transfer order for
// Siti, Rp 100.000 with Rp 5.000 ongkir, Tuesday 1 December pagi. Tests spread it and change
// what they are about.
import type { OrderSnapshot } from "~/server/notifications/kinds.server";

export const sampleOrderSnapshot: OrderSnapshot = {
  id: "1a2b3c4d-0000-4000-8000-000000000001",
  customerName: "Siti",
  customerEmail: "siti@contoh.id",
  customerPhone: "6281234567890",
  status: "pending",
  totalAmount: 100000,
  deliveryFee: 5000,
  deliveryDate: "2026-12-01",
  deliverySlot: "pagi",
  deliveryTime: "05:00 - 07:00",
  recipientAddress: "Jl. Kalimantan 37",
  balanceApplied: 0,
  paymentStatus: "unpaid",
  paymentMethod: "transfer",
  items: [],
};
