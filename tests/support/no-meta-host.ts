// Every test file: a request to Meta's real Graph API host fails the test at once. The shop
// is pointed at the local fake (tests/support/fake-graph.ts) or not connected at all.
const realFetch = globalThis.fetch;
const META_HOSTS = /(^|\.)(graph\.facebook\.com|graph\.whatsapp\.com|facebook\.com)$/i;

globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (META_HOSTS.test(url.hostname))
    throw new Error(`A test tried to call Meta (${url.hostname}); point WHATSAPP_GRAPH_URL at the fake Graph API.`);
  return realFetch(input, init);
};
