// A local stand-in for the parts of Meta's Graph API the shop uses, for tests and for trying
// the WhatsApp loop on a laptop (`npm run fake:whatsapp`): POST /<version>/<phone number id>/messages
// records what it was sent and answers a wamid, or a scripted error; `status` and `inbound`
// post signed webhooks back to the shop, as Meta does. It never talks to Meta.
import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeSend = {
  wamid: string | null;
  to: string;
  type: "template" | "text";
  template?: { name: string; language: string; params: string[] };
  text?: string;
  phoneNumberId: string;
  authorization: string | undefined;
  at: Date;
};

export type FakeGraph = {
  /** e.g. http://127.0.0.1:41234/v23.0: the shop's WHATSAPP_GRAPH_URL. */
  readonly url: string;
  readonly sends: FakeSend[];
  /** The next sends fail with these Graph error codes, one each (e.g. 131026, 130429). */
  failNext(...codes: number[]): void;
  /** Posts a signed status webhook for `wamid` to the shop; answers the shop's HTTP status. */
  status(
    wamid: string,
    status: "sent" | "delivered" | "read" | "failed",
    opts?: { code?: number; at?: Date },
  ): Promise<number>;
  /** Posts a signed inbound text message from `from` (62 form); answers the shop's HTTP status and the message id. */
  inbound(from: string, text: string, opts?: { at?: Date; id?: string }): Promise<{ status: number; id: string }>;
  /** Posts any body with a signature made with `secret` (default the right one). */
  postWebhook(body: unknown, secret?: string | null): Promise<number>;
  /** Waits until `count` sends were recorded (polling, at most `timeoutMs`). */
  waitForSends(count: number, timeoutMs?: number): Promise<FakeSend[]>;
  close(): Promise<void>;
};

const ERROR_TITLES: Record<number, string> = {
  131047: "Re-engagement message",
  131026: "Message undeliverable",
  130429: "Rate limit hit",
  131056: "(Business Account, Consumer Account) pair rate limit hit",
  132001: "Template name does not exist in the translation",
};

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

export async function startFakeGraph(options: {
  /** Where the shop's webhook is, e.g. http://127.0.0.1:3000/webhooks/whatsapp (may be set later). */
  webhookUrl?: string | (() => string);
  appSecret: string;
  version?: string;
  port?: number;
}): Promise<FakeGraph> {
  const version = options.version ?? "v23.0";
  const sends: FakeSend[] = [];
  const failures: number[] = [];
  const server: Server = createServer((req, res) => {
    void (async () => {
      const match = new RegExp(`^/${version.replace(".", "\\.")}/([^/]+)/messages$`).exec(req.url ?? "");
      if (req.method !== "POST" || !match) {
        res.writeHead(404, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ error: { message: "Unknown path", code: 100 } }));
        return;
      }
      const body = JSON.parse(await readBody(req)) as {
        to: string;
        type: "template" | "text";
        text?: { body: string };
        template?: {
          name: string;
          language: { code: string };
          components?: { type: string; parameters: { type: string; text: string }[] }[];
        };
      };
      const code = failures.shift();
      const send: FakeSend = {
        wamid: code === undefined ? `wamid.${randomBytes(12).toString("hex")}` : null,
        to: body.to,
        type: body.type,
        text: body.text?.body,
        template: body.template
          ? {
              name: body.template.name,
              language: body.template.language.code,
              params: (body.template.components ?? []).flatMap((c) => c.parameters.map((p) => p.text)),
            }
          : undefined,
        phoneNumberId: decodeURIComponent(match[1]),
        authorization: req.headers.authorization,
        at: new Date(),
      };
      sends.push(send);
      if (code !== undefined) {
        res.writeHead(code === 130429 ? 429 : 400, { "Content-Type": "application/json" });
        res.end(
          JSON.stringify({
            error: {
              message: `(#${code}) ${ERROR_TITLES[code] ?? "Error"}`,
              type: "OAuthException",
              code,
              error_data: { messaging_product: "whatsapp", details: ERROR_TITLES[code] ?? "Scripted error" },
              fbtrace_id: randomBytes(8).toString("hex"),
            },
          }),
        );
        return;
      }
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(
        JSON.stringify({
          messaging_product: "whatsapp",
          contacts: [{ input: body.to, wa_id: body.to }],
          messages: [{ id: send.wamid }],
        }),
      );
    })().catch(() => {
      res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const webhookUrl = () =>
    typeof options.webhookUrl === "function" ? options.webhookUrl() : (options.webhookUrl ?? "");

  async function postWebhook(body: unknown, secret: string | null = options.appSecret): Promise<number> {
    const raw = JSON.stringify(body);
    const headers: Record<string, string> = { "Content-Type": "application/json" };
    if (secret !== null)
      headers["X-Hub-Signature-256"] = `sha256=${createHmac("sha256", secret).update(raw).digest("hex")}`;
    const response = await fetch(webhookUrl(), { method: "POST", headers, body: raw });
    await response.arrayBuffer();
    return response.status;
  }

  const envelope = (value: Record<string, unknown>) => ({
    object: "whatsapp_business_account",
    entry: [
      {
        id: "FAKE_WABA_ID",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "6281100000000", phone_number_id: "FAKE" },
              ...value,
            },
          },
        ],
      },
    ],
  });
  const seconds = (at?: Date) => String(Math.floor((at ?? new Date()).getTime() / 1000));

  return {
    url: `http://127.0.0.1:${port}/${version}`,
    sends,
    failNext: (...codes) => failures.push(...codes),
    status: (wamid, status, opts = {}) => {
      const to = sends.find((s) => s.wamid === wamid)?.to ?? "";
      return postWebhook(
        envelope({
          statuses: [
            {
              id: wamid,
              status,
              timestamp: seconds(opts.at),
              recipient_id: to,
              ...(status === "failed"
                ? { errors: [{ code: opts.code ?? 131026, title: ERROR_TITLES[opts.code ?? 131026] ?? "Error" }] }
                : {}),
            },
          ],
        }),
      );
    },
    inbound: async (from, text, opts = {}) => {
      const id = opts.id ?? `wamid.in.${randomBytes(10).toString("hex")}`;
      const status = await postWebhook(
        envelope({
          contacts: [{ profile: { name: "Pelanggan" }, wa_id: from }],
          messages: [{ from, id, timestamp: seconds(opts.at), type: "text", text: { body: text } }],
        }),
      );
      return { status, id };
    },
    postWebhook,
    async waitForSends(count, timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      while (sends.length < count) {
        if (Date.now() > until) throw new Error(`fake Graph API got ${sends.length} sends, expected ${count}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      return sends;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
