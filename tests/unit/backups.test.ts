import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { backupDaysKept, nextBackupDay } from '#shared/domain/backups'
import { londonDate, londonMoment } from '#shared/domain/dates'
import {
  DamagedBackupError,
  decryptFile,
  encryptFile,
  isEncryptedBackup,
  readPassphrase,
  WrongPassphraseError,
} from '#server/core/backups/encryption'
import { loadConfig } from '#server/core/config'

// Issue 45, item 5: when the nightly backup runs on London's clock, which backups are kept, and
// the encrypted file that leaves the machine.

describe('the nightly backup on London time', () => {
  it('reads the time on the wall, in winter and in summer', () => {
    expect(londonMoment('2026-01-15', '03:00').toISOString()).toBe('2026-01-15T03:00:00.000Z')
    expect(londonMoment('2026-07-15', '03:00').toISOString()).toBe('2026-07-15T02:00:00.000Z')
    expect(londonDate(new Date('2026-07-15T23:30:00Z'))).toBe('2026-07-16')
    expect(londonDate(new Date('2026-01-15T23:30:00Z'))).toBe('2026-01-15')
  })

  it('takes the hour BST skips an hour later, and the hour it repeats once, the first time', () => {
    // 29 March 2026: 01:00 GMT becomes 02:00 BST, so 01:30 never shows on a London clock.
    expect(londonMoment('2026-03-29', '01:30').toISOString()).toBe('2026-03-29T01:30:00.000Z')
    expect(londonMoment('2026-03-29', '03:00').toISOString()).toBe('2026-03-29T02:00:00.000Z')
    // 25 October 2026: 02:00 BST becomes 01:00 GMT, so 01:30 shows twice.
    expect(londonMoment('2026-10-25', '01:30').toISOString()).toBe('2026-10-25T00:30:00.000Z')
  })

  it('runs next tonight when tonight’s time is still to come, else tomorrow night', () => {
    expect(nextBackupDay(new Date('2026-07-15T01:59:00Z'), '03:00')).toBe('2026-07-15')
    expect(nextBackupDay(new Date('2026-07-15T02:00:00Z'), '03:00')).toBe('2026-07-16')
    // 23:30 UTC on 15 July is already the 16th in London.
    expect(nextBackupDay(new Date('2026-07-15T23:30:00Z'), '03:00')).toBe('2026-07-16')
  })
})

describe('backups kept', () => {
  const taken = [
    '2025-12-31',
    '2026-01-01',
    '2026-01-15',
    '2026-02-03',
    '2026-02-20',
    '2026-03-01',
    '2026-03-20',
    '2026-03-27',
    '2026-03-28',
    '2026-03-29',
  ]

  it('keeps the last days, and the first of each of the last months', () => {
    const kept = backupDaysKept(taken, '2026-03-29', { days: 3, months: 2 })
    expect([...kept].sort()).toEqual([
      '2026-02-03',
      '2026-03-01',
      '2026-03-27',
      '2026-03-28',
      '2026-03-29',
    ])
    expect([...backupDaysKept(taken, '2026-03-29', { days: 1, months: 0 })]).toEqual(['2026-03-29'])
  })

  it('keeps the month’s first for good once the later ones of the month have gone', () => {
    const kept = backupDaysKept(['2026-02-03', '2026-02-04', '2026-02-05'], '2026-02-05', {
      days: 2,
      months: 1,
    })
    expect([...kept].sort()).toEqual(['2026-02-03', '2026-02-04', '2026-02-05'])
    expect([
      ...backupDaysKept(['2026-02-03', '2026-02-05'], '2026-02-06', {
        days: 1,
        months: 1,
      }),
    ]).toEqual(['2026-02-03'])
  })

  it('keeps a backup dated after today (a clock put back)', () => {
    expect(
      backupDaysKept(['2026-05-01'], '2026-04-01', { days: 1, months: 0 }).has('2026-05-01'),
    ).toBe(true)
  })
})

describe('an encrypted backup', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'allotment-encryption-'))
  const clear = path.join(dir, 'backup.json')
  const sealed = path.join(dir, 'backup.json.enc')
  const contents = JSON.stringify({ people: ['Ada Lovelace'], note: 'x'.repeat(100_000) })
  const passphrase = 'correct horse battery staple'
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

  it('holds none of its contents in clear, and gives them back with the passphrase', async () => {
    fs.writeFileSync(clear, contents)
    await encryptFile(clear, sealed, passphrase)
    const bytes = fs.readFileSync(sealed)
    expect(isEncryptedBackup(sealed)).toBe(true)
    expect(isEncryptedBackup(clear)).toBe(false)
    expect(bytes.includes('Lovelace')).toBe(false)
    // Compressed before it is encrypted.
    expect(bytes.length).toBeLessThan(contents.length / 10)
    const back = path.join(dir, 'back.json')
    await decryptFile(sealed, back, passphrase)
    expect(fs.readFileSync(back, 'utf8')).toBe(contents)
  })

  it('says a wrong passphrase is wrong, and leaves nothing', async () => {
    const back = path.join(dir, 'wrong.json')
    await expect(decryptFile(sealed, back, 'not the passphrase at all')).rejects.toThrow(
      WrongPassphraseError,
    )
    await expect(decryptFile(sealed, back, 'not the passphrase at all')).rejects.toThrow(
      /^The passphrase does not open .*backup\.json\.enc: it is not the one the backup was made with/,
    )
    expect(fs.existsSync(back)).toBe(false)
  })

  it('says a changed or cut file is damaged, and leaves nothing', async () => {
    const bytes = fs.readFileSync(sealed)
    const changed = path.join(dir, 'changed.enc')
    const flipped = Buffer.from(bytes)
    flipped[flipped.length - 40]! ^= 1
    fs.writeFileSync(changed, flipped)
    const back = path.join(dir, 'changed.json')
    await expect(decryptFile(changed, back, passphrase)).rejects.toThrow(DamagedBackupError)
    expect(fs.existsSync(back)).toBe(false)
    fs.writeFileSync(changed, bytes.subarray(0, bytes.length - 100))
    await expect(decryptFile(changed, back, passphrase)).rejects.toThrow(
      /is damaged: its contents fail their authentication check/,
    )
    expect(fs.existsSync(back)).toBe(false)
  })

  it('names the backup as it was asked for, not the file it was downloaded to', async () => {
    const later = Buffer.from(fs.readFileSync(sealed))
    later['allotment-backup'.length] = 99
    const downloaded = path.join(dir, 'download.partial')
    fs.writeFileSync(downloaded, later)
    const back = path.join(dir, 'later.json')
    await expect(
      decryptFile(downloaded, back, passphrase, 's3://backups/allotment-2026-12-09.json.enc'),
    ).rejects.toThrow(
      /^The backup s3:\/\/backups\/allotment-2026-12-09\.json\.enc is damaged: it is of version 99, which this release cannot read/,
    )
    expect(fs.existsSync(back)).toBe(false)
  })
})

describe('the backup settings', () => {
  it('copy to S3 only with a passphrase, and take one passphrase, from one place', () => {
    expect(() => loadConfig({ BACKUP_S3_BUCKET: 'backups' })).toThrow(
      /BACKUP_S3_BUCKET needs BACKUP_PASSPHRASE or BACKUP_PASSPHRASE_FILE/,
    )
    expect(() =>
      loadConfig({ BACKUP_PASSPHRASE: 'p'.repeat(12), BACKUP_PASSPHRASE_FILE: '/etc/pass' }),
    ).toThrow(/not both/)
    expect(() => loadConfig({ BACKUP_S3_ACCESS_KEY_ID: 'key' })).toThrow(/or neither/)
    expect(() => loadConfig({ BACKUP_TIME: '3am' })).toThrow(/HH:MM/)
    const { backups } = loadConfig({ DATA_DIR: '/srv/allotment', BACKUP_TIME: 'off' })
    expect(backups).toMatchObject({ time: undefined, dir: '/srv/allotment/backups', s3: undefined })
  })

  it('reads the passphrase from its file each time, without the line break, and refuses a short one', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'allotment-passphrase-'))
    try {
      const file = path.join(dir, 'passphrase')
      const { backups } = loadConfig({ BACKUP_PASSPHRASE_FILE: file })
      expect(() => readPassphrase(backups)).toThrow(/^The passphrase file .* cannot be read/)
      fs.writeFileSync(file, 'a passphrase kept in a file\n')
      expect(readPassphrase(backups)).toBe('a passphrase kept in a file')
      fs.writeFileSync(file, 'too short\n')
      expect(() => readPassphrase(backups)).toThrow(/at least 12 characters/)
      expect(readPassphrase(loadConfig({}).backups)).toBeUndefined()
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
