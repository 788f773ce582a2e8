// The frame of every e-mail the shop writes: paragraphs, an optional table of lines, one
// button and a footer, made into a text and an HTML part with the shop's name, address and
// WhatsApp (currentShop(): the saved 'Identitas Toko' over the environment's). Templates in this folder describe a mail; this builds it.
import { currentShop } from "../../../shop/identity.server";
import { shopAddressLine } from "~/lib/shop";
import type { MailMessage } from "~/server/notifications/mail-transport.server";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export type MailTableRow = { label: string; value: string; strong?: boolean };

/** What a template says; the channel adds the address. */
export type EmailContent = {
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

export type MailContent = EmailContent & { to: string };

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
