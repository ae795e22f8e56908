import fs from 'node:fs'

// Debian's Chromium and the flags it needs on these machines (no sandbox as root, no calls to
// Google's services, which the closed network refuses). Shared by the tests and the benchmarks.

/** Where a Chromium may be: CHROMIUM_PATH first, then the usual places of Debian and others. */
const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']

/** Whether a file is there and may be run. */
export function executable(file: string) {
  try {
    fs.accessSync(file, fs.constants.X_OK)
    return true
  } catch {
    return false
  }
}

/** The browser found now, if any: the setting when it is one, else the first candidate present. */
export function findChromium(): string | undefined {
  const configured = process.env.CHROMIUM_PATH
  if (configured) return executable(configured) ? configured : undefined
  return CANDIDATES.find(executable)
}

export const CHROMIUM_PATH = findChromium() ?? CANDIDATES[0]!

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
]
