// Every URL of the shop says how its answers may be kept and who may open it, in one
// `routePolicy` next to its loader: a route that declared nothing would quietly be
// `private, no-store` and open to anyone, and a page that should be shared (or one that must
// never be) is a decision to make on purpose.
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { accessFor, isAccessLevel, type Access, type AccessLevel } from "~/lib/access";
import { enforceAccess } from "~/server/accounts/access.server";
import type { SessionUser } from "~/server/accounts/session.server";
import { declaredPolicy } from "~/server/route-policy.server";
import { ACCESS_MATRIX, ROLES, type Outcome, type Role } from "../tests/support/access-matrix";
import routes from "./routes";

type Declared = { cachePolicy?: unknown; access?: unknown };

// Who is signed in for the refusal checks below; the database is never reached.
const signedIn = vi.hoisted(() => ({ user: null as SessionUser | null }));
vi.mock("~/server/request-context.server", async (original) => ({
  ...(await original<object>()),
  userOf: async () => signedIn.user,
  dbOf: async () => {
    throw new Error("read the database before asking actorOf");
  },
}));

/** Route files that answer requests; layouts only wrap their children. */
function leafFiles(entries: RouteConfigEntry[]): string[] {
  return entries.flatMap((entry) => (entry.children?.length ? leafFiles(entry.children) : [entry.file]));
}

const modules = import.meta.glob<{ middleware?: Declared[] }>("./routes/*.{ts,tsx}");

describe("cache policy of every route", () => {
  const files = leafFiles(routes);

  it("finds the shop's routes", () => {
    expect(files.length).toBeGreaterThan(40);
    for (const file of files) expect(modules[`./${file}`], file).toBeDefined();
  });

  it.each(files)("%s declares its cache policy in its middleware", async (file) => {
    const module = await modules[`./${file}`]();
    const policies = (module.middleware ?? []).map((m) => m.cachePolicy).filter(Boolean);
    expect(policies, `${file}: add cachePolicy("catalog" | "asset" | "private") to its middleware`).toHaveLength(1);
  });

  it("shares only the catalog, content pages and public files", async () => {
    const shared: string[] = [];
    for (const file of files) {
      const module = await modules[`./${file}`]();
      const policy = (module.middleware ?? []).map((m) => m.cachePolicy).find(Boolean);
      if (policy !== "private") shared.push(`${file}: ${String(policy)}`);
    }
    expect(shared.sort()).toEqual([
      "routes/about.tsx: catalog",
      "routes/api.search-suggestions.ts: catalog",
      "routes/categories.$slug.tsx: catalog",
      "routes/categories.tsx: catalog",
      "routes/category.$slug.tsx: catalog",
      "routes/contact.tsx: catalog",
      "routes/home.tsx: catalog",
      "routes/manifest[.]webmanifest.ts: asset",
      "routes/privacy.tsx: catalog",
      "routes/products.$slug.tsx: catalog",
      "routes/products.tsx: catalog",
      "routes/robots[.]txt.ts: asset",
      "routes/search.tsx: catalog",
      "routes/sitemap[.]xml.ts: catalog",
      "routes/supply-with-us.tsx: catalog",
      "routes/terms.tsx: catalog",
      "routes/uploads.$.ts: asset",
    ]);
  });
});

const sources = import.meta.glob<string>("./routes/*.{ts,tsx}", { query: "?raw", import: "default" });

/** Each URL as app/routes.ts spells it ("" for the home page), with the file answering it. */
function routeFiles(entries: RouteConfigEntry[], prefix = ""): [string, string][] {
  return entries.flatMap((entry) => {
    const full = entry.path === undefined ? prefix : [prefix, entry.path].filter(Boolean).join("/");
    const own: [string, string][] = entry.path !== undefined || entry.index ? [[full, entry.file]] : [];
    return [...own, ...(entry.children ? routeFiles(entry.children, full) : [])];
  });
}

describe("access of every route", () => {
  const files = leafFiles(routes);

  it.each(files)("%s declares exactly one access level in its middleware", async (file) => {
    const module = await modules[`./${file}`]();
    const declared = (module.middleware ?? []).map((m) => m.access).filter((a) => a !== undefined);
    expect(declared, `${file}: add routePolicy({ cache, access }) to its middleware`).toHaveLength(1);
    const access = declared[0] as Access;
    for (const kind of ["loader", "action"] as const) expect(isAccessLevel(accessFor(access, kind)), file).toBe(true);
  });

  it("no route calls a guard of its own: access is declared, the actor read with actorOf", async () => {
    const calling: string[] = [];
    for (const [file, load] of Object.entries(sources)) {
      if (file.includes(".test.")) continue;
      if (/\brequire(Staff|Owner|User|Courier)Of\b|adminGuardMiddleware/.test(await load())) calling.push(file);
    }
    expect(calling).toEqual([]);
  });

  // What each declared level means for each role of the access matrix: the matrix's own
  // expectations must agree with the declaration of the route they test.
  const signedOut: Record<AccessLevel, (o: Outcome) => boolean> = {
    public: (o) => o !== "login" && o !== "adminLogin",
    customer: (o) => o === "login",
    staff: (o) => o === "adminLogin",
    owner: (o) => o === "adminLogin",
    courier: (o) => o === "login",
  };
  /** A read must let every role of its level through; a change may still be refused per intent by its server module. */
  function agrees(level: AccessLevel, expect: Record<Role, Outcome>, kind: "loader" | "action"): boolean {
    if (!signedOut[level](expect.visitor)) return false;
    const through = (role: Role) =>
      !["login", "adminLogin"].includes(String(expect[role])) && (kind === "action" || expect[role] !== 403);
    const held = (roles: Role[], outcome: Outcome) => roles.every((r) => expect[r] === outcome);
    switch (level) {
      case "public":
      case "customer":
        return ROLES.filter((r) => r !== "visitor").every((r) => !["login", "adminLogin"].includes(String(expect[r])));
      case "staff":
        return held(["customerA", "customerB", "courier"], "adminLogin") && through("staff") && through("admin");
      case "owner":
        return held(["customerA", "customerB", "courier"], "adminLogin") && expect.staff === 403 && through("admin");
      case "courier":
        return held(["customerA", "customerB", "staff", "admin"], 403) && through("courier");
    }
  }

  it("agrees with tests/support/access-matrix.ts, whose lines test each declaration as each role", async () => {
    const fileOf = new Map(routeFiles(routes));
    const disagreeing: string[] = [];
    for (const entry of ACCESS_MATRIX) {
      const file = fileOf.get(entry.route);
      expect(file, `access matrix line "${entry.route}" names no route of app/routes.ts`).toBeDefined();
      const policy = declaredPolicy(await modules[`./${file}`]());
      expect(policy, file).toBeDefined();
      const loader = accessFor(policy!.access, "loader");
      if (!agrees(loader, entry.get, "loader")) disagreeing.push(`${entry.route || "/"} GET: declared ${loader}`);
      const action = accessFor(policy!.access, "action");
      for (const attempt of entry.actions ?? [])
        if (!agrees(action, attempt.expect, "action"))
          disagreeing.push(`${entry.route} ${attempt.name}: declared ${action}`);
    }
    expect(disagreeing).toEqual([]);
  });
});

type RouteFunction = (args: { request: Request; params: object; context: RouterContextProvider }) => unknown;
type RouteModule = { middleware?: Declared[]; loader?: RouteFunction; action?: RouteFunction };

// A staff member on an owner's page, anyone but a courier on a courier's: the declaration
// decides the 403, and the route's loader or action throws it at its first actorOf, before it
// reads anything, so the page's own error view shows it inside its layout.
describe("a 403 that a route's access calls for", () => {
  const refusedBy: Partial<Record<AccessLevel, SessionUser["role"]>> = { owner: "staff", courier: "customer" };
  const cases = leafFiles(routes).flatMap((file) =>
    (["loader", "action"] as const).map((kind) => [file, kind] as const),
  );

  it.each(cases)("%s: its %s refuses first", async (file, kind) => {
    const module = (await modules[`./${file}`]()) as RouteModule;
    const policy = declaredPolicy(module);
    const fn = module[kind];
    const role = policy ? refusedBy[accessFor(policy.access, kind)] : undefined;
    if (!fn || !role) return;
    signedIn.user = { id: "u1", name: "Uji", email: "uji@contoh.id", role } as SessionUser;
    const request = new Request("http://toko.test/halaman", { method: kind === "loader" ? "GET" : "POST" });
    const context = new RouterContextProvider();
    await enforceAccess(context, request, policy!.access);
    const thrown = await Promise.resolve()
      .then(() => fn({ request, params: { id: "x", name: "x" }, context }))
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect((thrown as { init?: { status?: number } } | undefined)?.init?.status, `${file} ${kind}`).toBe(403);
  });
});

type MetaModule = { meta?: (args: unknown) => { title?: string }[] };
const metaModules = import.meta.glob<MetaModule>("./routes/*.{ts,tsx}");

// Every page's title is built by pageTitle: "Keranjang | <shop name>" with the configured name,
// and "Pesanan #A1B2 | Admin" on the admin panel, never a title of its own making.
describe("title of every page", () => {
  const files = leafFiles(routes);
  const shopName = "Toko Uji Coba";
  const args = {
    data: undefined,
    loaderData: undefined,
    params: {},
    location: { pathname: "/", search: "", hash: "" },
    matches: [{ id: "root", data: { shop: { name: shopName } }, loaderData: { shop: { name: shopName } } }],
    error: undefined,
  };

  it.each(files)("%s names the shop (or the admin panel) through pageTitle", async (file) => {
    const { meta } = await metaModules[`./${file}`]();
    if (!meta) return;
    const titles = meta(args)
      .map((tag) => tag.title)
      .filter((title) => title !== undefined);
    expect(titles, file).toHaveLength(1);
    expect(titles[0], file).toMatch(
      file.startsWith("routes/admin") ? / \| (Admin|Toko Uji Coba)$/ : / \| Toko Uji Coba$/,
    );
  });
});

type RobotsModule = { loader: () => Response };

// Search engines are kept out of every page a visitor may not open, by the same declarations.
describe("robots.txt", () => {
  it("disallows every page whose loader is not public, and nothing of the catalog", async () => {
    const robots = (await import("./routes/robots[.]txt")) as RobotsModule;
    const text = await (await robots.loader()).text();
    const disallowed = [...text.matchAll(/^Disallow: (.+)$/gm)].map((m) => m[1]);
    const kept = (path: string) =>
      disallowed.some((d) => (d.endsWith("/") ? `${path}/`.startsWith(d) : path === d || path.startsWith(`${d}/`)));
    const open: string[] = [];
    for (const [path, file] of routeFiles(routes)) {
      const policy = declaredPolicy(await modules[`./${file}`]());
      if (policy && accessFor(policy.access, "loader") !== "public" && !kept(`/${path}`)) open.push(`/${path}`);
    }
    expect(open).toEqual([]);
    for (const page of ["/", "/products", "/products/wortel", "/category/sayur", "/about", "/supply-with-us"])
      expect(kept(page), page).toBe(false);
    expect(disallowed).toEqual(expect.arrayContaining(["/admin", "/orders", "/profile", "/kurir", "/langganan"]));
  });
});
