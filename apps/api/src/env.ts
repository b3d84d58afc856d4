import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

import { parseTrustProxy } from './lib/trust-proxy';
import { RECOGNIZERS } from './modules/receipts/ocr/names';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** An external PostgreSQL 15+; without it the server runs an embedded PostgreSQL in DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default(path.join(repoRoot, '.data')),
  /** No longer used (tokens name server-side sessions now); still accepted so older settings start. */
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  /**
   * Key that seals two-factor secrets in the database (any text of 32+ characters). Without it a random key
   * is kept in DATA_DIR/secret.key; servers sharing one database need the same key.
   */
  SECRET_KEY: z.string().min(32, 'SECRET_KEY must be at least 32 characters').optional(),
  RUN_HTTP: flag.default(true),
  RUN_JOBS: flag.default(true),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  /**
   * false: /sw.js answers with the web app's kill switch (dist/sw-kill-switch.js), which deletes every cache
   * of the app in the browsers that had its service worker and unregisters it (see ARCHITECTURE.md).
   */
  SERVICE_WORKER: flag.default(true),
  /** Comma-separated origins (https://app.example.com) allowed to call the API from another site. */
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    ),
  /** Behind reverse proxies: how many (1) or their addresses (10.0.0.2,192.168.0.0/16); see lib/trust-proxy.ts. */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if (typeof parsed === 'object' && !Array.isArray(parsed) && parsed !== null) {
        ctx.addIssue({ code: 'custom', message: parsed.problem });
        return z.NEVER;
      }
      return parsed;
    }),
  /** Login and sign-up attempts per client address per 15 minutes (a household behind one NAT shares it). */
  AUTH_ATTEMPTS_PER_IP: z.coerce.number().int().positive().default(50),
  /** The receipt OCR engine: PaddleOCR (best, ~2 GB at peak) or tesseract (for small machines, ~0.7 GB). */
  RECEIPT_OCR: z.enum(RECOGNIZERS).default('paddle'),
  /**
   * Outgoing mail (password reset links, account erase notices): smtp://user:pass@host:587 or
   * smtps://user:pass@host:465. Without it no e-mail is sent and `paisable-admin reset-password` resets.
   */
  SMTP_URL: z
    .string()
    .optional()
    .refine((value) => value === undefined || /^smtps?:\/\/[^/]/.test(value), {
      message: 'SMTP_URL must look like smtp://user:pass@host:587 or smtps://user:pass@host:465',
    }),
  /** The From address of those e-mails. */
  MAIL_FROM: z.string().default('Paisable <paisable@localhost>'),
  /** The address users open the app at (https://money.example.com): e-mailed links start with it. */
  APP_URL: z.string().url('APP_URL must be a full address such as https://money.example.com').optional(),
  /**
   * The daily reference exchange rates (the ECB's daily XML file, or a mirror of it); `off` fetches none
   * (rates then come from uploaded ECB files and typed ones). A server without internet keeps working.
   */
  RATES_URL: z
    .string()
    .default('https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml')
    .refine((value) => value === 'off' || /^https?:\/\/[^/]/.test(value), {
      message: 'RATES_URL must be an http(s) address or off',
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
});

export type Env = z.infer<typeof envSchema>;

/** The only reader of process.env: parsed once at boot, so a bad setting stops the start with a clear message. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${problems.join('\n')}`);
  }
  const env = parsed.data;
  return { ...env, DATA_DIR: path.resolve(env.DATA_DIR), WEB_DIST: path.resolve(env.WEB_DIST) };
}
