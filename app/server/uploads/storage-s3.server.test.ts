// The bucket backend against a tiny fake S3 server that checks every request's AWS
// Signature V4 the way a real store does, so a wrong key or a tampered body is refused.
import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { AwsV4Signer } from "aws4fetch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.server";
import { S3Storage } from "./storage.server";

const ACCESS_KEY = "AKIATESTFAKE";
const SECRET = "fake-secret-key-for-tests";
const REGION = "auto";

type Seen = { method: string; path: string; signatureValid: boolean; payloadHashValid: boolean };
const objects = new Map<string, { body: Buffer; type: string }>();
const seen: Seen[] = [];
let server: http.Server;
let endpoint: string;

async function expectedAuthorization(req: http.IncomingMessage, body: Buffer): Promise<string> {
  const auth = String(req.headers.authorization ?? "");
  const signedHeaders = /SignedHeaders=([^,]+)/.exec(auth)?.[1]?.split(";") ?? [];
  const headers: Record<string, string> = {};
  for (const name of signedHeaders) if (name !== "host") headers[name] = String(req.headers[name] ?? "");
  const signer = new AwsV4Signer({
    method: req.method,
    url: `${endpoint}${req.url}`,
    headers,
    body: body.length > 0 ? new Uint8Array(body) : undefined,
    accessKeyId: ACCESS_KEY,
    secretAccessKey: SECRET,
    region: REGION,
    service: "s3",
    datetime: String(req.headers["x-amz-date"]),
  });
  const signed = await signer.sign();
  return signed.headers.get("authorization") ?? "";
}

beforeAll(async () => {
  server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const declaredHash = String(req.headers["x-amz-content-sha256"] ?? "");
    const signatureValid = (await expectedAuthorization(req, body)) === req.headers.authorization;
    const payloadHashValid = declaredHash === createHash("sha256").update(body).digest("hex");
    seen.push({ method: req.method ?? "", path: req.url ?? "", signatureValid, payloadHashValid });
    if (!signatureValid || !payloadHashValid) {
      res.writeHead(403).end("<Error><Code>SignatureDoesNotMatch</Code></Error>");
      return;
    }
    const key = req.url ?? "";
    if (req.method === "PUT") {
      objects.set(key, { body, type: String(req.headers["content-type"]) });
      res.writeHead(200).end();
    } else if (req.method === "GET") {
      const object = objects.get(key);
      if (!object) res.writeHead(404).end("<Error><Code>NoSuchKey</Code></Error>");
      else res.writeHead(200, { "Content-Type": object.type }).end(object.body);
    } else if (req.method === "DELETE") {
      objects.delete(key);
      res.writeHead(204).end();
    } else res.writeHead(405).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");

describe("S3-compatible storage", () => {
  it("puts, gets and deletes a file with signed requests, path-style in the bucket", async () => {
    const storage = new S3Storage({
      endpoint,
      bucket: "sayur",
      region: REGION,
      accessKeyId: ACCESS_KEY,
      secretAccessKey: SECRET,
    });
    await storage.put("products/abc123.png", PNG);
    expect(objects.get("/sayur/products/abc123.png")).toEqual({ body: PNG, type: "image/png" });

    expect(await storage.get("products/abc123.png")).toEqual({ data: PNG, contentType: "image/png" });
    expect(await storage.get("products/missing.png")).toBeNull();

    await storage.delete("products/abc123.png");
    expect(objects.has("/sayur/products/abc123.png")).toBe(false);
    await storage.delete("products/abc123.png");

    expect(seen.map((s) => s.method)).toEqual(["PUT", "GET", "GET", "DELETE", "DELETE"]);
    expect(seen.every((s) => s.signatureValid && s.payloadHashValid)).toBe(true);
  });

  it("fails loudly when the bucket refuses the credentials, and never sends a bad key", async () => {
    const wrong = new S3Storage({
      endpoint,
      bucket: "sayur",
      region: REGION,
      accessKeyId: ACCESS_KEY,
      secretAccessKey: "not-the-secret",
    });
    await expect(wrong.put("products/x1.png", PNG)).rejects.toThrow(/403/);
    const right = new S3Storage({
      endpoint,
      bucket: "sayur",
      region: REGION,
      accessKeyId: ACCESS_KEY,
      secretAccessKey: SECRET,
    });
    await expect(right.put("../etc/passwd.png", PNG)).rejects.toThrow(/invalid storage key/);
    expect(await right.get("../etc/passwd.png")).toBeNull();
  });
});

describe("storage settings", () => {
  it("uses the bucket only when every S3 setting is given, and names what is missing", () => {
    expect(loadConfig({ DATA_DIR: "/tmp/x" }).s3).toBeUndefined();
    const full = loadConfig({
      S3_ENDPOINT: "https://s3.example.com/",
      S3_BUCKET: "b",
      S3_ACCESS_KEY_ID: "k",
      S3_SECRET_ACCESS_KEY: "s",
    }).s3;
    expect(full).toEqual({
      endpoint: "https://s3.example.com",
      bucket: "b",
      region: "us-east-1",
      accessKeyId: "k",
      secretAccessKey: "s",
    });
    expect(() => loadConfig({ S3_BUCKET: "b" })).toThrow(/S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/);
  });
});
