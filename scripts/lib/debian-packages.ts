import { spawnSync } from 'node:child_process'

// Some tests need programs from Debian's packages (Chromium; Caddy and nginx). A newcomer's first
// `npm test` on a fresh machine has none: as root with apt-get (the project's machines and CI)
// they are installed; anywhere else the caller stops at once with the one line to act on, instead
// of tests failing minutes later.

function canInstall() {
  return process.getuid?.() === 0 && spawnSync('sh', ['-c', 'command -v apt-get']).status === 0
}

/** Installs Debian's packages, saying why; false when not root with apt-get, or when it fails. */
export function installDebianPackages(packages: readonly string[], why: string): boolean {
  if (!canInstall()) return false
  console.log(why)
  const run = (command: string) =>
    spawnSync('sh', ['-c', command], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status === 0
  return run('apt-get update -qq') && run(`apt-get install -y -qq ${packages.join(' ')}`)
}
