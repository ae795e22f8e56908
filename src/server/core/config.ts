import { z } from 'zod'
import net from 'node:net'
import path from 'node:path'
import { offsetToToday } from '#server/core/clock'

// Every setting the server reads from the environment, in one place, with its default.
const envSchema = z.object({
  NODE_ENV: z.string().default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
  AUTH_SECRET: z.string().min(32).optional(),
  TRUSTED_PROXIES: z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z.string().refine(isAddressOrRange, {
          error: (issue) =>
            `TRUSTED_PROXIES: ${String(issue.input)} is neither an address nor a range such as 10.0.0.0/8.`,
        }),
      ),
    ),
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
  BACKUP_TIME: z
    .string()
    .regex(/^(off|([01]\d|2[0-3]):[0-5]\d)$/, 'BACKUP_TIME is HH:MM (London time) or off')
    .default('03:00'),
  BACKUP_DIR: z.string().optional(),
  BACKUP_KEEP_DAYS: z.coerce.number().int().min(1).default(7),
  BACKUP_KEEP_MONTHS: z.coerce.number().int().min(0).default(12),
  BACKUP_PASSPHRASE: z.string().optional(),
  BACKUP_PASSPHRASE_FILE: z.string().optional(),
  BACKUP_S3_BUCKET: z.string().optional(),
  BACKUP_S3_ENDPOINT: z.string().url().optional(),
  BACKUP_S3_REGION: z.string().default('us-east-1'),
  BACKUP_S3_PREFIX: z.string().default(''),
  BACKUP_S3_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  BACKUP_S3_ACCESS_KEY_ID: z.string().optional(),
  BACKUP_S3_SECRET_ACCESS_KEY: z.string().optional(),
  SHUTDOWN_SECONDS: z.coerce.number().positive().default(8),
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
  const backups = backupSettings(parsed, dataDir)
  // TODAY moves the server's calendar (for trying out a rent year, and for tests): the clock runs
  // on from that day (London's) at the real time of day, or from the time given with it (UTC), so
  // that a test of the day's 06:00 jobs does not depend on the hour it runs at.
  const offsetMs = parsed.TODAY ? offsetToToday(parsed.TODAY, new Date()) : 0
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
    /**
     * The proxies (addresses or ranges) whose X-Forwarded-For and X-Forwarded-Proto are believed:
     * a request from one of them has the address it names (request.ip); empty, the socket's.
     */
    trustedProxies: parsed.TRUSTED_PROXIES,
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
    /**
     * How long a stop (SIGTERM) may wait for the requests and jobs under way before the process
     * exits anyway: under a service manager's own limit (systemd's TimeoutStopSec).
     */
    shutdownMs: parsed.SHUTDOWN_SECONDS * 1000,
    admin: { userName: parsed.ADMIN_USERNAME, email: parsed.ADMIN_EMAIL },
    backups,
    // Requests allowed per client: sign-ins a minute, registrations and enquiries per 10 minutes.
    limits: {
      signIn: parsed.SIGN_IN_LIMIT,
      register: parsed.REGISTER_LIMIT,
      contact: parsed.CONTACT_LIMIT,
      passwordReset: parsed.PASSWORD_RESET_LIMIT,
    },
  }
}

export type BackupSettings = ReturnType<typeof backupSettings>

// The nightly backup (issue 45, docs/decisions/0042). The passphrase and the S3 keys are read
// from the environment (or the passphrase from a file) and kept only here: never in the
// database, never in a log line.
function backupSettings(parsed: z.infer<typeof envSchema>, dataDir: string) {
  if (parsed.BACKUP_PASSPHRASE && parsed.BACKUP_PASSPHRASE_FILE)
    throw new Error('Set one of BACKUP_PASSPHRASE and BACKUP_PASSPHRASE_FILE, not both.')
  const passphrase = parsed.BACKUP_PASSPHRASE
    ? { value: parsed.BACKUP_PASSPHRASE }
    : parsed.BACKUP_PASSPHRASE_FILE
      ? { file: path.resolve(parsed.BACKUP_PASSPHRASE_FILE) }
      : undefined
  const keys = [parsed.BACKUP_S3_ACCESS_KEY_ID, parsed.BACKUP_S3_SECRET_ACCESS_KEY]
  if (keys.some(Boolean) && !keys.every(Boolean))
    throw new Error('Set both BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY, or neither.')
  if (parsed.BACKUP_S3_BUCKET && !passphrase)
    throw new Error(
      'BACKUP_S3_BUCKET needs BACKUP_PASSPHRASE or BACKUP_PASSPHRASE_FILE: a backup leaves the machine only encrypted.',
    )
  return {
    /** HH:MM on London's clock, or undefined: no nightly backup. */
    time: parsed.BACKUP_TIME === 'off' ? undefined : parsed.BACKUP_TIME,
    dir: path.resolve(parsed.BACKUP_DIR ?? path.join(dataDir, 'backups')),
    keep: { days: parsed.BACKUP_KEEP_DAYS, months: parsed.BACKUP_KEEP_MONTHS },
    passphrase,
    /** Where the nightly backup is copied, when a bucket is named. */
    s3: parsed.BACKUP_S3_BUCKET
      ? { bucket: parsed.BACKUP_S3_BUCKET, prefix: parsed.BACKUP_S3_PREFIX }
      : undefined,
    /** How the S3-compatible store is reached (also by a restore from s3://BUCKET/KEY). */
    store: {
      endpoint: parsed.BACKUP_S3_ENDPOINT,
      region: parsed.BACKUP_S3_REGION,
      pathStyle: parsed.BACKUP_S3_PATH_STYLE === 'true',
      // Without them, the AWS SDK's own chain (AWS_ACCESS_KEY_ID, an instance's role...).
      credentials: parsed.BACKUP_S3_ACCESS_KEY_ID
        ? {
            accessKeyId: parsed.BACKUP_S3_ACCESS_KEY_ID,
            secretAccessKey: parsed.BACKUP_S3_SECRET_ACCESS_KEY!,
          }
        : undefined,
    },
  }
}

// With PUBLIC_URL set, only its origin. Without it the app is being tried out on this machine, so
// the loopback names of its port are all accepted.
function allowedOrigins(publicUrl: string | undefined, port: number): string[] {
  if (publicUrl) return [new URL(publicUrl).origin]
  return ['localhost', '127.0.0.1', '[::1]'].map((host) => `http://${host}:${port}`)
}

// An IPv4 or IPv6 address, or a range of them in CIDR notation, as Fastify's trustProxy takes
// them: checked here, so that a mistyped entry stops the start with a line naming the setting.
function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/')
  const version = net.isIP(address)
  if (version === 0 || rest.length > 0) return false
  if (prefix === undefined) return true
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128)
}
