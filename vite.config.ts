import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import { precompressAssets } from "./server/precompress-plugin.ts";

// Phones on a weak signal pay a round trip per file, and browsers open only six connections
// per host over HTTP/1.1. Left alone, the bundler makes one file per shared icon and helper
// (over 40 requests for the home page); here the framework is one file and the shell every
// shop page shows (header, bottom bar, cart, the toasts' provider and the frame's small helpers,
// with all they import) another; the footer and the toasts' drawing load after the page starts.
const clientChunks = {
  groups: [
    {
      name: "framework",
      test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
      priority: 3,
    },
    {
      name: "shell",
      test: /app[\\/](components[\\/](site-header|bottom-nav|hydrate-later|cart-provider|error-state-later|favorites-sync|favorites-key|page-title|root-data|ui[\\/](toast|stroke-icons))\.tsx?|lib[\\/](nonce|seo|pwa|typed-before-hydration|uuid)\.tsx?)$/,
      priority: 2,
    },
    // What every catalog page (home, list, product, category, search) shows.
    {
      name: "catalog",
      test: /app[\\/]components[\\/](product-grid|product-card|product-image|price-block|quantity-stepper|skeletons)\.tsx$/,
      priority: 1,
    },
    // Icons used by only some pages: one small file per set of pages instead of one per icon.
    {
      name: "icons",
      test: /node_modules[\\/]lucide-react[\\/]/,
      entriesAware: true,
      entriesAwareMergeThreshold: 1_500,
    },
  ],
};

// Every lucide icon module builds its component with `createLucideIcon`; both builds (the
// server's markup and the browser's hydration must agree) give it the shop's small one.
function lightIcons(): Plugin {
  const light = fileURLToPath(new URL("./app/components/ui/lucide-lite.ts", import.meta.url));
  return {
    name: "sayur:light-icons",
    enforce: "pre",
    resolveId(source, importer) {
      if (
        source === "../createLucideIcon.mjs" &&
        importer &&
        /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/.test(importer)
      )
        return light;
      return null;
    },
    // The React keys and alias names each icon's data carries are for lucide's own function:
    // random six-letter keys that compress badly, in every page's icons.
    transform(code, id) {
      if (!/lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/.test(id)) return null;
      return code.replace(/,\s*key: "[\w-]+"/g, "").replace(/,\s*aliases: \[[^\]]*\]/g, "");
    },
  };
}

// React Router 7 ships a production build beside its development one, but its package exports
// name only the development files, so every bundle gets the development warnings and their
// messages (the maintainers' own open report). The browser's build takes the production files:
// the same code with the warnings off, and no warning in a shopper's console. Only there: the
// server build leaves React Router to Node, whose `@react-router/express` loads the development
// files, and one process must not hold two copies of the router (their contexts differ).
function routerProductionFiles(): { find: RegExp; replacement: string }[] {
  const file = (name: string) =>
    fileURLToPath(new URL(`./node_modules/react-router/dist/production/${name}`, import.meta.url));
  if (!existsSync(file("index.mjs")) || !existsSync(file("dom-export.mjs"))) return [];
  return [
    { find: /^react-router$/, replacement: file("index.mjs") },
    { find: /^react-router\/dom$/, replacement: file("dom-export.mjs") },
  ];
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [lightIcons(), tailwindcss(), reactRouter(), precompressAssets()],
  resolve: {
    tsconfigPaths: true,
    alias: command === "build" && !isSsrBuild ? routerProductionFiles() : [],
  },
  server: { port: 3000 },
  // Bundled into the server too, so its markup is drawn by the same small icon function.
  ssr: { noExternal: ["lucide-react"] },
  // The bundler's report of slow plugins is for the bundler's authors: `npm start` builds on a
  // shop owner's first run, and its console shows only the shop's own lines.
  build: isSsrBuild
    ? { rolldownOptions: { checks: { bundlerTimings: false } } }
    : {
        rolldownOptions: {
          checks: { bundlerTimings: false },
          // Merged chunks are named after every page that shares them; the group name is enough.
          output: {
            codeSplitting: clientChunks,
            chunkFileNames: (chunk) => `assets/${chunk.name.split("~")[0]}-[hash].js`,
          },
        },
      },
}));
