import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { precompressAssets } from "./server/precompress-plugin.ts";

// Phones on a weak signal pay a round trip per file, and browsers open only six connections
// per host over HTTP/1.1. Left alone, the bundler makes one file per shared icon and helper
// (over 40 requests for the home page); here the framework is one file and the shell every
// shop page shows (header, footer, bottom bar, cart, toasts, with all they import) another.
const clientChunks = {
  groups: [
    {
      name: "framework",
      test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
      priority: 3,
    },
    {
      name: "shell",
      test: /app[\\/]components[\\/](site-header|site-footer|bottom-nav|cart-provider|error-state|ui[\\/]toast)\.tsx$/,
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
      entriesAwareMergeThreshold: 4_000,
    },
  ],
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter(), precompressAssets()],
  resolve: { tsconfigPaths: true },
  server: { port: 3000 },
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
