import { z } from 'zod'
import path from 'node:path'

// Every setting the server reads from the environment, in one place, with its default.
const envSchema = z.object({
  NODE_ENV: z.string().default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
  AUTH_SECRET: z.string().min(32).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Allotment Association <no-reply@allotment.example>'),
  CONTACT_TO: z.string().default('committee@allotment.example'),
  EMAILJS_SERVICE_ID: z.string().optional(),
  EMAILJS_TEMPLATE_ID: z.string().optional(),
  EMAILJS_PUBLIC_KEY: z.string().optional(),
  EMAILJS_URL: z.string().url().default('https://api.emailjs.com'),
  CHARITY_NAME: z.string().default('Riverside Allotment Association'),
  CHARITY_NUMBER: z.string().default('1234567'),
  CHARITY_REGISTER_URL: z
    .string()
    .url()
    .default('https://register-of-charities.charitycommission.gov.uk/'),
  ADMIN_USERNAME: z.string().default('admin'),
  ADMIN_EMAIL: z.string().default('admin@allotment.example'),
  SIGN_IN_LIMIT: z.coerce.number().int().positive().default(10),
  REGISTER_LIMIT: z.coerce.number().int().positive().default(10),
  CONTACT_LIMIT: z.coerce.number().int().positive().default(5),
  PASSWORD_RESET_LIMIT: z.coerce.number().int().positive().default(5),
  EMAIL_RETRY_SECONDS: z.coerce.number().positive().default(60),
  JOB_POLL_MS: z.coerce.number().int().positive().default(1000),
  JOB_LEASE_SECONDS: z.coerce.number().positive().default(120),
  TODAY: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2})?$/)
    .optional(),
})

export type Config = ReturnType<typeof loadConfig>

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = envSchema.parse(env)
  const emailjs = [parsed.EMAILJS_SERVICE_ID, parsed.EMAILJS_TEMPLATE_ID, parsed.EMAILJS_PUBLIC_KEY]
  if (emailjs.some(Boolean) && !emailjs.every(Boolean)) {
    throw new Error(
      'EmailJS needs all three of EMAILJS_SERVICE_ID, EMAILJS_TEMPLATE_ID and EMAILJS_PUBLIC_KEY.',
    )
  }
  const dataDir = path.resolve(parsed.DATA_DIR)
  // TODAY moves the server's calendar (for trying out a rent year, and for tests): the clock runs
  // on from that day at the real time of day, or from the time given with it (UTC), so that a
  // test of the day's 06:00 jobs does not depend on the hour it runs at.
  const offsetMs = !parsed.TODAY
    ? 0
    : parsed.TODAY.includes('T')
      ? Date.parse(`${parsed.TODAY}:00Z`) - Date.now()
      : Date.parse(`${parsed.TODAY}T00:00:00Z`) -
        Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`)
  const publicUrl = parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`
  return {
    production: parsed.NODE_ENV === 'production',
    port: parsed.PORT,
    host: parsed.HOST,
    dataDir,
    databaseUrl: parsed.DATABASE_URL,
    /** The address people use: the auth library's requests are built on it, never on headers. */
    publicUrl,
    /** The origins whose pages may send state-changing requests. */
    origins: allowedOrigins(parsed.PUBLIC_URL, parsed.PORT),
    authSecret: parsed.AUTH_SECRET,
    logLevel: parsed.LOG_LEVEL,
    email: {
      smtpUrl: parsed.SMTP_URL,
      from: parsed.MAIL_FROM,
      contactTo: parsed.CONTACT_TO,
      outboxDir: path.join(dataDir, 'outbox'),
      retrySeconds: parsed.EMAIL_RETRY_SECONDS,
      emailjs: parsed.EMAILJS_SERVICE_ID
        ? {
            serviceId: parsed.EMAILJS_SERVICE_ID,
            templateId: parsed.EMAILJS_TEMPLATE_ID!,
            publicKey: parsed.EMAILJS_PUBLIC_KEY!,
            url: parsed.EMAILJS_URL,
          }
        : undefined,
    },
    charity: {
      name: parsed.CHARITY_NAME,
      number: parsed.CHARITY_NUMBER,
      registerUrl: parsed.CHARITY_REGISTER_URL,
    },
    /** Now, as the server takes it (TODAY moves it); every due date and deadline reads this. */
    clock: () => new Date(Date.now() + offsetMs),
    jobs: { pollMs: parsed.JOB_POLL_MS, leaseMs: parsed.JOB_LEASE_SECONDS * 1000, batch: 50 },
    admin: { userName: parsed.ADMIN_USERNAME, email: parsed.ADMIN_EMAIL },
    // Requests allowed per client: sign-ins a minute, registrations and enquiries per 10 minutes.
    limits: {
      signIn: parsed.SIGN_IN_LIMIT,
      register: parsed.REGISTER_LIMIT,
      contact: parsed.CONTACT_LIMIT,
      passwordReset: parsed.PASSWORD_RESET_LIMIT,
    },
  }
}

// With PUBLIC_URL set, only its origin. Without it the app is being tried out on this machine, so
// the loopback names of its port are all accepted.
function allowedOrigins(publicUrl: string | undefined, port: number): string[] {
  if (publicUrl) return [new URL(publicUrl).origin]
  return ['localhost', '127.0.0.1', '[::1]'].map((host) => `http://${host}:${port}`)
}
