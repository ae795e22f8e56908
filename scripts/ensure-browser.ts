import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { findChromium } from '../tests/helpers/chromium.ts'

// The browser tests need a Chromium. A newcomer's first `npm test` on a fresh machine finds none:
// as root with apt-get (the project's machines and CI), Debian's package is installed, as
// .ci/run used to do by itself; anywhere else the run stops at once with the one line to act on,
// instead of every browser test failing minutes later.

const MISSING =
  'The browser tests need Chromium: run `sudo apt-get install chromium`, or set CHROMIUM_PATH to a Chromium or Chrome.'

function canInstall() {
  return process.getuid?.() === 0 && spawnSync('sh', ['-c', 'command -v apt-get']).status === 0
}

function install() {
  console.log("No Chromium found: installing Debian's chromium for the browser tests.")
  const run = (command: string) =>
    spawnSync('sh', ['-c', command], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status === 0
  return run('apt-get update -qq') && run('apt-get install -y -qq chromium')
}

/** Makes sure a browser is there; false (with the line said) when there is none to be had. */
export function ensureBrowser(): boolean {
  if (process.env.CHROMIUM_PATH && !findChromium()) {
    console.error(
      `CHROMIUM_PATH is ${process.env.CHROMIUM_PATH}, which is not a program. ${MISSING}`,
    )
    return false
  }
  if (findChromium()) return true
  if (canInstall() && install() && findChromium()) return true
  console.error(MISSING)
  return false
}

if (import.meta.filename === path.resolve(process.argv[1] ?? ''))
  process.exit(ensureBrowser() ? 0 : 1)
