// Every URL of the shop in one place. Route modules are thin: parse input, call a server
// module, shape the answer.
import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  layout("routes/shop-layout.tsx", [
    // Catalog and cart
    index("routes/home.tsx"),
    route("products", "routes/products.tsx"),
    route("products/:slug", "routes/products.$slug.tsx"),
    route("categories", "routes/categories.tsx"),
    route("categories/:slug", "routes/categories.$slug.tsx"),
    route("category/:slug", "routes/category.$slug.tsx"),
    route("search", "routes/search.tsx"),
    route("cart", "routes/cart.tsx"),

    // Accounts
    route("login", "routes/login.tsx"),
    route("register", "routes/register.tsx"),
    route("forgot-password", "routes/forgot-password.tsx"),
    route("reset-password", "routes/reset-password.tsx"),
    route("verify-email", "routes/verify-email.tsx"),
    route("profile", "routes/profile.tsx"),
    route("addresses", "routes/addresses.tsx"),

    // Checkout and the customer's orders
    route("checkout", "routes/checkout.tsx"),
    route("order-success", "routes/order-success.tsx"),
    route("orders", "routes/orders.tsx"),
    route("orders/:id", "routes/orders.$id.tsx"),
    route("favorites", "routes/favorites.tsx"),
    route("langganan", "routes/langganan.tsx"),
    route("langganan/baru", "routes/langganan.baru.tsx"),
    route("langganan/:id", "routes/langganan.$id.tsx"),
    route("stock-alerts", "routes/stock-alerts.tsx"),
    route("stock-alerts/unsubscribe", "routes/stock-alerts.unsubscribe.tsx"),
    route("stock-alerts/confirm", "routes/stock-alerts.confirm.tsx"),

    // Content
    route("about", "routes/about.tsx"),
    route("supply-with-us", "routes/supply-with-us.tsx"),
    route("contact", "routes/contact.tsx"),
    route("terms", "routes/terms.tsx"),
    route("privacy", "routes/privacy.tsx"),

    route("*", "routes/not-found.tsx"),
  ]),

  // First-run set-up, only while the shop has no owner
  route("setup", "routes/setup.tsx"),

  // The courier's own runs ('Kurir')
  route("kurir", "routes/kurir.tsx"),
  route("kurir/langkah", "routes/kurir.langkah.ts"),

  // Staff
  route("admin/login", "routes/admin.login.tsx"),
  route("admin/orders/delivery-photo/:id", "routes/admin.orders.delivery-photo.$id.ts"),
  route("admin/receipts/print", "routes/admin.receipts.print.tsx"),
  route("admin/orders/print/:id", "routes/admin.orders.print.$id.tsx"),
  route("admin/picking-list/print", "routes/admin.picking-list.print.tsx"),
  route("admin/orders/export.csv", "routes/admin.orders.export.ts"),
  route("admin/reports/export.csv", "routes/admin.reports.export.ts"),
  route("admin/prices/export.csv", "routes/admin.prices.export.ts"),
  route("admin/orders/events", "routes/admin.orders.events.ts"),
  route("admin/backups/:name", "routes/admin.backups.$name.ts"),
  layout("routes/admin.layout.tsx", [
    route("admin", "routes/admin._index.ts"),
    route("admin/dashboard", "routes/admin.dashboard.tsx"),
    route("admin/orders/:id", "routes/admin.orders.$id.tsx"),
    route("admin/picking-list", "routes/admin.picking-list.tsx"),
    route("admin/delivery-sheet", "routes/admin.delivery-sheet.tsx"),
    route("admin/setoran", "routes/admin.setoran.tsx"),
    route("admin/invoices/print", "routes/admin.invoices.print.tsx"),
    route("admin/prices", "routes/admin.prices.tsx"),
    route("admin/products", "routes/admin.products.tsx"),
    route("admin/products/new", "routes/admin.products.new.tsx"),
    route("admin/products/:id", "routes/admin.products.$id.tsx"),
    route("admin/categories", "routes/admin.categories.tsx"),
    route("admin/inbox", "routes/admin.inbox.tsx"),
    route("admin/payments", "routes/admin.payments.tsx"),
    route("admin/suppliers", "routes/admin.suppliers.tsx"),
    route("admin/customers", "routes/admin.customers.tsx"),
    route("admin/promos", "routes/admin.promos.tsx"),
    route("admin/reports", "routes/admin.reports.tsx"),
    route("admin/team", "routes/admin.team.tsx"),
    route("admin/settings", "routes/admin.settings.tsx"),
    route("admin/settings/qris", "routes/admin.settings.qris.tsx"),
    route("admin/settings/logo", "routes/admin.settings.logo.tsx"),
    route("admin/settings/whatsapp", "routes/admin.settings.whatsapp.tsx"),
    route("admin/backups", "routes/admin.backups.tsx"),
    route("admin/search-synonyms", "routes/admin.search-synonyms.tsx"),
  ]),

  // Resources
  route("logout", "routes/logout.ts"),
  route("api/cart-products", "routes/api.cart-products.ts"),
  route("api/delivery", "routes/api.delivery.ts"),
  route("api/favorites", "routes/api.favorites.ts"),
  route("api/visitor", "routes/api.visitor.ts"),
  route("api/search-suggestions", "routes/api.search-suggestions.ts"),
  route("api/stock-alerts", "routes/api.stock-alerts.ts"),
  route("api/open-order", "routes/api.open-order.ts"),
  route("uploads/*", "routes/uploads.$.ts"),
  route("orders/:id/payment-proof", "routes/orders.$id.payment-proof.ts"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),
  route("manifest.webmanifest", "routes/manifest[.]webmanifest.ts"),
  route("healthz", "routes/healthz.ts"),
  route("webhooks/whatsapp", "routes/webhooks.whatsapp.ts"),
] satisfies RouteConfig;
