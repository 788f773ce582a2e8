import { describe, expect, it } from "vitest";
import { absoluteUrl, metaDescription, pageTitle, serializeJsonLd, shopNameFrom } from "./seo";

describe("serializeJsonLd", () => {
  it("escapes < so a product name cannot close the script tag", () => {
    const json = serializeJsonLd({ name: "</script><script>alert(1)</script>" });
    expect(json).not.toContain("<");
    expect(JSON.parse(json)).toEqual({ name: "</script><script>alert(1)</script>" });
  });
});

describe("metaDescription", () => {
  it("keeps short text and cuts long text at a word", () => {
    expect(metaDescription("  Kangkung   segar\n dari Jember ")).toBe("Kangkung segar dari Jember");
    const long = metaDescription("sayur ".repeat(60));
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long.endsWith("sayur…")).toBe(true);
  });
});

describe("titles and URLs", () => {
  it("names the page and the shop", () => {
    expect(pageTitle("Produk Sayur", "Sayur Jember")).toBe("Produk Sayur | Sayur Jember");
    expect(shopNameFrom([{ id: "root", data: { shop: { name: "Toko Tani" } } }])).toBe("Toko Tani");
    expect(shopNameFrom([undefined])).toBe("Sayur Jember");
  });

  it("makes image paths absolute on the shop's address", () => {
    expect(absoluteUrl("https://sayurjember.id", "/images/products/kangkung.svg")).toBe(
      "https://sayurjember.id/images/products/kangkung.svg",
    );
    expect(absoluteUrl("https://sayurjember.id", "https://cdn.example/x.png")).toBe("https://cdn.example/x.png");
  });
});
