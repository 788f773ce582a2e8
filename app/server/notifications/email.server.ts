// The e-mail channel: a recipient with an address gets every kind, written by the templates
// in templates/email/ and sent through mail.server.ts (SMTP, or .eml files in the outbox
// folder without it).
import { sendMail, type MailMessage } from "~/server/notifications/mail-transport.server";
import type { Channel } from "./channels.server";
import { composeMail } from "./templates/email/compose";
import { emailTemplates, type EmailTemplate } from "./templates/email/index";

/** A rendered mail as a delivery row keeps it. */
export type StoredMail = { subject: string; text: string; html: string | null };

export const emailChannel: Channel<StoredMail, MailMessage> = {
  id: "email",
  address: (recipient) => recipient.email?.trim() || null,
  render(kind, data) {
    const template = emailTemplates[kind] as EmailTemplate<typeof kind>;
    // The address is added when sent; composeMail only needs one to fill `to`.
    const mail = composeMail({ ...template(data), to: "" });
    return { subject: mail.subject, text: mail.text, html: mail.html ?? null };
  },
  message: (address, content) => ({
    to: address,
    subject: content.subject,
    text: content.text,
    html: content.html ?? undefined,
  }),
  send: (message) => sendMail(message),
};
