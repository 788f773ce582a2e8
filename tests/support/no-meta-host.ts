// Every test file: a request to Meta's real Graph API host fails the test at once. The shop
// is pointed at the local fake (tests/support/fake-graph.ts) or not connected at all.
// Files that share a worker (the `db` project) run this once each: wrap the real fetch, once.
const shared = globalThis as typeof globalThis & { __realFetch?: typeof fetch };
const realFetch = (shared.__realFetch ??= globalThis.fetch);
const META_HOSTS = /(^|\.)(graph\.facebook\.com|graph\.whatsapp\.com|facebook\.com)$/i;

globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (META_HOSTS.test(url.hostname))
    throw new Error(`A test tried to call Meta (${url.hostname}); point WHATSAPP_GRAPH_URL at the fake Graph API.`);
  return realFetch(input, init);
};
