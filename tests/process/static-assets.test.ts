// The scripts and stylesheet a page loads, as the real server sends them: the build's own
// brotli and gzip copies (written at the highest levels once, at build time) whenever the
// browser takes them, cached for a year, and the file itself otherwise.
import { readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/server";

const assetsDir = path.resolve(import.meta.dirname, "../../build/client/assets");
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

/** The bytes exactly as sent (fetch would undo the compression under test). */
function rawGet(pathName: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    const req = httpRequest(`${server.url}${pathName}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("hashed build assets", () => {
  it("are sent as the build's own brotli or gzip copy, or as the file, and cached for a year", async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const assets = [...new Set([...html.matchAll(/\/assets\/[\w.-]+\.(?:js|css)/g)].map((m) => m[0]))];
    // The home page loads the framework, its own modules and the stylesheet.
    expect(assets.some((a) => /\/framework-[\w-]+\.js$/.test(a))).toBe(true);
    expect(assets.some((a) => a.endsWith(".css"))).toBe(true);
    for (const asset of assets) {
      const file = path.join(assetsDir, path.basename(asset));
      const original = readFileSync(file);
      if (original.length < 1024) continue; // too small to be worth compressing

      const br = await rawGet(asset, { "accept-encoding": "gzip, deflate, br" });
      expect(br.status, asset).toBe(200);
      expect(br.headers["content-encoding"], asset).toBe("br");
      expect(br.body.equals(readFileSync(`${file}.br`)), `${asset}: the build's brotli copy`).toBe(true);
      expect(br.headers["cache-control"], asset).toBe("public, max-age=31536000, immutable");
      expect(br.headers["vary"], asset).toMatch(/Accept-Encoding/);

      const gz = await rawGet(asset, { "accept-encoding": "gzip" });
      expect(gz.headers["content-encoding"], asset).toBe("gzip");
      expect(gz.body.equals(readFileSync(`${file}.gz`)), `${asset}: the build's gzip copy`).toBe(true);

      const plain = await rawGet(asset, { "accept-encoding": "identity" });
      expect(plain.headers["content-encoding"], asset).toBeUndefined();
      expect(plain.body.equals(original), asset).toBe(true);
    }
  });
});
