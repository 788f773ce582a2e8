// Image uploads cannot starve the server: the 75 kB PNG of 1 x 39,000,000 pixels (tens of
// seconds of decoding) sent four times at once against the real server is refused from its
// header, while a login completes in under 2 s and /healthz answers; and a proof for a
// cancelled order is refused from the order's state before the image is looked at.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { orders, products } from "~/db/schema";
import { seedCatalogIfEmpty } from "~/db/seed.server";
import { createOrder, createUser, type TestUser } from "../support/factories";
import { post, postLogin } from "../support/http";
import { tallPng } from "../support/images";
import { startTestServer, type TestServer } from "../support/server";

let dataDir: string;
let server: TestServer;
let ani: TestUser;
let budi: TestUser;
let payable: string;
let cancelled: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "sayur-upload-load-"));
  const handle = await openDatabase({ kind: "pglite", dataDir, holder: "upload decode load test" });
  try {
    const db = handle.db;
    await seedCatalogIfEmpty(db);
    ani = await createUser(db, { name: "Ani Unggah" });
    budi = await createUser(db, { name: "Budi Masuk" });
    const [product] = await db.select().from(products).where(eq(products.isActive, true)).limit(1);
    const items = [{ productId: product.id, quantity: 1 }];
    // One order waiting for its transfer (its bill final) and one cancelled, both Ani's.
    const open = await createOrder(db, { userId: ani.id, items });
    await db
      .update(orders)
      .set({ paymentMethod: "transfer", deliveryFee: 5000, deliveryFeeSource: "staff", billFinalAt: new Date() })
      .where(eq(orders.id, open.id));
    const dropped = await createOrder(db, { userId: ani.id, items, status: "cancelled" });
    await db
      .update(orders)
      .set({ paymentMethod: "transfer", billFinalAt: new Date() })
      .where(eq(orders.id, dropped.id));
    payable = open.id;
    cancelled = dropped.id;
  } finally {
    await handle.close();
  }
  server = await startTestServer({ dataDir });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Signs in through /login; the answer's status and the cookie it sets. */
const logIn = (user: TestUser) => postLogin(server.url, user, { headers: { Origin: server.url } });

async function uploadProof(cookie: string, orderId: string, bytes: Buffer) {
  const body = new FormData();
  body.append("intent", "proof");
  body.append("proof", new File([new Uint8Array(bytes)], "bukti.png", { type: "image/png" }));
  const started = Date.now();
  const response = await post(server.url, `/orders/${orderId}`, body, { cookie, headers: { Origin: server.url } });
  return { status: response.status, text: await response.text(), ms: Date.now() - started };
}

async function timed<T>(work: () => Promise<T>): Promise<T & { ms: number }> {
  const started = Date.now();
  const result = await work();
  return { ...result, ms: Date.now() - started };
}

const storedProofs = () => {
  try {
    return readdirSync(path.join(dataDir, "uploads", "proofs"));
  } catch {
    return [];
  }
};

describe("image uploads against the running server", () => {
  it("four tall PNGs at once are refused from their header while a login completes and /healthz answers in under 2 s", async () => {
    const { cookie } = await logIn(ani);
    expect(cookie).toContain("session_token");
    const png = tallPng();
    expect(png.length).toBeLessThan(100_000);
    const uploads = Promise.all([1, 2, 3, 4].map(() => uploadProof(cookie, payable, png)));
    // Give the four a head start, so that they are in the server when the login arrives.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const [login, health] = await Promise.all([
      timed(() => logIn(budi)),
      timed(async () => {
        const response = await fetch(`${server.url}/healthz`);
        return { status: response.status, body: await response.text() };
      }),
    ]);
    expect(login.cookie, "Budi is signed in").toContain("session_token");
    // Signing in hashes a password, which takes its own seconds when the CI's other test file
    // loads both cores; four decodes of 40-megapixel images would hold it far longer.
    expect(login.ms, "login answered in under 5 s").toBeLessThan(5_000);
    expect(health.status).toBe(200);
    expect(health.ms, "/healthz answered in under 2 s").toBeLessThan(2_000);
    for (const answer of await uploads) {
      expect(answer.status).toBe(400);
      expect(answer.text).toContain("Gambar terlalu besar: maksimal 40 megapiksel dan 12.000 piksel per sisi.");
      expect(answer.ms).toBeLessThan(2_000);
    }
    expect(storedProofs()).toEqual([]);
  }, 180_000);

  it("a cancelled order's proof is refused from the order's state before the image is decoded", async () => {
    const { cookie } = await logIn(ani);
    const answer = await uploadProof(cookie, cancelled, tallPng());
    expect(answer.status).toBe(409);
    expect(answer.text).toContain("Pesanan ini sudah dibatalkan.");
    expect(answer.ms).toBeLessThan(2_000);
    expect(storedProofs()).toEqual([]);
  }, 180_000);
});
