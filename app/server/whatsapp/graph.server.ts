// The one place the shop calls the WhatsApp Cloud API: POST {graph}/{phone number id}/messages
// with a template or, inside the 24-hour window, free text. The answer's messages[0].id is the
// message's wamid; an error answer { error: { code, message, error_data } } becomes a
// GraphError with the code. The access token goes only into the Authorization header: no
// error message or log line carries it.
import { z } from "zod";
import { isThrottled } from "~/lib/whatsapp";
import type { Connection } from "./connection.server";

/** How long one call may take before it counts as failed (and is retried by the outbox). */
const TIMEOUT_MS = 15_000;

export class GraphError extends Error {
  constructor(
    message: string,
    /** Meta's error code; null for a network failure or an unreadable answer. */
    readonly code: number | null,
    readonly title: string | null,
  ) {
    super(message);
  }

  /** Trying again later may succeed: throttled, a network failure, Meta's server error. */
  get retryable(): boolean {
    return this.code === null || isThrottled(this.code) || this.code === 1 || this.code === 2 || this.code === 131000;
  }
}

export type TemplateMessage = { kind: "template"; to: string; name: string; language: string; params: string[] };
export type TextMessage = { kind: "text"; to: string; body: string };

const sentSchema = z.object({ messages: z.array(z.object({ id: z.string().min(1) })).min(1) });
const errorSchema = z.object({
  error: z.object({
    code: z.coerce.number().int(),
    message: z.string().optional(),
    error_user_title: z.string().optional(),
    error_data: z.object({ details: z.string().optional() }).optional(),
  }),
});

function requestBody(message: TemplateMessage | TextMessage) {
  if (message.kind === "text")
    return {
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: message.to,
      type: "text",
      text: { preview_url: false, body: message.body },
    };
  return {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to: message.to,
    type: "template",
    template: {
      name: message.name,
      language: { code: message.language },
      components:
        message.params.length === 0
          ? []
          : [{ type: "body", parameters: message.params.map((text) => ({ type: "text", text })) }],
    },
  };
}

/** Sends one message; returns its wamid, or throws a GraphError. */
export async function sendGraphMessage(
  connection: Connection,
  message: TemplateMessage | TextMessage,
): Promise<string> {
  if (!connection.connected) throw new GraphError("WhatsApp belum terhubung.", null, null);
  const url = `${connection.graphUrl}/${encodeURIComponent(connection.phoneNumberId)}/messages`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { Authorization: `Bearer ${connection.accessToken}`, "Content-Type": "application/json" },
      body: JSON.stringify(requestBody(message)),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    // Only the cause's name: a fetch error may echo the request, never its headers, but stay sure.
    const why = error instanceof Error ? error.name : "error";
    throw new GraphError(`WhatsApp Cloud API tidak dapat dihubungi (${why}).`, null, null);
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) {
    const sent = sentSchema.safeParse(body);
    if (sent.success) return sent.data.messages[0].id;
    throw new GraphError(`Jawaban WhatsApp Cloud API tidak dikenal (HTTP ${response.status}).`, null, null);
  }
  const failed = errorSchema.safeParse(body);
  if (!failed.success) throw new GraphError(`WhatsApp Cloud API menolak (HTTP ${response.status}).`, null, null);
  const { code, message: text, error_user_title, error_data } = failed.data.error;
  const title = (error_user_title ?? text ?? "").slice(0, 300) || null;
  const details = error_data?.details ? `: ${error_data.details.slice(0, 300)}` : "";
  throw new GraphError(`WhatsApp Cloud API kode ${code}${title ? ` (${title})` : ""}${details}`, code, title);
}
