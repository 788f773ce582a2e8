// Shopping without an account, at a phone size and a desktop size: browse, filter, search,
// sort, open a product, fill and change the cart, and survive odd input. The tests find
// their products through the screens (the sample catalog may change), never by fixed names.
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP, hasChromium, newContext, PHONE, trackPageErrors, waitForHydration } from "../support/browser";
import { setupBrowserShop } from "../support/browser-shop";

const shop = setupBrowserShop();

/** Rupiah as shown ("Rp 12.000") to a number. */
function rupiah(text: string | null): number {
  return Number((text ?? "").replace(/\D/g, ""));
}

async function open(page: Page, path: string) {
  const response = await page.goto(`${shop.url}${path}`);
  await waitForHydration(page);
  return response;
}

const cards = (page: Page) => page.getByTestId("product-card");

async function cardPrices(page: Page): Promise<number[]> {
  return (await cards(page).getByTestId("price").allTextContents()).map(rupiah);
}

/** The category line of every card (the small text above the name). */
async function cardCategories(page: Page): Promise<string[]> {
  return cards(page).evaluateAll((list) =>
    list.map(
      (card) => card.querySelector('[data-testid="product-name"]')?.previousElementSibling?.textContent?.trim() ?? "",
    ),
  );
}

/** Waits for a client navigation to settle on a URL matching `test`. */
async function settled(page: Page, test: (url: URL) => boolean) {
  await page.waitForURL(test);
  await page
    .getByTestId("result-count")
    .filter({ hasText: /\d+ produk/ })
    .waitFor();
}

function visibleBadge(page: Page): Locator {
  return page.locator('[data-testid="cart-badge"]:visible');
}

for (const [label, size] of [
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const) {
  describe.skipIf(!hasChromium)(`catalog at ${label} size`, () => {
    it("lists products in the server HTML and filters by category and price, searches and sorts", async () => {
      const context = await newContext(shop.browser, size);
      const page = await context.newPage();
      const errors = trackPageErrors(page);

      // Before any JavaScript: the list is in the HTML the server sent.
      const html = await (await fetch(`${shop.url}/products`)).text();
      expect(html).toContain('data-testid="product-card"');

      await open(page, "/products");
      await expect.poll(() => page.getByRole("heading", { level: 1, name: "Produk Sayur" }).isVisible()).toBe(true);
      const total = await cards(page).count();
      expect(total).toBeGreaterThan(3);
      // Every card's quantity reads whole, a weight ('0,25 kg') too, and its add button sits
      // inside the card: the controls follow the card's width, whatever the window's.
      const controls = await cards(page).evaluateAll((list) =>
        list.flatMap((card) => {
          const input = card.querySelector("input");
          const button = card.querySelector("button[aria-label$='ke keranjang']");
          if (!input || !button) return []; // sold out: no controls
          const right = card.getBoundingClientRect().right;
          return [
            {
              value: input.value,
              whole: input.scrollWidth <= input.clientWidth,
              inside: button.getBoundingClientRect().right <= right + 0.5,
            },
          ];
        }),
      );
      expect(controls.some((c) => c.value.endsWith("kg"))).toBe(true);
      expect(controls.filter((c) => !c.whole || !c.inside)).toEqual([]);
      const names = await cards(page).getByTestId("product-name").allTextContents();
      expect(names.map((n) => n.toLowerCase())).toEqual([...names.map((n) => n.toLowerCase())].sort());

      // Category: every card shown belongs to the chosen category.
      const categoryName = (await cardCategories(page)).find(Boolean)!;
      if (label === "desktop") {
        await page
          .getByRole("navigation", { name: "Filter kategori" })
          .getByRole("link", { name: categoryName, exact: true })
          .click();
      } else {
        await page.getByTestId("filter-button").click();
        await page.getByRole("dialog").getByLabel(categoryName, { exact: true }).check();
        await page.getByRole("button", { name: "Terapkan" }).click();
      }
      await settled(page, (url) => url.searchParams.has("category"));
      const inCategory = await cardCategories(page);
      expect(inCategory.length).toBeGreaterThan(0);
      expect(inCategory.length).toBeLessThan(total);
      expect(new Set(inCategory)).toEqual(new Set([categoryName]));
      if (label === "phone") {
        await expect.poll(() => page.getByTestId("filter-count").textContent()).toContain("1");
        await expect.poll(() => page.getByTestId("active-filters").getByText(categoryName).isVisible()).toBe(true);
      }
      // A reload of the same URL shows the same list, from the server.
      await page.reload();
      await waitForHydration(page);
      expect(await cardCategories(page)).toEqual(inCategory);
      if (label === "phone") {
        // Reset in the sheet clears every choice; Terapkan shows everything again.
        await page.getByTestId("filter-button").click();
        await page.getByRole("button", { name: "Reset" }).click();
        await expect
          .poll(() => page.getByRole("dialog").getByLabel(categoryName, { exact: true }).isChecked())
          .toBe(false);
        await page.getByRole("button", { name: "Terapkan" }).click();
        await page.waitForURL((url) => url.pathname === "/products" && url.search === "");
        await expect.poll(() => cards(page).count()).toBe(total);
        await expect.poll(() => page.getByTestId("filter-count").count()).toBe(0);
      }
      // Price range: only products paid under Rp10.000, across all categories.
      await open(page, "/products");
      if (label === "desktop") {
        await page.getByLabel("Harga", { exact: true }).selectOption("under-10k");
      } else {
        await page.getByTestId("filter-button").click();
        await page
          .getByRole("dialog")
          .getByLabel(/Di bawah/)
          .check();
        await page.getByRole("button", { name: "Terapkan" }).click();
      }
      await settled(page, (url) => url.searchParams.get("price") === "under-10k");
      const cheap = await cardPrices(page);
      expect(cheap.length).toBeGreaterThan(0);
      expect(cheap.every((p) => p < 10_000)).toBe(true);

      // Sort by price, both ways.
      await open(page, "/products");
      if (label === "desktop") {
        await page.getByLabel("Urutkan", { exact: true }).selectOption("price-asc");
      } else {
        await page.getByTestId("quick-price-toggle").click();
      }
      await settled(page, (url) => url.searchParams.get("sort") === "price-asc");
      const ascending = await cardPrices(page);
      expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
      if (label === "desktop") {
        await page.getByLabel("Urutkan", { exact: true }).selectOption("price-desc");
      } else {
        await expect.poll(() => page.getByTestId("quick-price-toggle").textContent()).toContain("Termurah");
        await page.getByTestId("quick-price-toggle").click();
      }
      await settled(page, (url) => url.searchParams.get("sort") === "price-desc");
      // One page of each order: the dearest come first now, none cheaper than the cheapest page's dearest.
      const descending = await cardPrices(page);
      expect(descending).toEqual([...descending].sort((a, b) => b - a));
      expect(descending[0]).toBeGreaterThanOrEqual(Math.max(...ascending));
      if (label === "phone")
        await expect.poll(() => page.getByTestId("quick-price-toggle").textContent()).toContain("Termahal");

      // Search: a case-insensitive part of a name finds it; the URL keeps the search.
      const target = names[0];
      const word = target.split(" ").reduce((a, b) => (b.length > a.length ? b : a));
      const fragment = word.slice(1, 5).toUpperCase();
      await open(page, "/products");
      await page.getByRole("combobox", { name: "Cari produk" }).fill(fragment);
      await page.getByRole("combobox", { name: "Cari produk" }).press("Enter");
      await settled(page, (url) => url.searchParams.get("q") === fragment);
      const found = await cards(page).getByTestId("product-name").allTextContents();
      expect(found).toContain(target);
      expect(found.every((n) => n.toLowerCase().includes(fragment.toLowerCase()))).toBe(true);

      // Nothing found: the empty state and its reset.
      await page.getByRole("combobox", { name: "Cari produk" }).fill("zzz tidak ada zzz");
      await page.getByRole("combobox", { name: "Cari produk" }).press("Enter");
      await page.getByRole("heading", { name: "Produk Tidak Ditemukan" }).waitFor();
      await page.getByRole("link", { name: "Reset Filter" }).click();
      await page.waitForURL((url) => url.pathname === "/products" && url.search === "");
      await cards(page).first().waitFor();
      await expect.poll(() => cards(page).count()).toBe(total);

      expect(errors.filter((e) => !e.includes("Failed to load resource"))).toEqual([]);
      await context.close();
    });
  });
}

// The cart is behaviour, not layout: one size is enough (the filters above differ by size).
describe.skipIf(!hasChromium)("catalog on a phone", () => {
  it("adds products to the cart, changes quantities, removes them, and keeps the cart across a reload", async () => {
    const context = await newContext(shop.browser, PHONE);
    const page = await context.newPage();
    const errors = trackPageErrors(page);

    // A discounted product in stock, opened from the list (on whichever page it is).
    const discountedCards = () =>
      cards(page)
        .filter({ has: page.getByTestId("original-price") })
        .filter({ hasNot: page.getByText("Stok Habis") });
    await open(page, "/products");
    for (let listPage = 2; (await discountedCards().count()) === 0 && listPage < 10; listPage++)
      await open(page, `/products?page=${listPage}`);
    const discounted = discountedCards().first();
    const name = (await discounted.getByTestId("product-name").textContent())!.trim();
    const paid = rupiah(await discounted.getByTestId("price").textContent());
    const original = rupiah(await discounted.getByTestId("original-price").textContent());
    expect(paid).toBeLessThan(original);
    await discounted.getByTestId("product-name").locator("a").click();
    await page.waitForURL(/\/products\/[^/]+$/);
    await page.getByRole("heading", { level: 1, name }).waitFor();
    const percent = Math.round((1 - paid / original) * 100);
    await expect.poll(() => page.getByText(new RegExp(`^\\d+% OFF$`)).first().textContent()).toMatch(/\d+% OFF/);
    expect(
      Math.abs(
        Number(
          (await page
            .getByText(/^\d+% OFF$/)
            .first()
            .textContent())!.replace(/\D/g, ""),
        ) - percent,
      ),
    ).toBeLessThanOrEqual(1);
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Produk" }).waitFor();
    for (const tab of ["Deskripsi", "Informasi", "Pengiriman"]) await page.getByRole("tab", { name: tab }).waitFor();
    await page.getByRole("tab", { name: "Pengiriman" }).click();
    await page.getByText(/05:00 - 07:00/).waitFor();

    // The quantity is bounded by the stock: a typed 9999 becomes the stock.
    const stepper = page.getByRole("textbox", { name: `Jumlah ${name}`, exact: true });
    const stock = Number((await page.getByTestId("stock").textContent())!.replace(/\D/g, ""));
    await stepper.fill("9999");
    await stepper.press("Enter");
    await expect.poll(() => stepper.inputValue()).toBe(String(stock));
    await expect.poll(() => page.getByRole("button", { name: "Tambah jumlah" }).first().isDisabled()).toBe(true);
    await stepper.fill("1");
    await stepper.press("Enter");

    // Quantity 2, then add: the notice, the badge, and the stepper still at what was chosen.
    await expect.poll(() => page.getByRole("button", { name: "Kurangi jumlah" }).first().isDisabled()).toBe(true);
    await page.getByRole("button", { name: "Tambah jumlah" }).first().click();
    await expect.poll(() => stepper.inputValue()).toBe("2");
    await page.getByRole("button", { name: "Tambah ke Keranjang" }).click();
    await page.getByTestId("toast").filter({ hasText: "Produk Ditambahkan" }).waitFor();
    await page.getByText(`${name} telah ditambahkan ke keranjang belanja.`).waitFor();
    await page.getByTestId("toast").getByRole("link", { name: "Lihat Keranjang" }).waitFor();
    await expect.poll(() => stepper.inputValue()).toBe("2");
    // The badge counts products, not pieces: 2 of one product is one product.
    await expect.poll(() => visibleBadge(page).textContent()).toBe("1");

    // A second product from the list, with its card's own button.
    await open(page, "/products");
    const other = cards(page)
      .filter({ hasNot: page.getByText("Stok Habis") })
      .filter({ hasNotText: name })
      .first();
    const otherName = (await other.getByTestId("product-name").textContent())!.trim();
    await other.getByRole("button", { name: `Tambah ${otherName} ke keranjang` }).click();
    await page.getByText(`${otherName} telah ditambahkan ke keranjang belanja.`).waitFor();
    await expect.poll(() => visibleBadge(page).textContent()).toBe("2");

    // The cart: discounted unit price, totals, quantity changes.
    await open(page, "/cart");
    const lines = page.getByTestId("cart-line");
    await lines.first().waitFor();
    await expect.poll(() => lines.count()).toBe(2);
    const first = lines.filter({ hasText: name });
    await expect.poll(() => first.getByTestId("unit-price").textContent().then(rupiah)).toBe(paid);
    await expect.poll(() => first.getByTestId("line-subtotal").textContent().then(rupiah)).toBe(paid * 2);
    await first.getByRole("button", { name: "Tambah jumlah" }).click();
    await expect.poll(() => first.getByTestId("line-subtotal").textContent().then(rupiah)).toBe(paid * 3);
    await first.getByRole("button", { name: "Kurangi jumlah" }).click();
    await first.getByRole("button", { name: "Kurangi jumlah" }).click();
    await expect.poll(() => first.getByRole("textbox", { name: /^Jumlah / }).inputValue()).toBe("1");
    await expect.poll(() => first.getByRole("button", { name: "Kurangi jumlah" }).isDisabled()).toBe(true);
    await first.getByRole("button", { name: "Tambah jumlah" }).click();
    const subtotals = (await lines.getByTestId("line-subtotal").allTextContents()).map(rupiah);
    await expect
      .poll(() => page.getByTestId("cart-total").textContent().then(rupiah))
      .toBe(subtotals[0] + subtotals[1]);
    await page.getByText("Ringkasan Order").waitFor();
    // The fee depends on the area, chosen at checkout.
    await page.getByText("Dihitung saat checkout").waitFor();
    await page.getByText("*Belum termasuk biaya pengiriman").waitFor();
    // A visitor goes on to checkout itself, where the account is made or signed in to.
    await expect
      .poll(() => page.locator("#konten").getByRole("link", { name: "Lanjut Pesan", exact: true }).getAttribute("href"))
      .toBe("/checkout");
    await page.getByText("Belum punya akun? Buat langsung saat memesan, tanpa formulir lain.").waitFor();

    // Reload: the same lines and quantities, restored from the browser's storage.
    await page.reload();
    await waitForHydration(page);
    await lines.first().waitFor();
    await expect.poll(() => lines.count()).toBe(2);
    await expect.poll(() => first.getByRole("textbox", { name: /^Jumlah / }).inputValue()).toBe("2");
    await expect.poll(() => visibleBadge(page).textContent()).toBe("2");

    // Remove one line, then empty the cart.
    await first.getByRole("button", { name: `Hapus ${name}` }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByText("Item Dihapus").waitFor();
    await dialog.getByText(`${name} telah dihapus dari keranjang.`).waitFor();
    await dialog.getByRole("button", { name: "OK" }).click();
    await expect.poll(() => lines.count()).toBe(1);
    await page.getByRole("button", { name: "Hapus Semua" }).click();
    await dialog.getByText("Keranjang Dikosongkan").waitFor();
    await dialog.getByText("Semua item telah dihapus dari keranjang.").waitFor();
    await dialog.getByRole("button", { name: "OK" }).click();
    await page.getByRole("heading", { name: "Keranjang Anda Kosong" }).waitFor();
    await expect.poll(() => page.getByRole("link", { name: "Mulai Belanja" }).getAttribute("href")).toBe("/products");
    await expect.poll(() => visibleBadge(page).count()).toBe(0);
    await page.reload();
    await waitForHydration(page);
    await page.getByRole("heading", { name: "Keranjang Anda Kosong" }).waitFor();

    expect(errors.filter((e) => !e.includes("Failed to load resource"))).toEqual([]);
    await context.close();
  });

  it("does not let a sold-out product be added", async () => {
    const context = await newContext(shop.browser, PHONE);
    const page = await context.newPage();
    await open(page, "/products");
    const soldOut = cards(page)
      .filter({ has: page.getByRole("button", { name: /stok habis/i }) })
      .first();
    const name = (await soldOut.getByTestId("product-name").textContent())!.trim();
    await expect.poll(() => soldOut.getByRole("button", { name: /stok habis/i }).isDisabled()).toBe(true);
    await expect.poll(() => soldOut.getByRole("button", { name: /ke keranjang/ }).count()).toBe(0);

    await soldOut.getByTestId("product-name").locator("a").click();
    await page.getByRole("heading", { level: 1, name }).waitFor();
    await expect.poll(() => page.getByTestId("stock").textContent()).toBe("Stok Habis");
    // In its place: 'Kabari Saya', to hear when it is back.
    await page.getByRole("button", { name: "Kabari Saya" }).waitFor();
    await expect.poll(() => page.getByRole("button", { name: "Tambah ke Keranjang" }).count()).toBe(0);
    await expect.poll(() => page.evaluate(() => localStorage.getItem("cart"))).toBe("[]");
    await context.close();
  });
});

describe.skipIf(!hasChromium)("catalog edge cases", () => {
  it("survives a corrupt or hand-edited cart in localStorage", async () => {
    const context = await newContext(shop.browser, PHONE);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await open(page, "/");
    await page.evaluate(() => localStorage.setItem("cart", "{not json"));
    await open(page, "/cart");
    await page.getByRole("heading", { name: "Keranjang Anda Kosong" }).waitFor();

    // One good line among broken ones: only the good one stays.
    await open(page, "/products");
    const product = await cards(page)
      .filter({ hasNot: page.getByText("Stok Habis") })
      .first()
      .evaluate((card) => card.querySelector('[data-testid="product-name"] a')?.getAttribute("href"));
    const slug = product!.split("/").pop()!;
    const good = {
      product: {
        id: "00000000-0000-4000-8000-000000000000",
        name: "Kangkung Lama",
        price: 1,
        image_url: null,
        discount: 0,
        stock: 1,
        unit: "pcs",
        slug,
      },
      quantity: 2,
    };
    await page.evaluate((good) => {
      localStorage.setItem(
        "cart",
        JSON.stringify([
          good,
          { product: { id: 5 }, quantity: -1 },
          { quantity: 1.5 },
          null,
          "x",
          { product: good.product, quantity: 1e9 },
        ]),
      );
    }, good);
    await open(page, "/cart");
    await page.getByTestId("cart-line").first().waitFor();
    await expect.poll(() => page.getByTestId("cart-line").count()).toBe(1);
    // The shop does not sell this id: the line says so and checkout waits.
    await page.getByText("Produk ini sudah tidak tersedia.", { exact: false }).waitFor();
    expect(errors.filter((e) => !e.includes("Failed to load resource"))).toEqual([]);
    await context.close();
  });

  it("does not write an unchanged cart back when a page opens, so a cart stored meanwhile is kept", async () => {
    const context = await newContext(shop.browser, PHONE);
    // Every write of the cart to local storage, counted in the page itself.
    await context.addInitScript(() => {
      const setItem = Storage.prototype.setItem;
      (window as unknown as { cartWrites: number }).cartWrites = 0;
      Storage.prototype.setItem = function (key: string, value: string) {
        if (key === "cart") (window as unknown as { cartWrites: number }).cartWrites += 1;
        return setItem.call(this, key, value);
      };
    });
    const page = await context.newPage();
    const writes = () => page.evaluate(() => (window as unknown as { cartWrites: number }).cartWrites);
    await open(page, "/products");
    await cards(page)
      .filter({ hasNot: page.getByText("Stok Habis") })
      .first()
      .getByRole("button", { name: /ke keranjang/ })
      .click();
    await expect.poll(() => visibleBadge(page).textContent()).toBe("1");
    // The badge counts the tap at once; the line is in storage once the page has read the stored
    // cart and saved (on a loaded machine, later): only then may the next page be opened.
    await expect
      .poll(() => page.evaluate(() => (JSON.parse(window.localStorage.getItem("cart") ?? "[]") as unknown[]).length))
      .toBe(1);

    // A new page restores that cart (the badge shows it) and writes nothing: a write of the
    // restored lines could overwrite a cart another tab stored after the page read it.
    await open(page, "/products");
    await expect.poll(() => visibleBadge(page).textContent()).toBe("1");
    await page.waitForTimeout(300); // the save effect runs right after the restore's render
    expect(await writes()).toBe(0);
    // A change is still saved.
    await cards(page)
      .filter({ hasNot: page.getByText("Stok Habis") })
      .first()
      .getByRole("button", { name: /ke keranjang/ })
      .click();
    await expect.poll(writes).toBe(1);
    await context.close();
  });

  it("keeps a tap on 'Tambah' made before the page has read the stored cart, when the next page opens at once", async () => {
    const context = await newContext(shop.browser, PHONE);
    // The script that reads the stored cart does not arrive on the first page (a slow phone's
    // network): the tap comes before the read, and the shopper moves on at once.
    let holdReader = true;
    await context.route(/\/assets\/cart-storage-[^/]*\.js/, (route) => (holdReader ? route.abort() : route.continue()));
    const page = await context.newPage();
    await page.goto(`${shop.url}/products`);
    await page.evaluate(() =>
      localStorage.setItem(
        "cart",
        JSON.stringify([
          { product: { id: "x-lama", name: "Kol Simpanan Lama", price: 1, slug: "kol-lama" }, quantity: 1 },
        ]),
      ),
    );
    await open(page, "/products");
    const card = cards(page)
      .filter({ hasNot: page.getByText("Stok Habis") })
      .first();
    const name = (await card.getAttribute("aria-label"))!;
    await card.getByRole("button", { name: /ke keranjang/ }).click();
    await expect.poll(() => visibleBadge(page).textContent()).toBe("1");
    holdReader = false;
    await open(page, "/cart");
    // Both the tap and what was stored before it are in the cart.
    const lines = page.getByTestId("cart-line");
    await lines.filter({ hasText: name }).waitFor();
    await lines.filter({ hasText: "Kol Simpanan Lama" }).waitFor();
    expect(await lines.count()).toBe(2);
    await context.close();
  });

  it("refreshes a stale price from the server", async () => {
    const context = await newContext(shop.browser, DESKTOP);
    const page = await context.newPage();
    await open(page, "/products");
    const card = cards(page)
      .filter({ hasNot: page.getByText("Stok Habis") })
      .first();
    const paid = rupiah(await card.getByTestId("price").textContent());
    await card.getByRole("button", { name: /ke keranjang/ }).click();
    await page.getByTestId("toast").waitFor();
    // A tap before the stored cart has been read is merged into it and saved once it has.
    await expect
      .poll(() => page.evaluate(() => (JSON.parse(localStorage.getItem("cart") ?? "[]") as unknown[]).length))
      .toBe(1);
    // Someone edits the stored price down to Rp1: the cart shows today's price anyway.
    await page.evaluate(() => {
      const lines = JSON.parse(localStorage.getItem("cart")!);
      lines[0].product.price = 1;
      lines[0].product.discount = 0;
      localStorage.setItem("cart", JSON.stringify(lines));
    });
    await open(page, "/cart");
    await page.waitForFunction((expected) => {
      const el = document.querySelector('[data-testid="unit-price"]');
      return el && Number(el.textContent?.replace(/\D/g, "")) === expected;
    }, paid);
    await context.close();
  });

  it("shares a product link by copying it when the share sheet is unavailable", async () => {
    const context = await newContext(shop.browser, DESKTOP);
    await context.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, "share", { value: undefined, configurable: true });
    });
    const page = await context.newPage();
    await open(page, "/products");
    const href = await cards(page).first().getByTestId("product-name").locator("a").getAttribute("href");
    await open(page, href!);
    await page.getByRole("button", { name: "Bagikan" }).click();
    await page.getByText("URL Disalin").waitFor();
    await page.getByText("URL produk telah disalin ke clipboard.").waitFor();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(`${shop.url}${href}`);
    await context.close();
  });

  it("answers an unknown product and an unknown path with 404", async () => {
    const context = await newContext(shop.browser, PHONE);
    const page = await context.newPage();
    const response = await page.goto(`${shop.url}/products/tidak-ada-produk-ini`);
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: "Produk Tidak Ditemukan" }).waitFor();
    await page.getByText("Maaf, produk yang Anda cari tidak tersedia atau telah dihapus").waitFor();
    await expect.poll(() => page.title()).toContain("Produk Tidak Ditemukan");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Kembali ke Produk" }).click();
    await page.waitForURL((url) => url.pathname === "/products");

    const unknown = await page.goto(`${shop.url}/tidak/ada/halaman`);
    expect(unknown?.status()).toBe(404);
    await page.getByRole("heading", { name: "Halaman Tidak Ditemukan" }).waitFor();
    await context.close();
  });

  it("answers odd query parameters with a normal page", async () => {
    for (const query of [
      "category=abc",
      "sort=drop",
      `q=${"x".repeat(10_000)}`,
      "q=%25",
      "q=_",
      "q=%5C",
      "price=gratis&page=-1",
      "category=%27%20or%201%3D1",
    ]) {
      const response = await fetch(`${shop.url}/products?${query}`);
      expect(response.status, query).toBe(200);
      const html = await response.text();
      expect(html).toContain("Produk Sayur");
    }
    const wild = await (await fetch(`${shop.url}/products?q=%25`)).text();
    expect(wild).toContain("Produk Tidak Ditemukan");
    for (const path of ["/category/tidak-ada", "/categories/tidak-ada", "/products/%00", "/category/%00"]) {
      expect((await fetch(`${shop.url}${path}`)).status, path).toBe(404);
    }

    // The cart's price check takes at most 100 ids and ignores ones that are not product ids.
    const junk = await fetch(`${shop.url}/api/cart-products?ids=abc,%25,${"z".repeat(500)}`);
    expect(junk.status).toBe(200);
    expect(await junk.json()).toEqual({ products: [] });
    const many = Array.from({ length: 101 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`).join(
      ",",
    );
    expect((await fetch(`${shop.url}/api/cart-products?ids=${many}`)).status).toBe(400);
  });

  it("has the home page's featured products, states and categories", async () => {
    const context = await newContext(shop.browser, PHONE);
    const page = await context.newPage();
    await open(page, "/");
    await page.getByRole("heading", { name: "Produk Pilihan" }).waitFor();
    const featured = await cards(page).count();
    expect(featured).toBeGreaterThan(0);
    expect(featured).toBeLessThanOrEqual(4);
    await expect.poll(() => cards(page).getByText("Pilihan", { exact: true }).count()).toBe(featured);
    await page.getByRole("link", { name: "Lihat Kategori" }).click();
    await page.waitForURL((url) => url.pathname === "/categories");
    const category = page.locator("main ul a").first();
    const categoryName = (await category.locator("span span").first().textContent())!;
    await category.click();
    await page.waitForURL(/\/category\/[^/]+$/);
    await page.getByRole("heading", { level: 1, name: categoryName }).waitFor();
    await context.close();
  });

  it("redirects old category links and serves the sitemap, robots.txt, favicon and product previews", async () => {
    const sitemap = await (await fetch(`${shop.url}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${shop.url}/</loc>`);
    expect(sitemap).toContain(`<loc>${shop.url}/products</loc>`);
    expect(sitemap).toContain(`<loc>${shop.url}/categories</loc>`);
    const categoryPath = sitemap.match(/<loc>[^<]*(\/category\/[^<]+)<\/loc>/)![1];
    const productPath = sitemap.match(/<loc>[^<]*(\/products\/[^<]+)<\/loc>/)![1];

    const robots = await (await fetch(`${shop.url}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${shop.url}/sitemap.xml`);

    const slug = categoryPath.split("/").pop()!;
    const old = await fetch(`${shop.url}/categories/${slug}`, { redirect: "manual" });
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe(`/category/${slug}`);

    // Links by category id, as the earlier pages made them, land on the category's own page.
    const listing = await (await fetch(`${shop.url}/products`)).text();
    const categoryId = listing.match(/category=([0-9a-f-]{36})/)![1];
    const byId = await fetch(`${shop.url}/categories/${categoryId}`, { redirect: "manual" });
    expect(byId.status).toBe(301);
    expect(byId.headers.get("location")).toMatch(/^\/category\/[a-z0-9-]+$/);

    for (const icon of ["/favicon.ico", "/apple-touch-icon.png"]) {
      const response = await fetch(`${shop.url}${icon}`);
      expect(response.status, icon).toBe(200);
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(100);
    }

    const html = await (await fetch(`${shop.url}${productPath}`)).text();
    expect(html).toMatch(/<meta property="og:title" content="[^"]+"/);
    expect(html).toMatch(new RegExp(`<meta property="og:image" content="${shop.url}/[^"]+"`));
    expect(html).toMatch(/<meta property="product:price:currency" content="IDR"/);
    expect(html).toMatch(/<meta name="twitter:card" content="summary_large_image"/);
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
    const ld = html.match(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/);
    expect(ld).not.toBeNull();
    const product = JSON.parse(ld![1]);
    expect(product["@type"]).toBe("Product");
    expect(product.offers.priceCurrency).toBe("IDR");
    expect(product.offers.availability).toMatch(/^https:\/\/schema\.org\/(InStock|OutOfStock)$/);
    expect(Number(product.offers.price)).toBeGreaterThan(0);
  });
});
