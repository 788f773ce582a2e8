// /webhooks/whatsapp: Meta's WhatsApp Cloud API webhook. GET is the verification handshake;
// POST carries statuses and inbound messages, signed with the app secret over the raw body
// (app/server/whatsapp/webhook.server.ts). Nobody signs in here: the signature is the guard.
import { routePolicy } from "~/server/route-policy.server";
import { log } from "~/server/logger.server";
import { dbOf } from "~/server/request-context.server";
import { loadConnection } from "~/server/whatsapp/connection.server";
import { ingestWebhook, isValidSignature, MAX_WEBHOOK_BYTES } from "~/server/whatsapp/webhook.server";
import type { Route } from "./+types/webhooks.whatsapp";

export const middleware: Route.MiddlewareFunction[] = [routePolicy({ cache: "private", access: "public" })];

const TEXT = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };

function answer(status: number, body: string): Response {
  return new Response(body, { status, headers: TEXT });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { verifyToken } = await loadConnection(await dbOf(context));
  const mode = url.searchParams.get("hub.mode");
  const token = url.searchParams.get("hub.verify_token");
  const challenge = url.searchParams.get("hub.challenge");
  if (mode === "subscribe" && verifyToken !== "" && token === verifyToken && challenge !== null)
    return answer(200, challenge);
  return answer(403, "Verifikasi webhook ditolak.");
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return answer(405, "Metode tidak didukung.");
  if (Number(request.headers.get("content-length") ?? 0) > MAX_WEBHOOK_BYTES)
    return answer(413, "Data webhook terlalu besar.");
  const raw = new Uint8Array(await request.arrayBuffer());
  if (raw.byteLength > MAX_WEBHOOK_BYTES) return answer(413, "Data webhook terlalu besar.");
  const db = await dbOf(context);
  const { appSecret } = await loadConnection(db);
  if (!isValidSignature(raw, request.headers.get("x-hub-signature-256"), appSecret))
    return answer(401, "Tanda tangan webhook tidak valid.");
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(raw));
  } catch {
    return answer(400, "Data webhook bukan JSON.");
  }
  const result = await ingestWebhook(db, body);
  if (!result) return answer(400, "Data webhook tidak dikenal.");
  if (result.ignored > 0) log.warn("whatsapp webhook items ignored", { ...result });
  return answer(200, "OK");
}
