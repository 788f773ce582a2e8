// A channel is one way of telling someone: e-mail today, a chat app later. Adding one is one
// module implementing `Channel` (where a recipient is reached, how a kind reads there, how a
// message is sent) plus its templates in templates/<channel>/, and its entry in CHANNELS.
// `notify` asks every channel; the outbox worker sends through the one a delivery names.
import type { Queryable } from "~/db/client.server";
import type { NotificationData, NotificationKind, Recipient } from "./kinds.server";
import { emailChannel } from "./email.server";
import { whatsappChannel } from "./whatsapp.server";

/** What the worker knows about the delivery it sends (a channel that records its sends reads it). */
export type SendContext = { db: Queryable; deliveryId: string; orderId: string | null; kind: string | undefined };

export interface Channel<Content = unknown, Message = unknown> {
  /** Stored on each delivery row ('email'). */
  readonly id: string;
  /**
   * Where this recipient is reached on this channel, or null when they do not take it (read in
   * the causing transaction: a channel may ask the database, e.g. for the recipient's consent).
   */
  address(recipient: Recipient, db: Queryable): string | null | Promise<string | null>;
  /** The message for one event, rendered when it is stored; null when the channel does not tell this kind. */
  render<K extends NotificationKind>(kind: K, data: NotificationData[K]): Content | null;
  /** The stored content and address as the transport takes it. */
  message(address: string, content: Content): Message;
  /**
   * Sends one message; throws when it did not go (the worker retries, or gives up at once on a
   * `FinalSendError`).
   */
  send(message: Message, context: SendContext): Promise<void>;
}

/** Every channel the shop tells people through. */
// A registry of channels of different content types: each is used only with its own rows.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const CHANNELS: readonly Channel<any, any>[] = [emailChannel, whatsappChannel];
export { FinalSendError } from "./send-error.server";

export function channelById(id: string) {
  return CHANNELS.find((c) => c.id === id);
}
