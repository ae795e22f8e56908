// Debian's Chromium and the flags it needs on these machines (no sandbox as root, no calls to
// Google's services, which the closed network refuses). Shared by the tests and the benchmarks.
export const CHROMIUM_PATH = '/usr/bin/chromium'

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
]
