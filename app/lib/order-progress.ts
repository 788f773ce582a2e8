// Where an order stands, as its customer's page tells it first: five steps from 'Diterima' to
// 'Selesai'. The order's stored status has four values (a delivery is not a status, see the
// delivery sheet's decision), so the steps are read from what happened: the bill made final,
// the payment received, the courier's 'Kabari Pelanggan', the order completed.

export const ORDER_PROGRESS_STEPS = [
  { key: "received", label: "Diterima" },
  { key: "billed", label: "Ditimbang/Tagihan" },
  { key: "paid", label: "Dibayar" },
  { key: "delivering", label: "Diantar" },
  { key: "done", label: "Selesai" },
] as const;

export type OrderProgressKey = (typeof ORDER_PROGRESS_STEPS)[number]["key"];

export type OrderProgressStep = {
  key: OrderProgressKey;
  label: string;
  state: "done" | "current" | "todo";
};

export type OrderProgressInput = {
  status: string;
  billFinal: boolean;
  paymentStatus: string;
  /** 'Bayar di Tempat': paid to the courier, so 'Dibayar' comes with the delivery. */
  cashOnDelivery: boolean;
  /** The courier told the customer the order is on its way. */
  outForDelivery: boolean;
};

export type OrderProgress = {
  cancelled: boolean;
  steps: OrderProgressStep[];
  /** One sentence on what happens next, for the step under way. */
  next: string;
};

/** The five steps and which of them are done; a cancelled order has none under way. */
export function orderProgress(order: OrderProgressInput): OrderProgress {
  const completed = order.status === "completed";
  const paid = order.paymentStatus === "paid" || (completed && order.cashOnDelivery);
  const done: Record<OrderProgressKey, boolean> = {
    received: true,
    billed: order.billFinal || completed,
    paid: paid || completed,
    delivering: order.outForDelivery || completed,
    done: completed,
  };
  // Cash on delivery is paid at the door: a courier on the way is not held back by 'Dibayar'.
  const sequence = order.cashOnDelivery
    ? (["received", "billed", "delivering", "paid", "done"] as const)
    : (["received", "billed", "paid", "delivering", "done"] as const);
  const cancelled = order.status === "cancelled";
  const current = cancelled ? undefined : sequence.find((key) => !done[key]);
  const steps = sequence.map((key): OrderProgressStep => {
    const step = ORDER_PROGRESS_STEPS.find((s) => s.key === key)!;
    return { key, label: step.label, state: done[key] ? "done" : key === current ? "current" : "todo" };
  });
  return { cancelled, steps, next: cancelled ? "Pesanan ini dibatalkan." : nextText(current, order) };
}

function nextText(current: OrderProgressKey | undefined, order: OrderProgressInput): string {
  switch (current) {
    case "billed":
      return "Pesanan diterima. Kami menimbang dan mengemasnya, lalu mengirim tagihan final.";
    case "paid":
      if (order.paymentStatus === "pending") return "Bukti bayar sudah masuk; staf sedang mengeceknya.";
      if (order.cashOnDelivery) return "Bayar tunai kepada kurir saat pesanan tiba.";
      return "Tagihan final sudah ada: silakan bayar dan unggah bukti bayar.";
    case "delivering":
      return "Pesanan disiapkan untuk diantar sesuai jadwal pengiriman.";
    case "done":
      return "Pesanan sedang diantar ke alamat Anda.";
    default:
      return "Pesanan selesai. Terima kasih!";
  }
}
