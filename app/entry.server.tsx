import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import {
  ServerRouter,
  type EntryContext,
  type HandleDataRequestFunction,
  type HandleErrorFunction,
} from "react-router";
import { loadLaterParts } from "~/components/hydrate-later";
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

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  // The parts the browser hydrates later (footer, error message) are loaded before the render,
  // so it draws them at once instead of suspending on their module in a process's first
  // render; already resolved after that.
  await loadLaterParts();
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
        // The document is sent whole (onAllReady), so React must not send a finished Suspense
        // part after the rest either: by default any part over 500 bytes that comes after 12.8 kB
        // of page (the footer, on every shop page) is written as a hidden template plus an
        // inline script that moves it in place: more bytes, and a script the CSP must allow.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
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
