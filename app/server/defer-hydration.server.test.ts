import { describe, expect, it } from "vitest";
import { deferHydration } from "./defer-hydration.server";

const page = (nonce: string) =>
  `<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/app.css"/>` +
  `<link rel="modulepreload" href="/assets/entry.client.js"${nonce}/><link rel="modulepreload" href="/assets/framework.js"${nonce}/>` +
  `</head><body><h1>Sayur Segar</h1><script${nonce}>window.__reactRouterContext = {};</script>` +
  `<script${nonce} type="module" async="">import * as route0 from "/assets/root.js";\nwindow.x = "$&";\nimport("/assets/entry.client.js");</script></body></html>`;

describe("deferHydration", () => {
  it("drops the preloads and turns the boot module into inert text started after the largest paint", () => {
    const html = deferHydration(page(' nonce="abc"'), "abc");
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    expect(html).toContain(
      '<script nonce="abc" type="text/x-deferred-module" id="hydrate">import * as route0 from "/assets/root.js";\nwindow.x = "$&";',
    );
    const loader = /<script nonce="abc">(\(\(\)=>[\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
    expect(loader).toContain('["/assets/entry.client.js","/assets/framework.js"]');
    expect(loader).toContain('observe({type:"largest-contentful-paint",buffered:true})');
    // The page itself is untouched before the scripts.
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    expect(html).toContain('<h1>Sayur Segar</h1><script nonce="abc">window.__reactRouterContext = {};</script>');
  });

  it("leaves a document without a boot module as it is", () => {
    const plain = "<!DOCTYPE html><html><body><p>Maaf</p></body></html>";
    expect(deferHydration(plain, "abc")).toBe(plain);
  });
});
