// Writes .br and .gz beside every hashed browser asset at build time, at the highest levels,
// so the server sends smaller files than on-the-fly compression would and spends no CPU on them.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|html)$/;
const MIN_BYTES = 1024;

export function precompressAssets(): Plugin {
  return {
    name: "sayur:precompress-assets",
    apply: "build",
    // After the browser build and again after the server build: React Router writes the route
    // manifest (assets/manifest-*.js, loaded by every page) into the browser's assets while it
    // builds the server, after the browser build has closed.
    closeBundle() {
      // The browser environment's own output directory (build/client); the top-level config's
      // outDir is Vite's default, which this build never writes.
      const config = this.environment.getTopLevelConfig();
      const client = config.environments.client;
      if (!client) return;
      const assets = path.join(path.resolve(config.root, client.build.outDir), "assets");
      let files: string[];
      try {
        files = readdirSync(assets);
      } catch {
        return;
      }
      for (const name of files) {
        const file = path.join(assets, name);
        const { size, mtimeMs } = statSync(file);
        if (!COMPRESSIBLE.test(name) || size < MIN_BYTES) continue;
        if (writtenSince(`${file}.br`, mtimeMs) && writtenSince(`${file}.gz`, mtimeMs)) continue; // by the first pass
        const data = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

function writtenSince(file: string, mtimeMs: number): boolean {
  return existsSync(file) && statSync(file).mtimeMs >= mtimeMs;
}
