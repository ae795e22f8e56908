import fs from 'node:fs'
import { pipeline } from 'node:stream/promises'
import { createGunzip, createGzip } from 'node:zlib'
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  randomBytes,
  scrypt,
  timingSafeEqual,
  type ScryptOptions,
} from 'node:crypto'
import type { BackupSettings } from '#server/core/config'
import { fileStartsWith, writeDurably } from '#server/core/db/sqlite-files'

// A backup that leaves the machine is encrypted with a passphrase kept outside the database
// (docs/decisions/0042): compressed, then AES-256-GCM under a key that scrypt derives from the
// passphrase and a random salt. The file is a small header, the ciphertext and GCM's tag:
//
//   magic "allotment-backup" (16) | version 1 (1) | scrypt log2 N, r, p (3) | salt (16) | IV (12)
//   | passphrase check (32) | ciphertext ... | tag (16)
//
// The header is authenticated with the contents (GCM's additional data). The check is the
// SHA-256 of a second 32 bytes scrypt derives beside the key: it tells a wrong passphrase from a
// damaged file, and is worth no more to a guesser than the tag (each guess still costs an scrypt).

const MAGIC = Buffer.from('allotment-backup', 'latin1')
const VERSION = 1
const SALT_BYTES = 16
const IV_BYTES = 12
const CHECK_BYTES = 32
const TAG_BYTES = 16
const HEADER_BYTES = MAGIC.length + 1 + 3 + SALT_BYTES + IV_BYTES + CHECK_BYTES
// 32 MiB and about a tenth of a second a backup: dear for a guesser, cheap once a night.
const COST = { log2N: 15, r: 8, p: 1 }
// A header asking for more than this is not one we wrote (1 GiB of memory at 2^20).
const MAX_LOG2_N = 20

export class WrongPassphraseError extends Error {
  constructor(file: string) {
    super(
      `The passphrase does not open ${file}: it is not the one the backup was made with ` +
        '(BACKUP_PASSPHRASE or BACKUP_PASSPHRASE_FILE).',
    )
    this.name = 'WrongPassphraseError'
  }
}

export class DamagedBackupError extends Error {
  constructor(file: string, why: string) {
    super(`The backup ${file} is damaged: ${why}.`)
    this.name = 'DamagedBackupError'
  }
}

// Shorter is too easily guessed by whoever holds a copy: they may try offline, for ever.
const MIN_PASSPHRASE = 12

/**
 * The passphrase of BACKUP_PASSPHRASE, or read from the file BACKUP_PASSPHRASE_FILE names (its
 * last line break not part of it) each time it is needed; undefined when neither is set.
 */
export function readPassphrase({ passphrase }: Pick<BackupSettings, 'passphrase'>) {
  if (!passphrase) return undefined
  let text = passphrase.value
  if (text === undefined) {
    try {
      text = fs.readFileSync(passphrase.file!, 'utf8').replace(/\r?\n$/, '')
    } catch (error) {
      throw new Error(
        `The passphrase file ${passphrase.file} cannot be read: ${(error as Error).message}`,
      )
    }
  }
  if (text.length < MIN_PASSPHRASE)
    throw new Error(`The backup passphrase must be at least ${MIN_PASSPHRASE} characters long.`)
  return text
}

/** Whether a file is an encrypted backup (by its first bytes). */
export const isEncryptedBackup = (file: string) => fileStartsWith(file, MAGIC)

function deriveKeys(passphrase: string, salt: Buffer, cost: typeof COST) {
  const N = 2 ** cost.log2N
  const options: ScryptOptions = { N, r: cost.r, p: cost.p, maxmem: 256 * N * cost.r + 2 ** 20 }
  return new Promise<{ key: Buffer; check: Buffer }>((resolve, reject) =>
    scrypt(passphrase, salt, 64, options, (error, derived) => {
      if (error) return reject(error)
      resolve({
        key: derived.subarray(0, 32),
        check: createHash('sha256').update(derived.subarray(32)).digest(),
      })
    }),
  )
}

/** Writes `source` compressed and encrypted into `destination`, renamed into place when whole. */
export async function encryptFile(source: string, destination: string, passphrase: string) {
  const salt = randomBytes(SALT_BYTES)
  const iv = randomBytes(IV_BYTES)
  const { key, check } = await deriveKeys(passphrase, salt, COST)
  const header = Buffer.concat([
    MAGIC,
    Buffer.from([VERSION, COST.log2N, COST.r, COST.p]),
    salt,
    iv,
    check,
  ])
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(header)
  await writeDurably(destination, (partial) =>
    pipeline(
      fs.createReadStream(source),
      createGzip(),
      cipher,
      async function* (encrypted: AsyncIterable<Buffer>) {
        yield header
        yield* encrypted
        // The cipher has ended, so its tag is known.
        yield cipher.getAuthTag()
      },
      fs.createWriteStream(partial),
    ),
  )
}

/**
 * Writes the decrypted contents of `source` into `destination`. The file is checked whole (GCM's
 * tag) before `destination` carries its name: a wrong passphrase or a damaged file leaves nothing.
 */
export async function decryptFile(
  source: string,
  destination: string,
  passphrase: string,
  /** How messages name the backup (where it was downloaded from). */
  name = source,
) {
  const { size } = fs.statSync(source)
  if (size < HEADER_BYTES + TAG_BYTES) throw new DamagedBackupError(name, 'it is cut short')
  const fd = fs.openSync(source, 'r')
  const header = Buffer.alloc(HEADER_BYTES)
  const tag = Buffer.alloc(TAG_BYTES)
  try {
    fs.readSync(fd, header, 0, HEADER_BYTES, 0)
    fs.readSync(fd, tag, 0, TAG_BYTES, size - TAG_BYTES)
  } finally {
    fs.closeSync(fd)
  }
  if (!header.subarray(0, MAGIC.length).equals(MAGIC))
    throw new DamagedBackupError(name, 'it is not an encrypted backup')
  let at = MAGIC.length
  const take = (bytes: number) => header.subarray(at, (at += bytes))
  const [version, log2N, r, p] = take(4)
  if (version !== VERSION)
    throw new DamagedBackupError(
      name,
      `it is of version ${version}, which this release cannot read`,
    )
  if (!log2N || log2N > MAX_LOG2_N || !r || !p)
    throw new DamagedBackupError(name, 'its header is not one this release writes')
  const salt = take(SALT_BYTES)
  const iv = take(IV_BYTES)
  const stored = take(CHECK_BYTES)
  const { key, check } = await deriveKeys(passphrase, salt, { log2N, r, p })
  if (!timingSafeEqual(check, stored)) throw new WrongPassphraseError(name)
  const decipher = createDecipheriv('aes-256-gcm', key, iv)
  decipher.setAAD(header)
  decipher.setAuthTag(tag)
  try {
    await writeDurably(destination, (partial) =>
      pipeline(
        fs.createReadStream(source, { start: HEADER_BYTES, end: size - TAG_BYTES - 1 }),
        decipher,
        createGunzip(),
        fs.createWriteStream(partial),
      ),
    )
  } catch (error) {
    // The right passphrase, so contents that fail are changed or cut: GCM's tag says so at the
    // end, or the decompression of what the tag has not yet vouched for says so sooner.
    if (failsItsCheck(error))
      throw new DamagedBackupError(name, 'its contents fail their authentication check')
    throw error
  }
}

function failsItsCheck(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string }
  return code?.startsWith('Z_') === true || /unable to authenticate/.test(message ?? '')
}
