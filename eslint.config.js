import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const SERVER_OR_DB = {
  group: ["~/server/*", "~/db/*", "**/server/*", "**/db/*", "**/*.server", "**/*.server.*"],
  message: "Components and app/lib run in the browser too: reach the server through a route's loader or action.",
  // A type describes data a loader sent; it never brings server code into the bundle.
  allowTypeImports: true,
};
const ROUTES = {
  group: ["~/routes/*", "~/root", "**/routes/*", "**/root"],
  message: "Routes depend on app/lib and app/server, never the other way round.",
  allowTypeImports: true,
};
// Not even for a type: a component that reads a route's loader type or the root's hooks ties
// itself to one page. What components share lives in components or lib (root-data.ts,
// admin/dashboard/dashboard-data.ts).
const ROUTES_FROM_COMPONENTS = {
  group: ["~/routes/*", "~/root", "**/routes/*", "**/root"],
  message:
    "Components never import a route or root.tsx, not even a type: move what they share to app/components or app/lib.",
};
const DB_CLIENT = {
  group: ["~/server/db.server", "**/server/db.server", "~/db/client.server", "**/db/client.server"],
  message:
    "Routes never open the database themselves: take it from the request context with dbOf(context) (~/server/request-context.server).",
  allowTypeImports: true,
};
const COMPONENTS = {
  group: ["~/components/*", "**/components/*"],
  message: "Server modules return data; components render it in the route.",
};

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "data/", ".tmp/", "bench/results/", "public/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
      "no-console": ["error", { allow: ["warn", "error"] }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  // The layers, enforced: components and lib never reach the server or the database; lib never
  // imports routes; routes take the database from the request context, never from the client;
  // server modules never import routes or components. Tests may import anything.
  {
    files: ["app/components/**"],
    ignores: ["**/*.test.*"],
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", { patterns: [SERVER_OR_DB, ROUTES_FROM_COMPONENTS] }],
    },
  },
  {
    files: ["app/lib/**"],
    ignores: ["**/*.test.*"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [SERVER_OR_DB, ROUTES] }] },
  },
  {
    files: ["app/routes/**"],
    ignores: ["**/*.test.*"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [DB_CLIENT] }] },
  },
  {
    files: ["app/server/**"],
    ignores: ["**/*.test.*"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [ROUTES, COMPONENTS] }] },
  },
  {
    files: ["scripts/**", "server/**", "tests/**", "bench/**"],
    rules: { "no-console": "off" },
  },
);
