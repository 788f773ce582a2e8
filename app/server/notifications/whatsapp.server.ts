// The WhatsApp channel: a customer who agreed ('Kirim kabar pesanan ke WhatsApp saya') gets
// the order kinds that have a template in templates/whatsapp/, sent as approved UTILITY
// templates through the WhatsApp Cloud API (app/server/whatsapp/). Without a connection it
// takes nobody: nothing is stored for it and nothing calls out.
import { isTemplateKind } from "~/server/whatsapp/connection.server";
import {
  sendTemplateDelivery,
  whatsappAddressOf,
  type WhatsappContent,
  type WhatsappOutboxMessage,
} from "~/server/whatsapp/messages.server";
import type { Channel } from "./channels.server";
import { fillTemplate, whatsappTemplates, type WhatsappTemplate } from "./templates/whatsapp/index";

export const whatsappChannel: Channel<WhatsappContent, WhatsappOutboxMessage> = {
  id: "whatsapp",
  address: (recipient, db) => whatsappAddressOf(db, recipient),
  render(kind, data) {
    if (!isTemplateKind(kind)) return null;
    const template = whatsappTemplates[kind] as WhatsappTemplate<typeof kind>;
    const params = template.params(data as never);
    return { kind, params, text: fillTemplate(template.body, params) };
  },
  message: (address, content) => ({ to: address, content }),
  send: (message, context) => sendTemplateDelivery(context.db, message, context),
};
