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

  it("starts the boot module in one short task and each preload in a task of its own", () => {
    const html = deferHydration(page(' nonce="abc"'), "abc");
    const loader = /<script nonce="abc">(\(\(\)=>[\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
    // A browser just big enough for the loader: elements appended to head and body, a task
    // queue for setTimeout, and a largest-paint observer the test fires itself.
    type Element = { tag: string; rel?: string; href?: string; type?: string; nonce?: string; textContent?: string };
    const head: Element[] = [];
    const body: Element[] = [];
    const tasks: (() => void)[] = [];
    let paint: (() => void) | undefined;
    const inert = { nonce: "abc", textContent: 'import * as route0 from "/assets/root.js";' };
    class PerformanceObserver {
      static supportedEntryTypes = ["largest-contentful-paint", "paint"];
      constructor(private callback: () => void) {}
      observe() {
        paint = this.callback;
      }
    }
    const document = {
      documentElement: { dataset: {} },
      getElementById: (id: string) => (id === "hydrate" ? inert : null),
      createElement: (tag: string): Element => ({ tag }),
      head: { appendChild: (e: Element) => head.push(e) },
      body: { appendChild: (e: Element) => body.push(e) },
    };
    const setTimeout = (fn: () => void, ms = 0) => {
      if (ms < 3000) tasks.push(fn); // the 3 s fallback never comes in this test
    };
    class MutationObserver {
      observe() {}
    }
    const run = new Function(
      "window",
      "document",
      "PerformanceObserver",
      "MutationObserver",
      "setTimeout",
      "requestAnimationFrame",
      "addEventListener",
      "Element",
      loader,
    );
    run(
      { PerformanceObserver },
      document,
      PerformanceObserver,
      MutationObserver,
      setTimeout,
      () => {},
      () => {},
      Object,
    );

    expect(body).toEqual([]); // nothing before the largest paint
    paint?.();
    tasks.shift()?.(); // the task after the paint entry: the boot module only
    expect(body).toEqual([
      { tag: "script", type: "module", nonce: "abc", textContent: 'import * as route0 from "/assets/root.js";' },
    ]);
    expect(head).toEqual([]);
    tasks.shift()?.();
    expect(head.map((l) => [l.rel, l.href])).toEqual([["modulepreload", "/assets/entry.client.js"]]);
    tasks.shift()?.();
    expect(head.map((l) => l.href)).toEqual(["/assets/entry.client.js", "/assets/framework.js"]);
    tasks.shift()?.();
    expect(head).toHaveLength(2);
    expect(tasks).toEqual([]);
    expect(body).toHaveLength(1); // started once
  });

  it("leaves a document without a boot module as it is", () => {
    const plain = "<!DOCTYPE html><html><body><p>Maaf</p></body></html>";
    expect(deferHydration(plain, "abc")).toBe(plain);
  });
});
