// Every admin loader and action, called as React Router calls them, for a visitor, a
// customer and an admin. Visitors and customers get a redirect to /admin/login and no admin
// data; a customer who posts to an admin action is signed out, while a GET (a plain link)
// leaves the customer signed in; and nothing in the database changes.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import * as categoriesRoute from "~/routes/admin.categories";
import * as dashboardRoute from "~/routes/admin.dashboard";
import * as deliverySheetRoute from "~/routes/admin.delivery-sheet";
import * as invoicesPrintRoute from "~/routes/admin.invoices.print";
import * as inboxRoute from "~/routes/admin.inbox";
import * as indexRoute from "~/routes/admin._index";
import * as layoutRoute from "~/routes/admin.layout";
import * as orderRoute from "~/routes/admin.orders.$id";
import * as exportRoute from "~/routes/admin.orders.export";
import * as printRoute from "~/routes/admin.orders.print.$id";
import * as pickingRoute from "~/routes/admin.picking-list";
import * as pickingPrintRoute from "~/routes/admin.picking-list.print";
import * as suppliersRoute from "~/routes/admin.suppliers";
import * as productRoute from "~/routes/admin.products.$id";
import * as newProductRoute from "~/routes/admin.products.new";
import * as productsRoute from "~/routes/admin.products";
import * as catalogModule from "~/server/catalog/manage.server";
import * as inboxModule from "~/server/inbox/inbox.server";
import * as orderExportModule from "~/server/orders/export.server";
import * as orderFeeModule from "~/server/orders/fee.server";
import * as orderListModule from "~/server/orders/staff-list.server";
import * as orderStatusModule from "~/server/orders/status.server";
import * as orderViewModule from "~/server/orders/view.server";
import { LocalDiskStorage, setStorageForTests } from "~/server/uploads/storage.server";
import {
  createCategory,
  createContactMessage,
  createOrder,
  createPartnerApplication,
  createProduct,
  createUser,
  signIn,
  type TestUser,
} from "../support/factories";
import {
  callAction,
  callLoader,
  form,
  releaseTestDatabase,
  useTestDatabase,
  type RouteResult,
} from "../support/routes";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

// The order modules the staff pages call, as one set.
const orderModule = {
  ...orderListModule,
  ...orderViewModule,
  ...orderStatusModule,
  ...orderFeeModule,
  ...orderExportModule,
};

let testDb: TestDatabase;
let uploads: string;
let admin: TestUser;
let customer: TestUser;
let orderId: string;
let productId: string;
let unusedProductId: string;
let categoryId: string;
let applicationId: string;
let messageId: string;

const PNG = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");

beforeAll(async () => {
  testDb = await createTestDatabase();
  useTestDatabase(testDb);
  uploads = mkdtempSync(path.join(os.tmpdir(), "sayur-access-"));
  setStorageForTests(new LocalDiskStorage(uploads));
  admin = await createUser(testDb.db, { role: "admin" });
  customer = await createUser(testDb.db);
  const category = await createCategory(testDb.db);
  categoryId = category.id;
  productId = (await createProduct(testDb.db, { categoryId })).id;
  unusedProductId = (await createProduct(testDb.db)).id;
  orderId = (await createOrder(testDb.db, { userId: customer.id, items: [{ productId, quantity: 2 }] })).id;
  applicationId = (await createPartnerApplication(testDb.db)).id;
  messageId = (await createContactMessage(testDb.db)).id;
});

afterAll(async () => {
  setStorageForTests(undefined);
  releaseTestDatabase();
  await testDb?.destroy();
  rmSync(uploads, { recursive: true, force: true });
});

/** Everything an admin action could change, in one comparable value. */
async function fingerprint() {
  const db = testDb.db;
  const rows = async (table: string) => {
    const result = await db.execute(
      sql`select coalesce(json_agg(t order by t.id), '[]'::json)::text as rows from ${sql.identifier(table)} t`,
    );
    const list = (result as unknown as { rows?: { rows: string }[] }).rows ?? (result as unknown as { rows: string }[]);
    return list[0].rows;
  };
  return {
    orders: await rows("orders"),
    orderItems: await rows("order_items"),
    history: await rows("order_status_history"),
    products: await rows("products"),
    categories: await rows("categories"),
    adjustments: await rows("stock_adjustments"),
    applications: await rows("partner_applications"),
    suppliers: await rows("suppliers"),
    messages: await rows("contact_messages"),
  };
}

type Case = { name: string; run: (cookie?: string) => Promise<RouteResult> };

const loaders: Case[] = [
  { name: "layout", run: (cookie) => callLoader(layoutRoute.loader, "/admin/dashboard", { cookie }) },
  { name: "/admin", run: (cookie) => callLoader(indexRoute.loader, "/admin", { cookie }) },
  { name: "dashboard", run: (cookie) => callLoader(dashboardRoute.loader, "/admin/dashboard", { cookie }) },
  {
    name: "order detail",
    run: (cookie) => callLoader(orderRoute.loader, `/admin/orders/${orderId}`, { cookie, params: { id: orderId } }),
  },
  {
    name: "invoice",
    run: (cookie) =>
      callLoader(printRoute.loader, `/admin/orders/print/${orderId}`, { cookie, params: { id: orderId } }),
  },
  { name: "picking list", run: (cookie) => callLoader(pickingRoute.loader, "/admin/picking-list", { cookie }) },
  {
    name: "delivery sheet",
    run: (cookie) => callLoader(deliverySheetRoute.loader, "/admin/delivery-sheet", { cookie }),
  },
  {
    name: "bulk invoices",
    run: (cookie) =>
      callLoader(invoicesPrintRoute.loader, "/admin/invoices/print?date=2026-11-26&slot=pagi", { cookie }),
  },
  {
    name: "picking list print",
    run: (cookie) => callLoader(pickingPrintRoute.loader, "/admin/picking-list/print", { cookie }),
  },
  {
    name: "CSV export",
    run: (cookie) =>
      callLoader(exportRoute.loader, "/admin/orders/export.csv?from=2020-01-01&to=2020-12-31", { cookie }),
  },
  { name: "products", run: (cookie) => callLoader(productsRoute.loader, "/admin/products", { cookie }) },
  { name: "new product", run: (cookie) => callLoader(newProductRoute.loader, "/admin/products/new", { cookie }) },
  {
    name: "edit product",
    run: (cookie) =>
      callLoader(productRoute.loader, `/admin/products/${productId}`, { cookie, params: { id: productId } }),
  },
  { name: "categories", run: (cookie) => callLoader(categoriesRoute.loader, "/admin/categories", { cookie }) },
  { name: "inbox", run: (cookie) => callLoader(inboxRoute.loader, "/admin/inbox", { cookie }) },
  { name: "Petani Mitra", run: (cookie) => callLoader(suppliersRoute.loader, "/admin/suppliers", { cookie }) },
];

const actions: Case[] = [
  {
    name: "add a farmer",
    run: (cookie) =>
      callAction(
        suppliersRoute.action,
        "/admin/suppliers",
        form({ intent: "create", name: "Petani Peretas", phone: "081234567890" }),
        { cookie },
      ),
  },
  {
    name: "accept a partner application",
    run: (cookie) =>
      callAction(suppliersRoute.action, "/admin/suppliers", form({ intent: "accept", applicationId }), { cookie }),
  },
  {
    name: "delivery sheet 'Terkirim'",
    run: (cookie) =>
      callAction(deliverySheetRoute.action, "/admin/delivery-sheet", form({ intent: "delivered", orderId }), {
        cookie,
      }),
  },
  {
    name: "dashboard status change",
    run: (cookie) =>
      callAction(dashboardRoute.action, "/admin/dashboard", form({ intent: "status", orderId, status: "cancelled" }), {
        cookie,
      }),
  },
  {
    name: "detail status change",
    run: (cookie) =>
      callAction(orderRoute.action, `/admin/orders/${orderId}`, form({ intent: "status", status: "completed" }), {
        cookie,
        params: { id: orderId },
      }),
  },
  {
    name: "delivery fee",
    run: (cookie) =>
      callAction(
        orderRoute.action,
        `/admin/orders/${orderId}`,
        form({ intent: "fee", version: "1", deliveryFee: "15000" }),
        {
          cookie,
          params: { id: orderId },
        },
      ),
  },
  {
    name: "create product",
    run: (cookie) =>
      callAction(
        newProductRoute.action,
        "/admin/products/new",
        form({
          name: "Sawi Putih Peretas",
          price: "1",
          stock: "5",
          image: new File([PNG], "x.png", { type: "image/png" }),
        }),
        { cookie },
      ),
  },
  {
    name: "save product",
    run: (cookie) =>
      callAction(
        productRoute.action,
        `/admin/products/${productId}`,
        form({ intent: "save", name: "Diretas", price: "1", stock: "999" }),
        {
          cookie,
          params: { id: productId },
        },
      ),
  },
  {
    name: "hide product",
    run: (cookie) =>
      callAction(productRoute.action, `/admin/products/${productId}`, form({ intent: "hide" }), {
        cookie,
        params: { id: productId },
      }),
  },
  {
    name: "unhide product",
    run: (cookie) =>
      callAction(productRoute.action, `/admin/products/${productId}`, form({ intent: "unhide" }), {
        cookie,
        params: { id: productId },
      }),
  },
  {
    name: "delete product",
    run: (cookie) =>
      callAction(productRoute.action, `/admin/products/${unusedProductId}`, form({ intent: "delete" }), {
        cookie,
        params: { id: unusedProductId },
      }),
  },
  {
    name: "create category",
    run: (cookie) =>
      callAction(categoriesRoute.action, "/admin/categories", form({ intent: "create", name: "Peretas" }), { cookie }),
  },
  {
    name: "rename category",
    run: (cookie) =>
      callAction(
        categoriesRoute.action,
        "/admin/categories",
        form({ intent: "rename", id: categoryId, name: "Diretas" }),
        { cookie },
      ),
  },
  {
    name: "delete category",
    run: (cookie) =>
      callAction(categoriesRoute.action, "/admin/categories", form({ intent: "delete", id: categoryId }), { cookie }),
  },
  {
    name: "inbox application status",
    run: (cookie) =>
      callAction(inboxRoute.action, "/admin/inbox", form({ kind: "mitra", id: applicationId, status: "done" }), {
        cookie,
      }),
  },
  {
    name: "inbox message status",
    run: (cookie) =>
      callAction(inboxRoute.action, "/admin/inbox", form({ kind: "pesan", id: messageId, status: "done" }), { cookie }),
  },
];

function expectSentToAdminLogin(result: RouteResult) {
  expect(result.thrown).toBe(true);
  expect([302, 303]).toContain(result.status);
  expect(result.location).toBe("/admin/login");
  expect(result.data).toBe("");
}

describe("a visitor", () => {
  it.each([...loaders, ...actions])("is sent to /admin/login by $name, and nothing changes", async ({ run }) => {
    const before = await fingerprint();
    expectSentToAdminLogin(await run());
    expect(await fingerprint()).toEqual(before);
  });

  it("is sent away with a forged or expired session cookie too", async () => {
    expectSentToAdminLogin(
      await callLoader(dashboardRoute.loader, "/admin/dashboard", { cookie: "sayur.session_token=bukan-token.asli" }),
    );
  });
});

async function sessionCount(userId: string) {
  const [{ sessions }] = await testDb.db
    .select({ sessions: sql<number>`count(*)::int` })
    .from(schema.sessions)
    .where(eq(schema.sessions.userId, userId));
  return sessions;
}

describe("a signed-in customer", () => {
  // A GET never changes state: a plain link from another site to /admin/... must not sign
  // the customer out.
  it.each(loaders)("is sent to /admin/login by $name and stays signed in", async ({ run }) => {
    const cookie = await signIn(testDb.db, customer);
    const before = await sessionCount(customer.id);
    const state = await fingerprint();

    const result = await run(cookie);

    expectSentToAdminLogin(result);
    expect(result.headers.getSetCookie().filter((c) => c.includes("session_token"))).toEqual([]);
    expect(await sessionCount(customer.id)).toBe(before);
    expect(await fingerprint()).toEqual(state);
  });

  it.each(actions)(
    "is signed out and sent to /admin/login by posting to $name, and nothing changes",
    async ({ run }) => {
      const cookie = await signIn(testDb.db, customer);
      const [{ sessions: before }] = await testDb.db
        .select({ sessions: sql<number>`count(*)::int` })
        .from(schema.sessions)
        .where(eq(schema.sessions.userId, customer.id));
      const state = await fingerprint();

      const result = await run(cookie);

      expectSentToAdminLogin(result);
      // The session cookie is cleared in the browser and the session ended on the server.
      expect(
        result.headers.getSetCookie().some((c) => c.startsWith("sayur.session_token=") && /max-age=0/i.test(c)),
      ).toBe(true);
      const [{ sessions: after }] = await testDb.db
        .select({ sessions: sql<number>`count(*)::int` })
        .from(schema.sessions)
        .where(eq(schema.sessions.userId, customer.id));
      expect(after).toBe(before - 1);
      expect(await fingerprint()).toEqual(state);
    },
  );
});

describe("an admin", () => {
  it.each(loaders)("opens $name", async ({ name, run }) => {
    const result = await run(await signIn(testDb.db, admin));
    if (name === "/admin") {
      expect(result.location).toBe("/admin/dashboard");
    } else {
      expect(result.thrown).toBe(false);
      expect(result.status).toBe(200);
    }
  });

  it.each(actions)("can use $name", async ({ run }) => {
    const result = await run(await signIn(testDb.db, admin));
    // Success is a 303 back with a message; a refusal for a business reason (e.g. a category
    // still in use) is an answer with a message, never a redirect to the login.
    expect(result.location).not.toBe("/admin/login");
    expect([200, 303, 400, 409]).toContain(result.status);
  });
});

describe("the admin server modules themselves", () => {
  // Defence in depth: even a route that forgot requireAdmin gets nothing from them.
  it("refuse anyone but an admin with 403, changing nothing", async () => {
    const asCustomer = { id: customer.id, role: "customer" as const };
    const calls: [string, () => Promise<unknown>][] = [
      [
        "listOrdersForAdmin",
        () =>
          orderModule.listOrdersForAdmin(
            testDb.db,
            asCustomer,
            orderModule.parseAdminOrderFilters(new URLSearchParams()),
          ),
      ],
      ["countOrdersByStatus", () => orderModule.countOrdersByStatus(testDb.db, asCustomer)],
      ["getOrderForAdmin", () => orderModule.getOrderForAdmin(testDb.db, asCustomer, orderId, "Toko")],
      ["setOrderStatus", () => orderModule.setOrderStatus(testDb.db, asCustomer, { orderId, status: "cancelled" })],
      [
        "setDeliveryFee",
        () => orderModule.setDeliveryFee(testDb.db, asCustomer, { orderId, deliveryFee: 1, version: 1 }),
      ],
      ["pickingList", () => orderModule.pickingList(testDb.db, asCustomer, { date: "2026-01-01", slot: "semua" })],
      [
        "exportOrdersCsv",
        () =>
          orderModule.exportOrdersCsv(testDb.db, asCustomer, {
            from: "2026-01-01",
            to: "2026-01-02",
            basis: "created",
          }),
      ],
      [
        "listProductsForAdmin",
        () => catalogModule.listProductsForAdmin(testDb.db, asCustomer, { q: "", show: "semua", page: 1 }),
      ],
      ["getProductForAdmin", () => catalogModule.getProductForAdmin(testDb.db, asCustomer, productId)],
      ["setProductActive", () => catalogModule.setProductActive(testDb.db, asCustomer, productId, false)],
      ["deleteProduct", () => catalogModule.deleteProduct(testDb.db, asCustomer, unusedProductId)],
      ["createCategory", () => catalogModule.createCategory(testDb.db, asCustomer, "Peretas")],
      ["deleteCategory", () => catalogModule.deleteCategory(testDb.db, asCustomer, categoryId)],
      ["listInbox", () => inboxModule.listInbox(testDb.db, asCustomer, { jenis: "mitra", page: 1 }, "Toko")],
      [
        "setInboxStatus",
        () => inboxModule.setInboxStatus(testDb.db, asCustomer, { kind: "mitra", id: applicationId, status: "done" }),
      ],
    ];
    const before = await fingerprint();
    for (const [name, call] of calls) {
      const refusal = await call().then(
        () => null,
        (error: unknown) => error,
      );
      expect(refusal instanceof Response ? refusal.status : refusal, name).toBe(403);
    }
    expect(await fingerprint()).toEqual(before);
  });
});
