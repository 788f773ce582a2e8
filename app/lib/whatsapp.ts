// WhatsApp words and rules both sides need: a message's state as shoppers and staff read it,
// the furthest of out-of-order statuses, what an error code means, and the 24-hour window.

/** States a sent message goes through; a later webhook never moves it back. */
const STATUS_RANK = { accepted: 0, sent: 1, delivered: 2, read: 3 } as const;
export type DeliveryStatus = keyof typeof STATUS_RANK;
export type MessageStatus = DeliveryStatus | "failed" | "received";

export function isDeliveryStatus(value: string): value is DeliveryStatus {
  return Object.hasOwn(STATUS_RANK, value);
}

/**
 * The state to show after `incoming` arrives on a message in state `current`: the furthest of
 * sent < delivered < read. A failure sticks unless the message was read after all; a late
 * 'sent' never undoes 'read'.
 */
export function furthestStatus(current: MessageStatus, incoming: MessageStatus): MessageStatus {
  if (incoming === "failed") return current === "read" ? "read" : "failed";
  if (current === "failed") return incoming === "read" ? "read" : "failed";
  if (!isDeliveryStatus(current) || !isDeliveryStatus(incoming)) return current;
  return STATUS_RANK[incoming] > STATUS_RANK[current] ? incoming : current;
}

/** The label on an order page: 'Dikirim', 'Sampai', 'Dibaca' or 'Gagal'. */
export function statusLabel(status: MessageStatus): string {
  switch (status) {
    case "accepted":
    case "sent":
      return "Dikirim";
    case "delivered":
      return "Sampai";
    case "read":
      return "Dibaca";
    case "failed":
      return "Gagal";
    case "received":
      return "Diterima";
  }
}

/** Codes the Cloud API answers when it is busy: the outbox tries again later. */
export const THROTTLE_CODES: readonly number[] = [130429, 131056];

export function isThrottled(code: number | null | undefined): boolean {
  return code !== null && code !== undefined && THROTTLE_CODES.includes(code);
}

/** What a failure code means for the shop, in Indonesian; an unknown code is shown raw. */
export function errorMeaning(code: number | null | undefined, title?: string | null): string {
  if (code === 131047)
    return "Di luar jendela 24 jam sejak pesan terakhir pelanggan: kirim pesan templat, bukan teks bebas.";
  if (code === 131026)
    return "Nomor ini tidak bisa dihubungi lewat WhatsApp: gunakan tautan wa.me atau telepon pelanggan.";
  if (isThrottled(code)) return "Terlalu banyak pesan dalam waktu singkat: dikirim ulang otomatis sebentar lagi.";
  if (code !== null && code !== undefined && code >= 132000 && code < 133000)
    return `Masalah templat pesan (kode ${code}): pemilik toko perlu memeriksa templat di WhatsApp Manager.`;
  if (code === null || code === undefined) return title ? `Gagal: ${title}` : "Gagal terkirim.";
  return `Kode ${code}${title ? `: ${title}` : ""}`;
}

/** How long after the customer's last message free text may be sent (Meta's rule). */
export const SERVICE_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The shop stops a quarter of an hour early, so a reply typed slowly never lands outside. */
export const REPLY_CUTOFF_MS = (23 * 60 + 45) * 60 * 1000;

/** Whether staff may send free text now, given the customer's last message. */
export function canReplyFreely(lastInboundAt: Date | null, now: Date): boolean {
  if (!lastInboundAt) return false;
  const age = now.getTime() - lastInboundAt.getTime();
  return age >= 0 && age < REPLY_CUTOFF_MS;
}

/** The order numbers (first 8 hex characters of an order id) a message mentions, '#' optional. */
export function mentionedOrderNumbers(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(/(?:^|[^0-9a-f])#?([0-9a-f]{8})(?![0-9a-f])/gi)) found.add(match[1].toLowerCase());
  return [...found];
}

/** What each kind of WhatsApp message is called on the settings page and the order pages. */
export const WHATSAPP_KIND_LABEL: Record<string, string> = {
  "order-received": "Pesanan diterima",
  "payment-reminder": "Pengingat bayar",
  "bill-final": "Tagihan final",
  "payment-verified": "Pembayaran lunas",
  "out-for-delivery": "Sedang diantar",
  completed: "Pesanan selesai",
  cancelled: "Pesanan dibatalkan",
  "delivery-failed": "Gagal antar",
  "standing-order-made": "Langganan dibuat",
  "standing-order-not-made": "Langganan tidak jadi",
  reply: "Balasan staf",
  test: "Pesan uji",
  text: "Pesan pelanggan",
};

export function whatsappKindLabel(kind: string): string {
  return WHATSAPP_KIND_LABEL[kind] ?? kind;
}

/**
 * 'Belum chat': the order waits ('Menunggu'), its prefilled chat has not reached the shop and
 * the setting's minutes have passed since it was placed.
 */
export function isChatMissing(
  order: { status: string; chatConfirmedAt: Date | string | null; createdAt: Date | string },
  minutes: number,
  now: Date,
): boolean {
  if (order.status !== "pending" || order.chatConfirmedAt) return false;
  return now.getTime() - new Date(order.createdAt).getTime() >= minutes * 60 * 1000;
}

/** The message kinds the shop sends as approved templates (app/server/notifications/templates/whatsapp/). */
export const TEMPLATE_KINDS = [
  "order-received",
  "bill-final",
  "payment-verified",
  "out-for-delivery",
  "completed",
  "cancelled",
  "payment-reminder",
  "delivery-failed",
  "standing-order-made",
  "standing-order-not-made",
] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

export function isTemplateKind(kind: string | undefined): kind is TemplateKind {
  return (TEMPLATE_KINDS as readonly string[]).includes(kind ?? "");
}

/** The templates that tell about one order (the standing-order ones tell about a regular's basket). */
export type OrderTemplateKind = Exclude<TemplateKind, "standing-order-made" | "standing-order-not-made">;

/** The order templates staff may send by hand ('Kirim Template'): those that fit the order as it stands. */
export function templatesForOrder(order: {
  status: string;
  paymentStatus: string;
  billFinal: boolean;
}): OrderTemplateKind[] {
  if (order.status === "cancelled") return ["cancelled"];
  if (order.status === "completed") return ["completed"];
  const kinds: OrderTemplateKind[] = [];
  const unpaid = order.paymentStatus === "unpaid" || order.paymentStatus === "rejected";
  if (order.billFinal && unpaid) kinds.push("bill-final", "payment-reminder");
  if (order.paymentStatus === "paid") kinds.push("payment-verified");
  if (order.status === "processing") kinds.push("out-for-delivery");
  kinds.push("order-received");
  return kinds;
}
