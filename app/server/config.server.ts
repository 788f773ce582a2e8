// Every environment variable the shop reads, parsed once, with laptop-friendly defaults.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { defaultShop, type ShopIdentity } from "~/lib/shop";

const envSchema = z.object({
  NODE_ENV: z.string().default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  DATABASE_STARTUP_WAIT_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  APP_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().optional(),
  BETTER_AUTH_SECRET: z.string().min(32).optional(),
  UPLOADS_DIR: z.string().optional(),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  SHOP_NAME: z.string().optional(),
  SHOP_PHONE: z.string().optional(),
  SHOP_WHATSAPP: z
    .string()
    .regex(/^62\d{7,13}$/, "SHOP_WHATSAPP harus berupa angka dengan kode negara 62, mis. 6281234567890")
    .optional(),
  SHOP_EMAIL: z.string().email().optional(),
  SHOP_ADDRESS: z.string().optional(),
  // Automatic daily backups: the hour (Jakarta), how many to keep, where (default DATA_DIR/backups).
  BACKUP_HOUR: z.coerce.number().int().min(0).max(23).default(3),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(365).default(14),
  BACKUP_DIR: z.string().optional(),
  // "false" when migrations run once at deploy time (`npm run db:migrate`) instead.
  MIGRATE_ON_START: z.enum(["true", "false", "1", "0"]).default("true"),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  // The WhatsApp Cloud API connection (app/server/whatsapp/); the settings page wins where both are set.
  WHATSAPP_PHONE_NUMBER_ID: z.string().optional(),
  WHATSAPP_ACCESS_TOKEN: z.string().optional(),
  WHATSAPP_APP_SECRET: z.string().optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().optional(),
  WHATSAPP_GRAPH_URL: z
    .string()
    .url("WHATSAPP_GRAPH_URL harus alamat URL, mis. https://graph.facebook.com/v23.0")
    .optional(),
  // Tests only: the server's clock starts at this instant (see clock.server.ts).
  SHOP_CLOCK_START: z.iso
    .datetime({ offset: true, message: "SHOP_CLOCK_START harus waktu ISO, mis. 2026-11-25T20:59:50+07:00" })
    .optional(),
});

export type S3Config = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};

/** The bucket settings when all of them are given; none means local disk; some is a mistake. */
function s3Config(e: z.infer<typeof envSchema>): S3Config | undefined {
  const given = {
    S3_ENDPOINT: e.S3_ENDPOINT,
    S3_BUCKET: e.S3_BUCKET,
    S3_ACCESS_KEY_ID: e.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: e.S3_SECRET_ACCESS_KEY,
  };
  const missing = Object.entries(given)
    .filter(([, v]) => !v)
    .map(([k]) => k);
  if (missing.length === 4) return undefined;
  if (missing.length > 0) throw new Error(`Konfigurasi tidak valid: penyimpanan S3 butuh juga ${missing.join(", ")}`);
  return {
    endpoint: e.S3_ENDPOINT!.replace(/\/+$/, ""),
    bucket: e.S3_BUCKET!,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID!,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
  };
}

export type AppConfig = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== "")));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Konfigurasi tidak valid: ${problems}`);
  }
  const e = parsed.data;
  if (e.SHOP_CLOCK_START && e.NODE_ENV === "production") {
    throw new Error(
      "Konfigurasi tidak valid: SHOP_CLOCK_START hanya untuk pengujian dan tidak boleh dipakai dengan NODE_ENV=production",
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT || 3000}`).replace(/\/+$/, "");
  const shop: ShopIdentity = {
    ...defaultShop,
    name: e.SHOP_NAME ?? defaultShop.name,
    phone: e.SHOP_PHONE ?? defaultShop.phone,
    whatsapp: e.SHOP_WHATSAPP ?? defaultShop.whatsapp,
    email: e.SHOP_EMAIL ?? defaultShop.email,
    street: e.SHOP_ADDRESS ?? defaultShop.street,
  };
  return {
    isProduction: e.NODE_ENV === "production",
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseQueryTimeoutMs: e.DATABASE_QUERY_TIMEOUT_MS,
    databaseStartupWaitSeconds: e.DATABASE_STARTUP_WAIT_SECONDS,
    appUrl,
    secureCookies: appUrl.startsWith("https://"),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `${shop.name} <${shop.email}>`,
    explicitAuthSecret: e.BETTER_AUTH_SECRET,
    migrateOnStart: e.MIGRATE_ON_START === "true" || e.MIGRATE_ON_START === "1",
    s3: s3Config(e),
    uploadsDir: path.resolve(e.UPLOADS_DIR ?? path.join(dataDir, "uploads")),
    outboxDir: path.join(dataDir, "outbox"),
    backupDir: path.resolve(e.BACKUP_DIR ?? path.join(dataDir, "backups")),
    backupHour: e.BACKUP_HOUR,
    backupKeep: e.BACKUP_KEEP,
    logLevel: e.LOG_LEVEL,
    clockStart: e.SHOP_CLOCK_START,
    whatsapp: {
      phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID ?? "",
      accessToken: e.WHATSAPP_ACCESS_TOKEN ?? "",
      appSecret: e.WHATSAPP_APP_SECRET ?? "",
      verifyToken: e.WHATSAPP_VERIFY_TOKEN ?? "",
      graphUrl: e.WHATSAPP_GRAPH_URL ?? "",
    },
    shop,
  };
}

let cached: AppConfig | undefined;
export function config(): AppConfig {
  cached ??= loadConfig();
  return cached;
}

/** Tests change the environment between cases; this forgets the parsed copy. */
export function resetConfigForTests() {
  cached = undefined;
}

/**
 * The auth secret: BETTER_AUTH_SECRET when set (required when several processes share
 * one database), else one generated on first start and kept in DATA_DIR so sessions
 * survive restarts on a laptop.
 */
export function authSecret(cfg: AppConfig = config()): string {
  if (cfg.explicitAuthSecret) return cfg.explicitAuthSecret;
  const file = path.join(cfg.dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(cfg.dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
  return secret;
}
