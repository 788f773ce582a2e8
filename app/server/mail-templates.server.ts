// Every e-mail the shop writes, in one place: account mails, order mails and notices.
// Each template returns a MailMessage with a text and an HTML part in the shop's identity
// (currentShop(): the saved 'Identitas Toko' over the environment's), in Indonesian.
//
// To add a mail: write a function here that builds it with `composeMail` (paragraphs, an
// optional table of lines and one button), then hand it to `enqueueMail` from
// app/server/mail-queue.server.ts (inside your action's transaction when there is one).
// Order mails go through `queueOrderMail` (app/server/order-mails.server.ts), which loads the
// order and the customer's address itself.
import { currentShop } from "./shop/identity.server";
import { formatDateWithDay } from "~/lib/dates";
import { formatRupiah } from "~/lib/money";
import { orderGrandTotal, orderLineTotal, shortOrderId } from "~/lib/orders";
import { slotName } from "~/lib/vocab/delivery-slots";
import { formatAmount } from "~/lib/weight";
import { shopAddressLine } from "~/lib/shop";
import { config } from "./config.server";
import type { MailMessage } from "./mail.server";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export type MailTableRow = { label: string; value: string; strong?: boolean };

export type MailContent = {
  to: string;
  subject: string;
  /** Short line shown by mail apps beside the subject. */
  preheader?: string;
  paragraphs: string[];
  /** Label/value rows (order lines, totals), shown as a table in HTML and aligned text. */
  table?: MailTableRow[];
  button?: { href: string; label: string };
  /** Small print under the signature, e.g. an unsubscribe line. */
  footer?: { text: string; href?: string; label?: string };
};

/** Builds both parts of a mail from its content, with the shop's name, address and WhatsApp. */
export function composeMail(content: MailContent): MailMessage {
  const shop = currentShop();
  const signature = `Salam segar,\n${shop.name}\n${shopAddressLine(shop)}\nWhatsApp ${shop.phone}`;

  const textParts = [...content.paragraphs];
  if (content.table?.length) {
    const width = Math.min(40, Math.max(...content.table.map((r) => r.label.length)));
    textParts.push(content.table.map((r) => `${r.label.padEnd(width)}  ${r.value}`).join("\n"));
  }
  if (content.button) textParts.push(`${content.button.label}: ${content.button.href}`);
  textParts.push(signature);
  if (content.footer) {
    textParts.push(content.footer.href ? `${content.footer.text} ${content.footer.href}` : content.footer.text);
  }
  const text = `${textParts.join("\n\n")}\n`;

  const rows = (content.table ?? [])
    .map((r) => {
      const weight = r.strong ? "font-weight:bold;" : "";
      return `<tr><td style="padding:4px 8px 4px 0;${weight}">${escapeHtml(r.label)}</td><td style="padding:4px 0;text-align:right;white-space:nowrap;${weight}">${escapeHtml(r.value)}</td></tr>`;
    })
    .join("");
  const html = [
    `<!doctype html><html lang="id"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.subject)}</title></head>`,
    `<body style="margin:0;background:#f5f5f4"><div style="max-width:560px;margin:0 auto;padding:16px;font-family:sans-serif;font-size:15px;line-height:1.5;color:#1c1917">`,
    content.preheader
      ? `<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(content.preheader)}</div>`
      : "",
    `<div style="background:#15803d;color:#fff;padding:12px 16px;border-radius:8px 8px 0 0;font-weight:bold;font-size:18px">${escapeHtml(shop.name)}</div>`,
    `<div style="background:#fff;padding:16px;border-radius:0 0 8px 8px">`,
    content.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join(""),
    rows ? `<table role="presentation" style="width:100%;border-collapse:collapse;margin:8px 0">${rows}</table>` : "",
    content.button
      ? `<p><a href="${escapeHtml(content.button.href)}" style="display:inline-block;background:#15803d;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none">${escapeHtml(content.button.label)}</a></p><p style="color:#57534e;font-size:13px;word-break:break-all">${escapeHtml(content.button.href)}</p>`
      : "",
    `<p style="color:#57534e;font-size:13px;white-space:pre-line">${escapeHtml(signature)}</p>`,
    content.footer
      ? `<p style="color:#57534e;font-size:12px">${escapeHtml(content.footer.text)}${content.footer.href ? ` <a href="${escapeHtml(content.footer.href)}" style="color:#57534e">${escapeHtml(content.footer.label ?? content.footer.href)}</a>` : ""}</p>`
      : "",
    `</div></div></body></html>`,
  ].join("");
  return { to: content.to, subject: content.subject, text, html, link: content.button?.href };
}

// ---------------------------------------------------------------- account mails

export function verificationMail(to: string, name: string, href: string): MailMessage {
  const shop = currentShop();
  return composeMail({
    to,
    subject: `Verifikasi email akun ${shop.name}`,
    paragraphs: [
      `Halo ${name},`,
      `Terima kasih sudah mendaftar di ${shop.name}. Klik tombol di bawah untuk memverifikasi email Anda. Tautan berlaku 24 jam.`,
      "Jika Anda tidak mendaftar, abaikan email ini.",
    ],
    button: { href, label: "Verifikasi Email" },
  });
}

export function resetPasswordMail(to: string, name: string, href: string): MailMessage {
  const shop = currentShop();
  return composeMail({
    to,
    subject: `Reset password akun ${shop.name}`,
    paragraphs: [
      `Halo ${name},`,
      "Kami menerima permintaan untuk mengganti password akun Anda. Klik tombol di bawah untuk membuat password baru. Tautan hanya dapat dipakai sekali dan berlaku 1 jam.",
      "Jika Anda tidak meminta reset password, abaikan email ini; password Anda tidak berubah.",
    ],
    button: { href, label: "Buat Password Baru" },
  });
}

/**
 * The invitation: its link sets a password and accepts the invitation in one step. For an
 * account that already exists it says that the password is replaced and other devices are
 * signed out, since that is what makes the link a proof of who holds the address.
 */
export function staffInvitationMail(
  to: string,
  name: string,
  invitedBy: string,
  href: string,
  account: "new" | "existing",
): MailMessage {
  const shop = currentShop();
  const what =
    account === "new"
      ? "Klik tombol di bawah untuk membuat password Anda; setelah password disimpan, Anda menjadi Staf."
      : `Email ini sudah punya akun di ${shop.name}. Klik tombol di bawah untuk menerima undangan: Anda membuat password baru untuk akun ini, semua perangkat yang masuk dengan akun ini dikeluarkan, lalu akun ini menjadi Staf. Sebelum itu akun ini tetap akun pelanggan.`;
  return composeMail({
    to,
    subject: `Undangan bergabung sebagai Staf ${shop.name}`,
    preheader: `${invitedBy} mengundang Anda ke panel admin ${shop.name}.`,
    paragraphs: [
      `Halo ${name},`,
      `${invitedBy} mengundang Anda bergabung sebagai Staf di panel admin ${shop.name}: pesanan, picking list, lembar pengiriman dan inbox.`,
      what,
      "Tautan hanya dapat dipakai sekali dan berlaku 3 hari. Setelah itu masuk lewat halaman login admin dengan email ini.",
      "Jika Anda tidak mengenal undangan ini, abaikan email ini.",
    ],
    button: { href, label: account === "new" ? "Buat Password & Bergabung" : "Terima Undangan" },
  });
}

/**
 * Sent instead of a second account when someone registers an e-mail that already has one:
 * the form answers as for any sign-up (so it tells no one which e-mails have accounts), and
 * only the owner learns, in their own inbox, that the address is taken.
 */
export function accountExistsMail(to: string, name: string, loginHref: string): MailMessage {
  const shop = currentShop();
  const mail = composeMail({
    to,
    subject: `Akun ${shop.name} Anda sudah ada`,
    paragraphs: [
      `Halo ${name},`,
      `Seseorang (mungkin Anda) mencoba mendaftar di ${shop.name} dengan email ini, padahal email ini sudah terdaftar. Tidak ada akun baru yang dibuat.`,
      "Jika itu Anda, silakan login. Lupa password? Pilih 'Lupa password?' di halaman login.",
      "Jika bukan Anda, abaikan email ini; akun Anda tetap aman.",
    ],
    button: { href: loginHref, label: "Login" },
  });
  return { ...mail, link: undefined };
}

// ---------------------------------------------------------------- order mails

/** What an order mail needs to know about the order; loaded by order-mails.server.ts. */
export type OrderMailData = {
  id: string;
  customerName: string;
  customerEmail: string;
  status: string;
  totalAmount: number;
  deliveryFee: number | null;
  deliveryDate: string;
  deliverySlot: string;
  deliveryTime: string;
  recipientAddress: string;
  /** 'Saldo' taken into the final bill (positive: less to pay). */
  balanceApplied?: number;
  items: { productName: string; productUnit: string; quantity: number; price: number; soldByWeight?: boolean }[];
};

export const ORDER_MAIL_KINDS = [
  "order-received",
  "fee-set",
  "bill-final",
  "payment-verified",
  "out-for-delivery",
  "completed",
  "cancelled",
] as const;
export type OrderMailKind = (typeof ORDER_MAIL_KINDS)[number];

export function orderPageUrl(orderId: string): string {
  return `${config().appUrl}/orders/${orderId}`;
}

/** "Selasa, 25 November 2026, Pagi (05:00 - 07:00)" */
export function deliverySlotText(order: Pick<OrderMailData, "deliveryDate" | "deliverySlot" | "deliveryTime">): string {
  const slot = slotName(order.deliverySlot);
  return `${formatDateWithDay(order.deliveryDate)}, ${slot} (${order.deliveryTime})`;
}

function orderLines(order: OrderMailData, totalLabel?: string): MailTableRow[] {
  const rows: MailTableRow[] = order.items.map((i) => ({
    // Weighed produce reads '0,75 kg'; the price is the line's, rounded once.
    label: `${i.productName} ${i.soldByWeight ? "" : "× "}${formatAmount(i.quantity, { soldByWeight: i.soldByWeight === true, unit: i.productUnit })}`,
    value: formatRupiah(orderLineTotal(i)),
  }));
  rows.push({ label: "Subtotal", value: formatRupiah(order.totalAmount) });
  rows.push({
    label: "Ongkos kirim",
    value: order.deliveryFee === null ? "dikonfirmasi lewat WhatsApp" : formatRupiah(order.deliveryFee),
  });
  rows.push({
    label: totalLabel ?? (order.deliveryFee === null ? "Total sementara" : "Total"),
    value: formatRupiah(orderGrandTotal(order.totalAmount, order.deliveryFee)),
    strong: true,
  });
  if (order.balanceApplied) {
    rows.push({
      label: order.balanceApplied > 0 ? "Saldo (lebih bayar sebelumnya)" : "Kurang bayar sebelumnya",
      value: `${order.balanceApplied > 0 ? "−" : "+"}${formatRupiah(Math.abs(order.balanceApplied))}`,
    });
    rows.push({
      label: "Jumlah dibayar",
      value: formatRupiah(orderGrandTotal(order.totalAmount, order.deliveryFee) - order.balanceApplied),
      strong: true,
    });
  }
  return rows;
}

/** The mail for one event of an order's life. `reason` is shown on a cancellation. */
export function orderMail(kind: OrderMailKind, order: OrderMailData, extra: { reason?: string } = {}): MailMessage {
  const short = shortOrderId(order.id);
  const greeting = `Halo ${order.customerName},`;
  const button = { href: orderPageUrl(order.id), label: "Lihat Pesanan" };
  const slot = deliverySlotText(order);
  switch (kind) {
    case "order-received":
      return composeMail({
        to: order.customerEmail,
        subject: `Pesanan #${short} kami terima`,
        preheader: `Diantar ${slot}`,
        paragraphs: [
          greeting,
          `Terima kasih, pesanan #${short} sudah kami terima dan menunggu konfirmasi.`,
          `Jadwal antar: ${slot}, ke ${order.recipientAddress}.`,
          "Kami akan mengabarkan ongkos kirim dan total akhir. Pesanan masih bisa Anda batalkan selama statusnya 'Menunggu'.",
        ],
        table: orderLines(order),
        button,
      });
    case "fee-set":
      return composeMail({
        to: order.customerEmail,
        subject: `Total pesanan #${short}: ${formatRupiah(orderGrandTotal(order.totalAmount, order.deliveryFee))}`,
        paragraphs: [greeting, `Ongkos kirim pesanan #${short} sudah ditetapkan. Berikut tagihan Anda.`],
        table: orderLines(order),
        button,
      });
    case "bill-final":
      return composeMail({
        to: order.customerEmail,
        subject: `Tagihan final pesanan #${short}: ${formatRupiah(orderGrandTotal(order.totalAmount, order.deliveryFee))}`,
        preheader: "Produk sudah ditimbang dan dikemas",
        paragraphs: [
          greeting,
          `Pesanan #${short} sudah ditimbang dan dikemas. Berikut tagihan final (Total akhir) Anda; riwayat perubahan dan cara bayar ada di halaman pesanan.`,
        ],
        table: orderLines(order, "Total akhir"),
        button: { href: orderPageUrl(order.id), label: "Lihat Tagihan" },
      });
    case "payment-verified":
      return composeMail({
        to: order.customerEmail,
        subject: `Pembayaran pesanan #${short} sudah diterima`,
        paragraphs: [
          greeting,
          `Pembayaran untuk pesanan #${short} sudah kami periksa dan terima. Terima kasih!`,
          `Jadwal antar: ${slot}.`,
        ],
        button,
      });
    case "out-for-delivery":
      return composeMail({
        to: order.customerEmail,
        subject: `Pesanan #${short} sedang diantar`,
        paragraphs: [
          greeting,
          `Pesanan #${short} sedang dalam perjalanan ke ${order.recipientAddress}.`,
          `Jadwal antar: ${slot}.`,
        ],
        button,
      });
    case "completed":
      return composeMail({
        to: order.customerEmail,
        subject: `Pesanan #${short} selesai`,
        paragraphs: [
          greeting,
          `Pesanan #${short} sudah selesai. Terima kasih sudah berbelanja sayur segar dari petani Jember!`,
          "Mau belanja yang sama lagi? Buka pesanan ini dan pilih 'Pesan Lagi'.",
        ],
        button,
      });
    case "cancelled":
      return composeMail({
        to: order.customerEmail,
        subject: `Pesanan #${short} dibatalkan`,
        paragraphs: [
          greeting,
          `Pesanan #${short} sudah dibatalkan.`,
          ...(extra.reason ? [`Alasan: ${extra.reason}`] : []),
          "Jika ini tidak sesuai, hubungi kami lewat WhatsApp.",
        ],
        button,
      });
  }
}

// ---------------------------------------------------------------- back-in-stock mails

/**
 * 'Kabari Saya' asked by someone who has not proven the address: one mail that asks the
 * owner of the address to turn the alert on. Nothing is sent about the product until then.
 */
export function stockAlertConfirmMail(
  to: string,
  product: { name: string },
  confirmHref: string,
  validHours: number,
): MailMessage {
  const shop = currentShop();
  return composeMail({
    to,
    subject: `Konfirmasi kabar stok ${product.name} di ${shop.name}`,
    preheader: `Tekan tombol di email ini agar kami mengabari Anda saat ${product.name} tersedia lagi.`,
    paragraphs: [
      "Halo,",
      `Seseorang (semoga Anda) meminta ${shop.name} mengirim kabar ke alamat ini saat ${product.name} tersedia lagi. Kabar itu baru aktif setelah Anda menekan tombol di bawah dan memilih 'Ya, kabari saya'.`,
      `Tautan ini berlaku ${validHours} jam. Bila Anda tidak memintanya, abaikan email ini: kami tidak akan mengirim apa pun lagi.`,
    ],
    button: { href: confirmHref, label: "Aktifkan kabar stok" },
    footer: { text: `Anda menerima email ini karena alamat ini diisi di 'Kabari Saya' di ${shop.name}.` },
  });
}

/** 'Kabari Saya': the product a shopper waited for is in stock again; one mail, then the alert ends. */
export function backInStockMail(
  to: string,
  product: { name: string; slug: string },
  unsubscribeHref: string,
): MailMessage {
  const shop = currentShop();
  const href = `${config().appUrl}/products/${encodeURIComponent(product.slug)}`;
  return composeMail({
    to,
    subject: `${product.name} tersedia lagi di ${shop.name}`,
    preheader: `${product.name} yang Anda tunggu sudah bisa dipesan.`,
    paragraphs: [
      "Halo,",
      `Kabar baik: ${product.name} yang Anda tunggu sudah tersedia lagi di ${shop.name}. Stok bisa cepat habis, jadi pesan selagi ada.`,
      "Ini satu-satunya email kabar stok untuk produk ini; setelahnya Anda tidak dikabari lagi kecuali meminta lagi.",
    ],
    button: { href, label: `Lihat ${product.name}` },
    footer: {
      text: `Anda menerima email ini karena meminta 'Kabari Saya' di ${shop.name}.`,
      href: unsubscribeHref,
      label: "Berhenti menerima kabar stok",
    },
  });
}
