import path from 'node:path'
import { findProgram, PROXY_PROGRAMS } from '../tests/helpers/proxies.ts'
import { installDebianPackages } from './lib/debian-packages.ts'

// tests/api/behind-a-proxy.test.ts runs the app behind Caddy and nginx: Debian's packages are
// installed where they can be (lib/debian-packages.ts).

const MISSING = `The proxy tests need Caddy and nginx: run \`sudo apt-get install ${PROXY_PROGRAMS.join(' ')}\`.`

/** Makes sure both proxies are there; false (with the line said) when they are not to be had. */
export function ensureProxies(): boolean {
  const missing = PROXY_PROGRAMS.filter((program) => !findProgram(program))
  if (missing.length === 0) return true
  const why = `No ${missing.join(' or ')} found: installing Debian's ${missing.join(' and ')} for the proxy tests.`
  if (installDebianPackages(missing, why) && missing.every((program) => findProgram(program)))
    return true
  console.error(MISSING)
  return false
}

if (import.meta.filename === path.resolve(process.argv[1] ?? ''))
  process.exit(ensureProxies() ? 0 : 1)
