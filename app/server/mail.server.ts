// Outgoing e-mail. With SMTP_URL: real SMTP. Without it: each message is written as an
// .eml file to DATA_DIR/outbox and its link printed to the log, so flows work on a laptop.
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import { config } from "./config.server";
import { log } from "./logger.server";

export type MailMessage = { to: string; subject: string; text: string; html?: string; /** logged (without its token) for laptop use */ link?: string };

let transport: nodemailer.Transporter | undefined;

export async function sendMail(message: MailMessage): Promise<void> {
  const cfg = config();
  if (cfg.smtpUrl) {
    transport ??= nodemailer.createTransport(cfg.smtpUrl);
    await transport.sendMail({ from: cfg.mailFrom, ...message });
    log.info("mail sent", { to: message.to, subject: message.subject });
    return;
  }
  const raw = await new Promise<Buffer>((resolve, reject) => {
    nodemailer
      .createTransport({ streamTransport: true, buffer: true, newline: "unix" })
      .sendMail({ from: cfg.mailFrom, ...message }, (error, info) => (error ? reject(error) : resolve(info.message as Buffer)));
  });
  mkdirSync(cfg.outboxDir, { recursive: true });
  const file = path.join(cfg.outboxDir, `${Date.now()}-${randomBytes(4).toString("hex")}.eml`);
  writeFileSync(file, raw, { mode: 0o600 });
  // The full link is in the .eml file; the log shows where to find it, never the token itself.
  log.info("mail written to outbox", { to: message.to, subject: message.subject, file, link: message.link });
}

function layout(lines: string[], link: { href: string; label: string }) {
  const text = `${lines.join("\n\n")}\n\n${link.label}: ${link.href}\n`;
  const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const html = `<div style="font-family:sans-serif;font-size:15px;line-height:1.5">${lines
    .map((l) => `<p>${escape(l)}</p>`)
    .join("")}<p><a href="${escape(link.href)}" style="background:#15803d;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none">${escape(link.label)}</a></p><p style="color:#666;font-size:13px">${escape(link.href)}</p></div>`;
  return { text, html };
}

export function verificationMail(to: string, name: string, href: string): MailMessage {
  const shop = config().shop;
  return {
    to,
    subject: `Verifikasi email akun ${shop.name}`,
    link: href,
    ...layout(
      [`Halo ${name},`, `Terima kasih sudah mendaftar di ${shop.name}. Klik tombol di bawah untuk memverifikasi email Anda. Tautan berlaku 24 jam.`, "Jika Anda tidak mendaftar, abaikan email ini."],
      { href, label: "Verifikasi Email" },
    ),
  };
}

export function resetPasswordMail(to: string, name: string, href: string): MailMessage {
  const shop = config().shop;
  return {
    to,
    subject: `Reset password akun ${shop.name}`,
    link: href,
    ...layout(
      [`Halo ${name},`, "Kami menerima permintaan untuk mengganti password akun Anda. Klik tombol di bawah untuk membuat password baru. Tautan hanya dapat dipakai sekali dan berlaku 1 jam.", "Jika Anda tidak meminta reset password, abaikan email ini; password Anda tidak berubah."],
      { href, label: "Buat Password Baru" },
    ),
  };
}
