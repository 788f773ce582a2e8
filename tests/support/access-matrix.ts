// Who may see and do what, for every route of app/routes.ts plus the paths a browser or an
// attacker could try besides (the auth library's API, React Router's `.data` requests).
// tests/process/access-matrix.test.ts calls each as each role and fails when app/routes.ts
// grows a route this table does not list; app/routes.test.ts fails when a line disagrees with
// the access its route declares (`routePolicy`), so a route's declaration and its test move together.

/** admin is the owner (Pemilik), staff a staff member (Staf), courier a courier (Kurir) whose run holds B's order; A's order is on another courier's run. */
export const ROLES = ["visitor", "customerA", "customerB", "courier", "staff", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** The ids the seeded data dir holds, for building concrete URLs. */
export type Fixture = {
  customerB: string;
  /** Customer A's order: its bill is final and it has a proof waiting and a 'Saldo' entry. */
  orderA: string;
  /** A line of that order. */
  orderItemA: string;
  productSlug: string;
  productId: string;
  categorySlug: string;
  categoryId: string;
  messageId: string;
  /** A second owner ('Pemilik') account, signed in: staff must not be able to sign it out. */
  coOwner: string;
  /** Another staff member, signed in: only an owner may sign them out. */
  colleague: string;
  /** Customer A's standing order ('Langganan'). */
  standingA: string;
};

/**
 * What a role gets: `ok` (200), `notFound` (404), `login` (to /login?redirect=...),
 * `adminLogin` (to /admin/login), `redirect:<path>` (any other redirect), or a status.
 */
export type Outcome = "ok" | "notFound" | "login" | "adminLogin" | `redirect:${string}` | number;

export type ActionCase = {
  /** What the attempt is, for the failure message. */
  name: string;
  body: (f: Fixture) => Record<string, string>;
  expect: Record<Role, Outcome>;
  /** The `.data` request's answer where it differs (no loader runs after an action there, so no redirect of signed-in people). */
  dataExpect?: Record<Role, Outcome>;
  /** Changes data an attacker would want changed: tried cross-site with the most privileged cookie. */
  destructive?: boolean;
};

export type MatrixEntry = {
  /** The path exactly as app/routes.ts spells it ("" for the home page). */
  route: string;
  url: (f: Fixture) => string;
  get: Record<Role, Outcome>;
  /** A React Router page whose `.data` request must obey the same rules (resource routes have none). */
  data: boolean;
  actions?: ActionCase[];
};

/** A fresh address each time, so the per-e-mail login limit never answers instead of the rule under test. */
const unknownEmail = () => `tidak.ada.${Math.random().toString(36).slice(2)}@contoh.id`;
const all = (o: Outcome): Record<Role, Outcome> => ({
  visitor: o,
  customerA: o,
  customerB: o,
  courier: o,
  staff: o,
  admin: o,
});
const signedIn = (visitor: Outcome, rest: Outcome): Record<Role, Outcome> => ({
  visitor,
  customerA: rest,
  customerB: rest,
  courier: rest,
  staff: rest,
  admin: rest,
});
/** Admin pages for the owner and staff: nobody else (a courier neither) gets past the admin login. */
const adminOnly = (admin: Outcome = "ok"): Record<Role, Outcome> => ({
  visitor: "adminLogin",
  customerA: "adminLogin",
  customerB: "adminLogin",
  courier: "adminLogin",
  staff: admin,
  admin,
});
/** The owner's pages (settings, prices and products, the team): staff get a 403 saying so. */
const ownerOnly = (admin: Outcome = "ok"): Record<Role, Outcome> => ({ ...adminOnly(admin), staff: 403 });
/** Pages for signed-out people: a signed-in person is sent on. */
const guestOnly = (signedInTarget: Outcome): Record<Role, Outcome> => ({
  visitor: "ok",
  customerA: signedInTarget,
  customerB: signedInTarget,
  courier: signedInTarget,
  staff: signedInTarget,
  admin: signedInTarget,
});

/** The customer's own order page: A owns the order, B and the staff are sent to their profile. */
const othersOrder = (owner: Outcome): Record<Role, Outcome> => ({
  visitor: "login",
  customerA: owner,
  customerB: "redirect:/profile",
  courier: "redirect:/profile",
  staff: "redirect:/profile",
  admin: "redirect:/profile",
});

const page = (
  route: string,
  url: string,
  get: Record<Role, Outcome> = all("ok"),
  actions?: ActionCase[],
): MatrixEntry => ({ route, url: () => url, get, data: true, actions });

export const ACCESS_MATRIX: MatrixEntry[] = [
  // ---- shop, public ----
  page("", "/"),
  page("products", "/products"),
  { route: "products/:slug", url: (f) => `/products/${f.productSlug}`, get: all("ok"), data: true },
  page("categories", "/categories"),
  // The old address of a category: a permanent redirect to /category/:slug.
  {
    route: "categories/:slug",
    url: (f) => `/categories/${f.categorySlug}`,
    get: all("redirect:/category/"),
    data: true,
  },
  { route: "category/:slug", url: (f) => `/category/${f.categorySlug}`, get: all("ok"), data: true },
  page("search", "/search?q=bayam", all("redirect:/products")),
  page("cart", "/cart"),
  page("about", "/about"),
  page("terms", "/terms"),
  page("privacy", "/privacy"),
  page("contact", "/contact", all("ok"), [
    {
      name: "send an invalid message",
      body: () => ({ name: "", email: "bukan-email", message: "" }),
      expect: all(400),
    },
  ]),
  page("supply-with-us", "/supply-with-us", all("ok"), [
    {
      name: "send an invalid application",
      body: () => ({ name: "", phone: "x" }),
      expect: all(400),
    },
  ]),
  page("stock-alerts", "/stock-alerts", all("ok"), [
    {
      name: "ask for news of a product that does not exist",
      body: () => ({ productId: "bukan-id", email: "a@contoh.id" }),
      expect: all(400),
    },
  ]),
  page("stock-alerts/unsubscribe", "/stock-alerts/unsubscribe?token=palsu", all("ok"), [
    {
      name: "stop alerts with a forged token",
      body: () => ({ token: "cGFsc3U.palsu" }),
      expect: all(400),
      destructive: true,
    },
  ]),
  page("stock-alerts/confirm", "/stock-alerts/confirm?token=palsu", all("ok"), [
    {
      name: "turn on an alert with a forged token",
      body: () => ({ token: "00000000-0000-4000-8000-000000000000.palsu" }),
      expect: all(400),
    },
  ]),
  page("*", "/tidak-ada-halaman-ini", all("notFound")),

  // ---- first-run set-up: the fixture's shop has an owner, so it is gone for everyone ----
  page("setup", "/setup?token=palsu", all("notFound"), [
    {
      name: "set the shop up again to become its owner",
      body: () => ({
        token: "palsu",
        ownerName: "Penyusup",
        ownerEmail: "penyusup@contoh.id",
        password: "Rahasia-Penyusup-9",
        name: "Toko Palsu",
        whatsapp: "6281299990000",
        phone: "0812-9999-0000",
        email: "palsu@contoh.id",
        address: "Jl. Palsu 1",
        serviceArea: "Di mana saja",
        heroLine: "Toko ini milik penyusup",
      }),
      expect: all("notFound"),
      destructive: true,
    },
  ]),

  // ---- accounts ----
  page("login", "/login", guestOnly("redirect:/"), [
    {
      name: "log in with a wrong password",
      body: () => ({ email: unknownEmail(), password: "salah-sekali-123" }),
      expect: { ...guestOnly("redirect:/"), visitor: 401 },
      dataExpect: all(401),
    },
  ]),
  page("register", "/register", guestOnly("redirect:/"), [
    {
      name: "register with an invalid form",
      body: () => ({ name: "", email: "x", password: "1" }),
      expect: { ...guestOnly("redirect:/"), visitor: 400 },
      dataExpect: all(400),
    },
  ]),
  page("forgot-password", "/forgot-password", all("ok"), [
    { name: "ask for a reset with an invalid e-mail", body: () => ({ email: "x" }), expect: all(400) },
  ]),
  // An unknown reset link goes back to the login with a notice.
  page("reset-password", "/reset-password?token=tidak-berlaku", all("redirect:/login"), [
    {
      name: "reset with an unknown token",
      body: () => ({
        token: "tidak-berlaku",
        password: "Sayur-Segar-Baru-2026",
        confirmPassword: "Sayur-Segar-Baru-2026",
      }),
      expect: all("redirect:/login"),
      dataExpect: all(400),
    },
  ]),
  page("verify-email", "/verify-email?token=tidak-berlaku"),
  page("profile", "/profile", signedIn("login", "ok"), [
    {
      name: "save a profile with empty fields",
      body: () => ({ name: "", phone: "", address: "" }),
      expect: signedIn("login", 400),
    },
    {
      name: "change the password without knowing the current one",
      body: () => ({
        intent: "change-password",
        currentPassword: "salah-sekali-99",
        password: "Sayur-Baru-2026-x",
        confirmPassword: "Sayur-Baru-2026-x",
      }),
      expect: signedIn("login", 400),
    },
  ]),
  page("addresses", "/addresses", signedIn("login", "ok"), [
    {
      name: "save an address with empty fields",
      body: () => ({ name: "", phone: "", address: "" }),
      expect: signedIn("login", 400),
    },
  ]),

  // ---- checkout and orders ----
  // A visitor checks out too: the form itself signs them in or makes their account.
  page("checkout", "/checkout", all("ok"), [
    { name: "order with an empty cart", body: () => ({ items: "[]" }), expect: all(400) },
  ]),
  { route: "order-success", url: (f) => `/order-success?order=${f.orderA}`, get: all("ok"), data: true },
  page("orders", "/orders", signedIn("login", "ok")),
  {
    route: "orders/:id",
    url: (f) => `/orders/${f.orderA}`,
    // Someone else's order: never shown, the reader is sent to their profile.
    get: {
      visitor: "login",
      customerA: "ok",
      customerB: "redirect:/profile",
      courier: "redirect:/profile",
      staff: "redirect:/profile",
      admin: "redirect:/profile",
    },
    data: true,
    actions: [
      {
        // Refused before the order is even looked up; for anyone else the page's loader then
        // sends them to their profile as for a visit.
        name: "cancel with an over-long reason",
        body: () => ({ intent: "cancel", reason: "x".repeat(301) }),
        expect: othersOrder(400),
        dataExpect: signedIn("login", 400),
      },
      {
        // 'Pesan Lagi' reads the order's lines: the owner only.
        name: "order it again",
        body: () => ({ intent: "reorder" }),
        expect: othersOrder("ok"),
        dataExpect: { visitor: "login", customerA: "ok", customerB: 404, courier: 404, staff: 404, admin: 404 },
      },
      {
        // 'Unggah Bukti Bayar' without an image: refused before anything is read or stored.
        name: "upload a proof of payment without an image",
        body: () => ({ intent: "proof", proof: "" }),
        expect: othersOrder(400),
        dataExpect: signedIn("login", 400),
      },
      {
        name: "post an unknown intent",
        body: () => ({ intent: "hapus" }),
        expect: othersOrder(400),
        dataExpect: signedIn("login", 400),
      },
    ],
  },

  // 'Langganan': the shopper's own standing orders; anyone else's is not found.
  page("langganan", "/langganan", signedIn("login", "ok")),
  page("langganan/baru", "/langganan/baru", signedIn("login", "ok"), [
    { name: "save a standing order without days or products", body: () => ({}), expect: signedIn("login", 400) },
  ]),
  {
    route: "langganan/:id",
    url: (f) => `/langganan/${f.standingA}`,
    get: { visitor: "login", customerA: "ok", customerB: 404, courier: 404, staff: 404, admin: 404 },
    data: true,
    actions: [
      {
        // Someone else's is not found before anything is decided; the owner is told the cut-off passed.
        name: "skip a date whose cut-off has passed",
        body: () => ({ intent: "skip", date: "2020-01-07" }),
        expect: { visitor: "login", customerA: 409, customerB: 404, courier: 404, staff: 404, admin: 404 },
      },
      {
        name: "post an unknown intent",
        body: () => ({ intent: "hapus" }),
        expect: signedIn("login", 400),
      },
    ],
  },

  // A visitor's favourites live on the device; the page shows them and invites to sign in.
  page("favorites", "/favorites"),
  {
    route: "api/favorites",
    url: () => "/api/favorites",
    get: all("ok"),
    data: false,
    actions: [
      {
        name: "mark a product that does not exist",
        body: () => ({ intent: "add", productId: "00000000-0000-4000-8000-000000000000" }),
        expect: { visitor: 401, customerA: 404, customerB: 404, courier: 404, staff: 404, admin: 404 },
      },
    ],
  },

  // ---- the courier ('Kurir'): their own run only (before the staff's actions, one of which ends B's sessions) ----
  page("kurir", "/kurir", { ...signedIn("login", 403), courier: "ok" }, [
    {
      name: "count a run's cash that is not a number",
      body: () => ({ intent: "handover", runId: "00000000-0000-4000-8000-000000000000", cash: "banyak" }),
      expect: { ...signedIn("login", 403), courier: 400 },
    },
  ]),
  {
    route: "kurir/langkah",
    url: () => "/kurir/langkah",
    get: all("redirect:/kurir"),
    data: false,
    actions: [
      {
        // A's order is on another courier's run: this courier gets the same 404 as for no order.
        name: "mark another courier's stop delivered",
        body: (f) => ({ intent: "delivered", orderId: f.orderA, key: "kunci-uji-0001", recipientName: "Penyusup" }),
        expect: { ...signedIn("login", 403), courier: 404 },
        destructive: true,
      },
    ],
  },

  // ---- staff ----
  page(
    "admin/login",
    "/admin/login",
    {
      visitor: "ok",
      customerA: "ok",
      customerB: "ok",
      courier: "ok",
      staff: "redirect:/admin/dashboard",
      admin: "redirect:/admin/dashboard",
    },
    [
      {
        name: "log in with a wrong password",
        body: () => ({ email: unknownEmail(), password: "salah-sekali-123" }),
        expect: {
          visitor: 401,
          customerA: 401,
          customerB: 401,
          courier: 401,
          staff: "redirect:/admin/dashboard",
          admin: "redirect:/admin/dashboard",
        },
        dataExpect: all(401),
      },
    ],
  ),
  page("admin", "/admin", adminOnly("redirect:/admin/dashboard")),
  page("admin/dashboard", "/admin/dashboard", adminOnly(), [
    {
      // A's proof waits for verification: staff reach the cancel, which asks them to decide it first.
      name: "cancel a customer's order from the list",
      body: (f) => ({ intent: "status", orderId: f.orderA, status: "cancelled" }),
      expect: adminOnly(409),
      destructive: true,
    },
  ]),
  {
    route: "admin/orders/:id",
    url: (f) => `/admin/orders/${f.orderA}`,
    get: adminOnly(),
    data: true,
    actions: [
      {
        name: "cancel the order while its proof waits for verification",
        body: () => ({ intent: "status", status: "cancelled" }),
        expect: adminOnly(409),
        destructive: true,
      },
      {
        // The test shop has no WhatsApp connection: staff and owner reach the refusal.
        name: "'Kirim Template' while WhatsApp is not connected",
        body: () => ({ intent: "whatsapp-template", kind: "order-received" }),
        expect: adminOnly(409),
      },
      {
        name: "set a negative delivery fee",
        body: () => ({ intent: "fee", version: "1", deliveryFee: "-5000" }),
        expect: adminOnly(400),
      },
      // The packing edits, with the intents the page posts: customers never get past the admin
      // login; staff and owner reach the edit, which A's final bill refuses (409, nothing stored).
      {
        name: "'Berat aktual' after the final bill",
        body: (f) => ({ intent: "weight", version: "1", itemId: f.orderItemA, amount: "0,5" }),
        expect: adminOnly(409),
      },
      {
        name: "'Ganti Produk' after the final bill",
        body: (f) => ({
          intent: "substitute",
          version: "1",
          itemId: f.orderItemA,
          productId: f.productId,
          amount: "1",
          agreed: "on",
        }),
        expect: adminOnly(409),
      },
      {
        name: "'Tidak Tersedia' after the final bill",
        body: (f) => ({ intent: "unavailable", version: "1", itemId: f.orderItemA }),
        expect: adminOnly(409),
        destructive: true,
      },
      {
        name: "'Batalkan' of a removal the order does not have",
        body: () => ({ intent: "restore", version: "1", changeId: "00000000-0000-4000-8000-000000000000" }),
        expect: adminOnly(404),
      },
      {
        name: "'Lampirkan Bukti' with text instead of an image",
        body: () => ({ intent: "staff-proof", proof: "bukan gambar" }),
        expect: adminOnly(400),
      },
      {
        name: "'Tambah Produk' after the final bill",
        body: (f) => ({ intent: "add", version: "1", productId: f.productId, amount: "1" }),
        expect: adminOnly(409),
      },
      {
        name: "'Gabungkan' into an order that does not exist",
        body: () => ({
          intent: "merge",
          version: "1",
          targetId: "00000000-0000-4000-8000-000000000000",
          targetVersion: "1",
        }),
        expect: adminOnly(404),
      },
      {
        name: "'Tagihan Final' again",
        body: () => ({ intent: "finalize", version: "1" }),
        expect: adminOnly(409),
      },
      {
        name: "change the fee after the final bill",
        body: () => ({ intent: "fee", version: "1", deliveryFee: "0" }),
        expect: adminOnly(409),
        destructive: true,
      },
      {
        name: "'Tandai Lunas' with an amount that is not rupiah",
        body: () => ({ intent: "paid", paidAmount: "banyak" }),
        expect: adminOnly(400),
      },
      {
        name: "'Tolak Bukti' without a reason",
        body: () => ({ intent: "reject", reason: "" }),
        expect: adminOnly(400),
      },
      {
        name: "'Perpanjang Batas Bayar' without a date",
        body: () => ({ intent: "due", dueAt: "besok" }),
        expect: adminOnly(400),
      },
    ],
  },
  { route: "admin/orders/print/:id", url: (f) => `/admin/orders/print/${f.orderA}`, get: adminOnly(), data: true },
  {
    route: "admin/orders/export.csv",
    url: () => "/admin/orders/export.csv?from=2026-01-01&to=2026-12-31",
    get: adminOnly(),
    data: false,
  },
  // The live stream of new orders (an event stream that stays open: the test reads its start).
  { route: "admin/orders/events", url: () => "/admin/orders/events", get: adminOnly(), data: false },
  page("admin/picking-list", "/admin/picking-list", adminOnly()),
  // The driver's sheet: staff and the owner mark an order delivered ('Selesai') or tell an
  // area's customers their orders are on the way.
  page("admin/delivery-sheet", "/admin/delivery-sheet", adminOnly(), [
    // An order id nobody has: the seeded order must stay as it is for the database check, and
    // the route's cross-site refusal is tested all the same.
    {
      name: "mark an order delivered",
      body: () => ({ intent: "delivered", orderId: "00000000-0000-4000-8000-000000000000" }),
      expect: adminOnly(404),
      destructive: true,
    },
    {
      name: "mark a malformed order delivered",
      body: () => ({ intent: "delivered", orderId: "bukan-id" }),
      expect: adminOnly(400),
    },
    {
      name: "tell an area's customers with a bad date",
      body: () => ({ intent: "dispatch", date: "2026-13-45", slot: "pagi", area: "Sumbersari" }),
      expect: adminOnly(400),
    },
  ]),
  // 'Setoran Kurir': staff count the cash of a run, the owner accepts it.
  page("admin/setoran", "/admin/setoran", adminOnly(), [
    {
      name: "count the cash of an unknown run",
      body: () => ({ intent: "count", runId: "00000000-0000-4000-8000-000000000000", cash: "1000" }),
      expect: adminOnly(404),
      destructive: true,
    },
  ]),
  // The photo a courier took at A's door: staff only (A's order has none, so they get a 404 too).
  {
    route: "admin/orders/delivery-photo/:id",
    url: (f) => `/admin/orders/delivery-photo/${f.orderA}`,
    get: adminOnly("notFound"),
    data: false,
  },
  // 'Cetak Struk' for a roll printer: one order, or a slot in bulk.
  page("admin/receipts/print", "/admin/receipts/print?date=2026-11-26&slot=pagi&lebar=58", adminOnly()),
  page("admin/invoices/print", "/admin/invoices/print?date=2026-11-26&slot=pagi", adminOnly()),
  page("admin/picking-list/print", "/admin/picking-list/print", adminOnly()),
  // 'Promo': owner and staff make and edit the codes; nobody else gets past the admin login.
  page("admin/promos", "/admin/promos", adminOnly(), [
    {
      name: "save a promo without a code",
      body: () => ({ intent: "create", code: "", kind: "fixed", value: "5000" }),
      expect: adminOnly(400),
    },
    {
      name: "edit a promo that is not there",
      body: () => ({
        intent: "update",
        id: "00000000-0000-4000-8000-000000000000",
        code: "TIDAKADA",
        kind: "fixed",
        value: "5000",
      }),
      expect: adminOnly(404),
      destructive: true,
    },
  ]),
  // 'Harga Hari Ini': owner and staff set the day's prices and stock.
  page("admin/prices", "/admin/prices", adminOnly(), [
    {
      name: "save a price typed wrongly",
      body: (f) => ({
        intent: "save",
        [`version:${f.productId}`]: "0",
        [`price0:${f.productId}`]: "1",
        [`discount0:${f.productId}`]: "0",
        [`stock0:${f.productId}`]: "0",
        [`active0:${f.productId}`]: "1",
        [`price:${f.productId}`]: "murah",
        [`discount:${f.productId}`]: "0",
        [`stock:${f.productId}`]: "0",
        [`active:${f.productId}`]: "on",
      }),
      expect: adminOnly(400),
    },
    {
      name: "cancel a scheduled price that is not there",
      body: (f) => ({ intent: "unschedule", productId: f.productId }),
      expect: adminOnly(404),
      destructive: true,
    },
  ]),
  { route: "admin/prices/export.csv", url: () => "/admin/prices/export.csv", get: adminOnly(), data: false },
  page("admin/products", "/admin/products", ownerOnly()),
  page("admin/products/new", "/admin/products/new", ownerOnly(), [
    { name: "create a product without a name", body: () => ({ name: "" }), expect: ownerOnly(400) },
  ]),
  {
    route: "admin/products/:id",
    url: (f) => `/admin/products/${f.productId}`,
    get: ownerOnly(),
    data: true,
    actions: [
      {
        name: "hide the product",
        body: () => ({ intent: "hide" }),
        expect: ownerOnly("redirect:/admin/products/"),
        destructive: true,
      },
    ],
  },
  page("admin/categories", "/admin/categories", ownerOnly(), [
    {
      name: "rename a category",
      body: (f) => ({ intent: "rename", id: f.categoryId, name: "Diretas" }),
      expect: ownerOnly("redirect:/admin/categories"),
      destructive: true,
    },
  ]),
  // Sales figures are the owner's: staff run the day's orders, not the shop's revenue.
  page("admin/reports", "/admin/reports", ownerOnly()),
  {
    route: "admin/reports/export.csv",
    url: () => "/admin/reports/export.csv",
    get: ownerOnly(),
    data: false,
  },
  page("admin/team", "/admin/team", ownerOnly(), [
    {
      name: "invite without an e-mail",
      body: () => ({ intent: "invite", name: "Staf Baru", email: "" }),
      expect: ownerOnly(400),
    },
    {
      name: "remove an unknown staff member",
      body: () => ({ intent: "remove", userId: "tidak-ada" }),
      expect: ownerOnly(404),
      destructive: true,
    },
  ]),
  page("admin/search-synonyms", "/admin/search-synonyms", adminOnly(), [
    {
      name: "add a synonym that is one letter",
      body: () => ({ intent: "add", term: "c", synonym: "cabai" }),
      expect: adminOnly(400),
    },
    {
      name: "remove an unknown synonym",
      body: () => ({ intent: "remove", id: "00000000-0000-4000-8000-000000000000" }),
      expect: adminOnly(404),
      destructive: true,
    },
  ]),
  // 'Pembayaran': owner and staff import bank statements and settle their lines; the column
  // mapping for other banks is the owner's. Statements are never cached (private).
  page("admin/payments", "/admin/payments", adminOnly(), [
    {
      name: "upload a bank statement without a file",
      body: () => ({ intent: "upload", format: "bca", statement: "" }),
      expect: adminOnly(400),
    },
    {
      name: "mark an unknown statement line not an order's payment",
      body: () => ({ intent: "not-order", lineId: "00000000-0000-4000-8000-000000000000" }),
      expect: adminOnly(404),
      destructive: true,
    },
    {
      name: "pay customer A's order from an unknown statement line",
      body: (f) => ({ intent: "pick", lineId: "00000000-0000-4000-8000-000000000000", orderId: f.orderA }),
      expect: adminOnly(404),
      destructive: true,
    },
    {
      name: "save the column mapping from an old page",
      body: () => ({
        intent: "mapping",
        revision: "99999",
        bankName: "Mandiri",
        dateColumn: "Tanggal",
        dateFormat: "DD/MM/YYYY",
        descriptionColumn: "Keterangan",
        amountMode: "signed",
        amountColumn: "Nominal",
        decimal: ",",
      }),
      expect: { ...adminOnly(409), staff: 403 },
      destructive: true,
    },
  ]),
  page("admin/inbox", "/admin/inbox", adminOnly(), [
    {
      name: "mark a message done",
      body: (f) => ({ kind: "pesan", id: f.messageId, status: "done" }),
      expect: adminOnly("redirect:/admin/inbox"),
      destructive: true,
    },
  ]),
  // 'Petani Mitra': owner and staff keep the farmers (the inbox's accept button posts here).
  page("admin/suppliers", "/admin/suppliers", adminOnly(), [
    {
      name: "add a farmer without a name",
      body: () => ({ intent: "create", name: "", phone: "0812-3456-7890" }),
      expect: adminOnly(400),
    },
    {
      name: "change an unknown farmer",
      body: () => ({
        intent: "update",
        id: "00000000-0000-4000-8000-000000000000",
        name: "Pak Tani",
        phone: "0812-3456-7890",
        village: "Ajung",
        products: "Cabai",
      }),
      expect: adminOnly(404),
      destructive: true,
    },
    {
      name: "remove an unknown farmer",
      body: () => ({ intent: "delete", id: "00000000-0000-4000-8000-000000000000" }),
      expect: adminOnly(404),
      destructive: true,
    },
    {
      name: "accept an unknown partner application",
      body: () => ({ intent: "accept", applicationId: "00000000-0000-4000-8000-000000000000" }),
      expect: adminOnly(404),
      destructive: true,
    },
  ]),
  page("admin/settings", "/admin/settings", ownerOnly(), [
    {
      name: "set the minimum order",
      // Revision 1: a fresh shop's seeded row, as its settings page shows it; nothing else saves this section.
      body: () => ({ intent: "minimal-belanja", revision: "1", minimumOrder: "75000" }),
      expect: ownerOnly("redirect:/admin/settings"),
      destructive: true,
    },
    {
      name: "save a section without the revision its page showed",
      body: () => ({ intent: "minimal-belanja", minimumOrder: "80000" }),
      expect: ownerOnly(409),
    },
  ]),
  // 'Cadangkan Sekarang' posts here; its list lives on the settings page, where a visit is sent.
  page("admin/backups", "/admin/backups", ownerOnly("redirect:/admin/settings"), [
    {
      name: "make a backup now",
      body: () => ({ intent: "cadangkan" }),
      expect: ownerOnly("redirect:/admin/settings"),
      destructive: true,
    },
  ]),
  // 'Unduh': a backup file holds every account and order, for the owner only (a name of no file: 404).
  {
    route: "admin/backups/:name",
    url: () => "/admin/backups/sayur-jember-auto-2026-01-01T20-00-00-000Z.backup.gz",
    get: ownerOnly("notFound"),
    data: false,
  },
  // The shop's QRIS image and text for 'Metode Pembayaran': the owner's, like the rest of the settings.
  page("admin/settings/qris", "/admin/settings/qris", ownerOnly(), [
    {
      name: "upload a QRIS image without a file",
      body: () => ({ intent: "image", qrisImage: "" }),
      expect: ownerOnly(400),
    },
    {
      name: "paste a damaged QRIS text",
      body: () => ({ intent: "text", qrisText: "00020101021163041234" }),
      expect: ownerOnly(400),
    },
  ]),
  // The shop's logo for 'Identitas Toko': the owner's too.
  page("admin/settings/logo", "/admin/settings/logo", ownerOnly(), [
    { name: "upload a logo without a file", body: () => ({ logo: "" }), expect: ownerOnly(400) },
  ]),
  // The WhatsApp Business connection: tokens and the app secret are the owner's alone.
  page("admin/settings/whatsapp", "/admin/settings/whatsapp", ownerOnly(), [
    {
      name: "send a test message to no number",
      body: () => ({ intent: "test", to: "" }),
      expect: ownerOnly(400),
    },
  ]),
  page("admin/customers", "/admin/customers", adminOnly(), [
    {
      name: "end customer B's sessions",
      body: (f) => ({ intent: "end-sessions", userId: f.customerB }),
      expect: adminOnly("redirect:/admin/customers"),
      destructive: true,
    },
    // Staff must not be able to keep an owner (or each other) signed out: only an owner ends a
    // team member's sessions.
    {
      name: "end an owner's sessions",
      body: (f) => ({ intent: "end-sessions", userId: f.coOwner }),
      expect: { ...adminOnly("redirect:/admin/customers"), staff: 403 },
      destructive: true,
    },
    {
      name: "end another staff member's sessions",
      body: (f) => ({ intent: "end-sessions", userId: f.colleague }),
      expect: { ...adminOnly("redirect:/admin/customers"), staff: 403 },
      destructive: true,
    },
  ]),

  // ---- resources ----
  {
    route: "logout",
    url: () => "/logout",
    get: all("redirect:/"),
    data: false,
    actions: [{ name: "log out", body: () => ({}), expect: all("redirect:/"), destructive: true }],
  },
  { route: "api/delivery", url: () => "/api/delivery", get: all("ok"), data: false },
  { route: "api/cart-products", url: (f) => `/api/cart-products?ids=${f.productId}`, get: all("ok"), data: false },
  // Who is looking: anyone may ask, each learns only about themself (private, never stored).
  { route: "api/visitor", url: () => "/api/visitor", get: all("ok"), data: false },
  { route: "api/stock-alerts", url: (f) => `/api/stock-alerts?productId=${f.productId}`, get: all("ok"), data: false },
  { route: "api/open-order", url: () => "/api/open-order", get: all("ok"), data: false },
  { route: "api/search-suggestions", url: () => "/api/search-suggestions?q=bayam", get: all("ok"), data: false },
  { route: "uploads/*", url: () => "/uploads/tidak-ada.webp", get: all("notFound"), data: false },
  // Customer A's proof of payment: A and the staff; B gets the same 404 as for no proof at all.
  {
    route: "orders/:id/payment-proof",
    url: (f) => `/orders/${f.orderA}/payment-proof`,
    get: { visitor: "login", customerA: "ok", customerB: "notFound", courier: "notFound", staff: "ok", admin: "ok" },
    data: false,
  },
  { route: "sitemap.xml", url: () => "/sitemap.xml", get: all("ok"), data: false },
  { route: "robots.txt", url: () => "/robots.txt", get: all("ok"), data: false },
  { route: "healthz", url: () => "/healthz", get: all("ok"), data: false },
  // Meta's WhatsApp webhook: no sign-in, the verify token (GET) and the signature (POST) guard it.
  {
    route: "webhooks/whatsapp",
    url: () => "/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=salah&hub.challenge=1",
    get: all(403),
    data: false,
    actions: [{ name: "post a status without a signature", body: () => ({ entry: "[]" }), expect: all(401) }],
  },
  { route: "manifest.webmanifest", url: () => "/manifest.webmanifest", get: all("ok"), data: false },
];

/**
 * Paths outside app/routes.ts that must stay closed: Better Auth's HTTP API is not mounted
 * (every auth step goes through the shop's own actions, with their origin checks and limits).
 */
export const CLOSED_PATHS = [
  "/api/auth/get-session",
  "/api/auth/sign-in/email",
  "/api/auth/sign-up/email",
  "/api/auth/request-password-reset",
  "/api/auth/list-sessions",
];
