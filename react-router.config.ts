import type { Config } from "@react-router/dev/config";

// Every React Router v8 behaviour is chosen here, so the build names no undecided flag.
// Two stay off on purpose: with `v8_passThroughRequests` loaders would see the raw data URL
// (`/products/x.data`) in `request.url`, which routes read for return paths and page links;
// with `v8_trailingSlashAwareDataRequests` the home page's data URL changes from `/_root.data`,
// which the HTTP cache policy and its tests name.
export default {
  ssr: true,
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
