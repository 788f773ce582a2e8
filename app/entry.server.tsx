import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import {
  ServerRouter,
  type EntryContext,
  type HandleDataRequestFunction,
  type HandleErrorFunction,
} from "react-router";
import { NonceProvider } from "~/lib/nonce";
import { deferHydration } from "~/server/defer-hydration.server";
import { log } from "~/server/logger.server";
import { applySecurityHeaders, createNonce } from "~/server/security-headers.server";
export { baseSecurityHeaders } from "~/server/security-headers.server";
export { canonicalCookieHeader } from "~/server/cookies.server";
export { runWithRequestId } from "~/server/logger.server";
export { immediatePageCacheAnswer, lookUpPageCache, pageCacheStats } from "~/server/page-cache.server";
export { visitorResponse } from "~/server/visitor.server";
export { registerRouteDeclarations } from "~/server/http-cache.server";

// The server entry (server/app.mjs) starts and stops the database through these.
export { runControlCommand, startServices, stopServices, checkHealth } from "~/server/lifecycle.server";
export { crossSiteRefusal, isCrossSiteMutation, malformedUrlPage } from "~/server/request-guard.server";
export { closeOrderEventStreams } from "~/server/orders/events.server";

export const streamTimeout = 10_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  const nonce = createNonce();
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Whole documents, not streamed shells: pages are complete before any JavaScript runs.
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          shellRendered = true;
          // The whole document is ready: collect it, move the hydration scripts past the first
          // paint (defer-hydration.server.ts), then send it.
          const body = new PassThrough();
          const chunks: Buffer[] = [];
          body.on("data", (chunk: Buffer) => chunks.push(chunk));
          body.on("error", reject);
          body.on("end", () => {
            const html = deferHydration(Buffer.concat(chunks).toString("utf8"), nonce);
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            applySecurityHeaders(responseHeaders, nonce);
            resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
          });
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) log.error("render error", { error, url: new URL(request.url).pathname });
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

export const handleDataRequest: HandleDataRequestFunction = (response) => {
  applySecurityHeaders(response.headers);
  return response;
};

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  log.error("request failed", { error, method: request.method, path: new URL(request.url).pathname });
};
