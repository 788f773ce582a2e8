// Outgoing e-mail. With SMTP_URL: real SMTP. Without it: each message is written as an
// .eml file to DATA_DIR/outbox and its link printed to the log, so flows work on a laptop.
// What the mails say lives in notifications/templates/email/; news is not sent from here
// directly but stored by `notify` and sent by the outbox worker (notifications/), so a
// failing send never fails an action. Only the account mails of the sign-in flow come here at once.
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import { config } from "../config.server";
import { log } from "../logger.server";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** logged (without its token) for laptop use */ link?: string;
};

let transport: nodemailer.Transporter | undefined;

/**
 * Whether a mail leaves the machine (SMTP_URL is set). Without it every mail waits as a file
 * in the outbox, so no screen may say it was sent: callers say where it waits instead and
 * offer the WhatsApp path.
 */
export function mailConfigured(): boolean {
  return Boolean(config().smtpUrl);
}

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
