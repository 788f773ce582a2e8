// A small S3-compatible server on 127.0.0.1 for tests: checks every request's AWS Signature V4
// and payload hash as a real store does, keeps objects in memory, and answers PUT, GET, HEAD,
// DELETE, ListObjectsV2 and the multipart upload calls (start, part, complete, abort).
import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { AwsV4Signer } from "aws4fetch";
import type { S3Config } from "~/server/config.server";

export type SeenRequest = { method: string; path: string; query: string; bytes: number };

export type FakeS3 = {
  settings: S3Config;
  /** Objects by key (without the bucket). */
  objects: Map<string, Buffer>;
  seen: SeenRequest[];
  /** Multipart uploads started and neither completed nor aborted. */
  openUploads: () => number;
  close: () => Promise<void>;
};

export async function startFakeS3(bucket = "sayur"): Promise<FakeS3> {
  const settings = {
    endpoint: "",
    bucket,
    region: "auto",
    accessKeyId: "AKIATESTFAKE",
    secretAccessKey: "fake-secret",
  };
  const objects = new Map<string, Buffer>();
  const uploads = new Map<string, { key: string; parts: Map<number, Buffer> }>();
  const seen: SeenRequest[] = [];

  async function signatureValid(req: http.IncomingMessage, body: Buffer) {
    const auth = String(req.headers.authorization ?? "");
    const signedHeaders = /SignedHeaders=([^,]+)/.exec(auth)?.[1]?.split(";") ?? [];
    const headers: Record<string, string> = {};
    for (const name of signedHeaders) if (name !== "host") headers[name] = String(req.headers[name] ?? "");
    const signer = new AwsV4Signer({
      method: req.method,
      url: `${settings.endpoint}${req.url}`,
      headers,
      body: body.length > 0 ? new Uint8Array(body) : undefined,
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
      region: settings.region,
      service: "s3",
      datetime: String(req.headers["x-amz-date"]),
    });
    const signed = await signer.sign();
    const hashOk = req.headers["x-amz-content-sha256"] === createHash("sha256").update(body).digest("hex");
    return hashOk && signed.headers.get("authorization") === auth;
  }

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? "/", "http://fake");
    seen.push({ method: req.method ?? "", path: url.pathname, query: url.search, bytes: body.length });
    if (!(await signatureValid(req, body))) {
      res.writeHead(403).end("<Error><Code>SignatureDoesNotMatch</Code></Error>");
      return;
    }
    const prefix = `/${bucket}/`;
    if (url.pathname === `/${bucket}` && req.method === "GET") {
      const wanted = url.searchParams.get("prefix") ?? "";
      const contents = [...objects.entries()]
        .filter(([key]) => key.startsWith(wanted))
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, data]) => `<Contents><Key>${key}</Key><Size>${data.length}</Size></Contents>`);
      res
        .writeHead(200, { "Content-Type": "application/xml" })
        .end(`<ListBucketResult><IsTruncated>false</IsTruncated>${contents.join("")}</ListBucketResult>`);
      return;
    }
    if (!url.pathname.startsWith(prefix)) {
      res.writeHead(404).end("<Error><Code>NoSuchBucket</Code></Error>");
      return;
    }
    const key = decodeURIComponent(url.pathname.slice(prefix.length));
    const uploadId = url.searchParams.get("uploadId");
    if (req.method === "POST" && url.searchParams.has("uploads")) {
      const id = randomBytes(8).toString("hex");
      uploads.set(id, { key, parts: new Map() });
      res
        .writeHead(200)
        .end(`<InitiateMultipartUploadResult><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`);
    } else if (uploadId && !uploads.has(uploadId)) {
      res.writeHead(404).end("<Error><Code>NoSuchUpload</Code></Error>");
    } else if (req.method === "PUT" && uploadId) {
      const part = Number(url.searchParams.get("partNumber"));
      uploads.get(uploadId)!.parts.set(part, body);
      res.writeHead(200, { ETag: `"${createHash("md5").update(body).digest("hex")}"` }).end();
    } else if (req.method === "POST" && uploadId) {
      const upload = uploads.get(uploadId)!;
      const numbers = [...body.toString().matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((m) => Number(m[1]));
      const parts = numbers.map((n) => upload.parts.get(n));
      if (parts.some((p) => !p)) {
        res.writeHead(400).end("<Error><Code>InvalidPart</Code></Error>");
        return;
      }
      objects.set(upload.key, Buffer.concat(parts as Buffer[]));
      uploads.delete(uploadId);
      res.writeHead(200).end(`<CompleteMultipartUploadResult><Key>${key}</Key></CompleteMultipartUploadResult>`);
    } else if (req.method === "DELETE" && uploadId) {
      uploads.delete(uploadId);
      res.writeHead(204).end();
    } else if (req.method === "PUT") {
      objects.set(key, body);
      res.writeHead(200).end();
    } else if (req.method === "GET" || req.method === "HEAD") {
      const object = objects.get(key);
      if (!object) res.writeHead(404).end(req.method === "GET" ? "<Error><Code>NoSuchKey</Code></Error>" : undefined);
      else
        res.writeHead(200, { "Content-Length": String(object.length) }).end(req.method === "GET" ? object : undefined);
    } else if (req.method === "DELETE") {
      objects.delete(key);
      res.writeHead(204).end();
    } else res.writeHead(405).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  settings.endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    settings,
    objects,
    seen,
    openUploads: () => uploads.size,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
