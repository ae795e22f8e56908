import path from 'node:path'
import { findChromium } from '../tests/helpers/chromium.ts'
import { installDebianPackages } from './lib/debian-packages.ts'

// The browser tests need a Chromium: Debian's package is installed where it can be
// (lib/debian-packages.ts), as .ci/run used to do by itself.

const MISSING =
  'The browser tests need Chromium: run `sudo apt-get install chromium`, or set CHROMIUM_PATH to a Chromium or Chrome.'

/** Makes sure a browser is there; false (with the line said) when there is none to be had. */
export function ensureBrowser(): boolean {
  if (process.env.CHROMIUM_PATH && !findChromium()) {
    console.error(
      `CHROMIUM_PATH is ${process.env.CHROMIUM_PATH}, which is not a program. ${MISSING}`,
    )
    return false
  }
  if (findChromium()) return true
  const why = "No Chromium found: installing Debian's chromium for the browser tests."
  if (installDebianPackages(['chromium'], why) && findChromium()) return true
  console.error(MISSING)
  return false
}

if (import.meta.filename === path.resolve(process.argv[1] ?? ''))
  process.exit(ensureBrowser() ? 0 : 1)
