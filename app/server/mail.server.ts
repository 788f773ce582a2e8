// Outgoing e-mail. With SMTP_URL: real SMTP. Without it: each message is written as an
// .eml file to DATA_DIR/outbox and its link printed to the log, so flows work on a laptop.
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import { config } from "./config.server";
import { log } from "./logger.server";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** logged (without its token) for laptop use */ link?: string;
};

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
      .sendMail({ from: cfg.mailFrom, ...message }, (error, info) =>
        error ? reject(error) : resolve(info.message as Buffer),
      );
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
    .join(
      "",
    )}<p><a href="${escape(link.href)}" style="background:#15803d;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none">${escape(link.label)}</a></p><p style="color:#666;font-size:13px">${escape(link.href)}</p></div>`;
  return { text, html };
}

export function verificationMail(to: string, name: string, href: string): MailMessage {
  const shop = config().shop;
  return {
    to,
    subject: `Verifikasi email akun ${shop.name}`,
    link: href,
    ...layout(
      [
        `Halo ${name},`,
        `Terima kasih sudah mendaftar di ${shop.name}. Klik tombol di bawah untuk memverifikasi email Anda. Tautan berlaku 24 jam.`,
        "Jika Anda tidak mendaftar, abaikan email ini.",
      ],
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
      [
        `Halo ${name},`,
        "Kami menerima permintaan untuk mengganti password akun Anda. Klik tombol di bawah untuk membuat password baru. Tautan hanya dapat dipakai sekali dan berlaku 1 jam.",
        "Jika Anda tidak meminta reset password, abaikan email ini; password Anda tidak berubah.",
      ],
      { href, label: "Buat Password Baru" },
    ),
  };
}

/**
 * Sent instead of a second account when someone registers an e-mail that already has one:
 * the form answers as for any sign-up (so it tells no one which e-mails have accounts), and
 * only the owner learns, in their own inbox, that the address is taken.
 */
export function accountExistsMail(to: string, name: string, loginHref: string): MailMessage {
  const shop = config().shop;
  return {
    to,
    subject: `Akun ${shop.name} Anda sudah ada`,
    ...layout(
      [
        `Halo ${name},`,
        `Seseorang (mungkin Anda) mencoba mendaftar di ${shop.name} dengan email ini, padahal email ini sudah terdaftar. Tidak ada akun baru yang dibuat.`,
        "Jika itu Anda, silakan login. Lupa password? Pilih 'Lupa password?' di halaman login.",
        "Jika bukan Anda, abaikan email ini; akun Anda tetap aman.",
      ],
      { href: loginHref, label: "Login" },
    ),
  };
}
