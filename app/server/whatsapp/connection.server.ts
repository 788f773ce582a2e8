// The shop's connection to the WhatsApp Cloud API: what /admin/settings/whatsapp saved, over
// the WHATSAPP_* environment variables (the page wins where both are set). Not connected (no
// phone number id or no access token): nothing is sent and nothing calls out.
//
// The access token and the app secret are write-only: `connectionForPage` says only whether
// they are set, and neither is ever logged or put in an error message.
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Queryable } from "~/db/client.server";
import { whatsappConnection } from "~/db/schema";
import { TEMPLATE_KINDS, type TemplateKind } from "~/lib/whatsapp";
import { config } from "../config.server";

export { isTemplateKind, TEMPLATE_KINDS, type TemplateKind } from "~/lib/whatsapp";

export type TemplateRef = { name: string; language: string };

export const DEFAULT_TEMPLATES: Record<TemplateKind, TemplateRef> = {
  "order-received": { name: "pesanan_diterima", language: "id" },
  "bill-final": { name: "tagihan_final", language: "id" },
  "payment-verified": { name: "pembayaran_lunas", language: "id" },
  "out-for-delivery": { name: "pesanan_diantar", language: "id" },
  completed: { name: "pesanan_selesai", language: "id" },
  cancelled: { name: "pesanan_dibatalkan", language: "id" },
  "payment-reminder": { name: "pengingat_bayar", language: "id" },
  "delivery-failed": { name: "gagal_antar", language: "id" },
  "standing-order-made": { name: "langganan_dibuat", language: "id" },
  "standing-order-not-made": { name: "langganan_tidak_jadi", language: "id" },
};

/** Meta's own Graph API host with a current version; tests and development point at a fake. */
export const DEFAULT_GRAPH_URL = "https://graph.facebook.com/v23.0";
export const DEFAULT_CHAT_REMINDER_MINUTES = 30;

export type Connection = {
  phoneNumberId: string;
  accessToken: string;
  appSecret: string;
  verifyToken: string;
  graphUrl: string;
  templates: Record<TemplateKind, TemplateRef>;
  chatReminderMinutes: number;
  /** A phone number id and an access token: the shop sends through the Cloud API. */
  connected: boolean;
};

const storedTemplatesSchema = z.record(z.string(), z.object({ name: z.string(), language: z.string() })).catch({});

async function storedRow(db: Queryable) {
  const [row] = await db.select().from(whatsappConnection).where(eq(whatsappConnection.id, 1)).limit(1);
  return row ?? null;
}

/** The connection as it applies now (page over environment). */
export async function loadConnection(db: Queryable): Promise<Connection> {
  const row = await storedRow(db);
  const env = config().whatsapp;
  const pick = (saved: string | undefined, fromEnv: string) => (saved?.trim() ? saved.trim() : fromEnv.trim());
  const stored = storedTemplatesSchema.parse(row?.templates ?? {});
  const templates = Object.fromEntries(
    TEMPLATE_KINDS.map((kind) => {
      const saved = stored[kind];
      return [
        kind,
        {
          name: saved?.name.trim() || DEFAULT_TEMPLATES[kind].name,
          language: saved?.language.trim() || DEFAULT_TEMPLATES[kind].language,
        },
      ];
    }),
  ) as Record<TemplateKind, TemplateRef>;
  const phoneNumberId = pick(row?.phoneNumberId, env.phoneNumberId);
  const accessToken = pick(row?.accessToken, env.accessToken);
  return {
    phoneNumberId,
    accessToken,
    appSecret: pick(row?.appSecret, env.appSecret),
    verifyToken: pick(row?.verifyToken, env.verifyToken),
    graphUrl: (pick(row?.graphUrl, env.graphUrl) || DEFAULT_GRAPH_URL).replace(/\/+$/, ""),
    templates,
    chatReminderMinutes: row?.chatReminderMinutes ?? DEFAULT_CHAT_REMINDER_MINUTES,
    connected: phoneNumberId !== "" && accessToken !== "",
  };
}

/** What the settings page may show: the secrets only as set / not set. */
export type ConnectionForPage = Omit<Connection, "accessToken" | "appSecret"> & {
  accessTokenSet: boolean;
  appSecretSet: boolean;
  /** Which values come from the environment (the page's saved value is empty). */
  fromEnvironment: {
    phoneNumberId: boolean;
    accessToken: boolean;
    appSecret: boolean;
    verifyToken: boolean;
    graphUrl: boolean;
  };
};

export async function connectionForPage(db: Queryable): Promise<ConnectionForPage> {
  const { accessToken, appSecret, ...rest } = await loadConnection(db);
  const row = await storedRow(db);
  const env = config().whatsapp;
  const fromEnv = (saved: string | undefined, fromEnvironment: string) =>
    !saved?.trim() && fromEnvironment.trim() !== "";
  return {
    ...rest,
    accessTokenSet: accessToken !== "",
    appSecretSet: appSecret !== "",
    fromEnvironment: {
      phoneNumberId: fromEnv(row?.phoneNumberId, env.phoneNumberId),
      accessToken: fromEnv(row?.accessToken, env.accessToken),
      appSecret: fromEnv(row?.appSecret, env.appSecret),
      verifyToken: fromEnv(row?.verifyToken, env.verifyToken),
      graphUrl: fromEnv(row?.graphUrl, env.graphUrl),
    },
  };
}

export type ConnectionInput = {
  phoneNumberId: string;
  /** Empty: keep the saved token. */
  accessToken: string;
  /** Empty: keep the saved secret. */
  appSecret: string;
  verifyToken: string;
  graphUrl: string;
  templates: Record<TemplateKind, TemplateRef>;
  chatReminderMinutes: number;
  /** Forget the saved token and secret (the environment's apply again, if any). */
  clearSecrets: boolean;
};

/** Saves the page's values; an empty secret field keeps what was saved. */
export async function storeConnection(db: Queryable, input: ConnectionInput): Promise<void> {
  const current = await storedRow(db);
  const values = {
    phoneNumberId: input.phoneNumberId,
    accessToken: input.clearSecrets ? "" : input.accessToken || current?.accessToken || "",
    appSecret: input.clearSecrets ? "" : input.appSecret || current?.appSecret || "",
    verifyToken: input.verifyToken,
    graphUrl: input.graphUrl,
    templates: input.templates,
    chatReminderMinutes: input.chatReminderMinutes,
    updatedAt: new Date(),
  };
  await db
    .insert(whatsappConnection)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: whatsappConnection.id, set: values });
}
