// Development: a fake WhatsApp Cloud API on this laptop (tests/support/fake-graph.ts). Start
// it, then the shop with the environment it prints; it records sends and never talks to Meta.
//   npm run fake:whatsapp            (FAKE_GRAPH_PORT=4010, SHOP_URL=http://localhost:3000)
// Type in its terminal to play the customer:  read <wamid> | chat <62number> <text>
import { createInterface } from "node:readline";
import { startFakeGraph } from "../tests/support/fake-graph";

const appSecret = process.env.WHATSAPP_APP_SECRET ?? "rahasia-aplikasi-lokal";
const shop = (process.env.SHOP_URL ?? "http://localhost:3000").replace(/\/+$/, "");
const fake = await startFakeGraph({
  appSecret,
  port: Number(process.env.FAKE_GRAPH_PORT ?? 4010),
  webhookUrl: `${shop}/webhooks/whatsapp`,
});
console.log(`Fake Graph API: ${fake.url}
Start the shop with:
  WHATSAPP_GRAPH_URL=${fake.url} WHATSAPP_PHONE_NUMBER_ID=1234567890 WHATSAPP_ACCESS_TOKEN=token-lokal WHATSAPP_APP_SECRET=${appSecret} WHATSAPP_VERIFY_TOKEN=verifikasi-lokal
Commands: sent | delivered <wamid> | read <wamid> | fail <wamid> <code> | chat <62number> <text>`);
let shown = 0;
setInterval(() => {
  for (; shown < fake.sends.length; shown++) console.log("sent:", JSON.stringify(fake.sends[shown]));
}, 500).unref();
for await (const line of createInterface({ input: process.stdin })) {
  const [command, first, ...rest] = line.trim().split(/\s+/);
  if (command === "delivered" || command === "read") console.log(await fake.status(first, command));
  else if (command === "fail") console.log(await fake.status(first, "failed", { code: Number(rest[0] ?? 131026) }));
  else if (command === "chat") console.log(await fake.inbound(first, rest.join(" ")));
  else if (command === "sent") console.log(fake.sends);
}
