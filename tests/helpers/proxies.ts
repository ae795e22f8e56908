import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import https from 'node:https'
import os from 'node:os'
import path from 'node:path'
import { executable } from './chromium.ts'

// The proxies of deploy/ (Caddy, nginx) run for real in front of a test server: each the repo's
// own file, with only its name, ports and certificate swapped for local ones on loopback, so that
// what is tested is what a volunteer copies onto a server.

const root = path.resolve(import.meta.dirname, '../..')

/** The programs a proxy test runs; scripts/ensure-proxies.ts installs their Debian packages. */
export const PROXY_PROGRAMS = ['caddy', 'nginx'] as const

// nginx is in /usr/sbin, which is not on every user's PATH.
const SEARCHED = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/sbin']

/** Where a program is, on the PATH or in /usr/sbin; undefined when it is nowhere. */
export function findProgram(name: string): string | undefined {
  return SEARCHED.filter(Boolean)
    .map((folder) => path.join(folder, name))
    .find(executable)
}

/** One HTTP answer, read whole. */
export interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
}

export interface RequestOptions {
  /** The loopback address the request leaves from (127.0.0.2, 127.0.0.3…): one client each. */
  from: string
  method?: string
  path: string
  headers?: Record<string, string>
  body?: object
}

export interface Proxy {
  /** An HTTPS request through the proxy, trusting its local certificate (and no other). */
  request(options: RequestOptions): Promise<Answer>
  /** A plain-HTTP request to the proxy's port 80 (its redirect). */
  plainRequest(options: RequestOptions): Promise<Answer>
  stop(): Promise<void>
}

export interface ProxyPorts {
  http: number
  https: number
  /** The app's port on 127.0.0.1, where deploy/ says 3000. */
  app: number
}

/** A repo file with each swap made; a swap whose text is gone fails, so the file and test agree. */
function repoFile(file: string, swaps: [from: string, to: string][]): string {
  let text = fs.readFileSync(path.join(root, file), 'utf8')
  for (const [from, to] of swaps) {
    if (!text.includes(from)) throw new Error(`${file} no longer has ${from}`)
    text = text.replaceAll(from, to)
  }
  return text
}

function send(
  client: typeof http | typeof https,
  port: number,
  tls: https.RequestOptions,
  { from, method = 'GET', path: url, headers = {}, body }: RequestOptions,
): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body)
  return new Promise((resolve, reject) => {
    const request = client.request(
      {
        ...tls,
        host: '127.0.0.1',
        port,
        localAddress: from,
        method,
        path: url,
        // A connection of its own, so that it leaves from `from`.
        agent: false,
        headers: {
          host: `localhost:${port}`,
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
      },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (text += chunk))
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
        )
      },
    )
    request.on('error', reject)
    request.end(payload)
  })
}

/** An HTTP request straight to a server on 127.0.0.1, leaving from the given address. */
export const directRequest = (port: number, options: RequestOptions) =>
  send(http, port, {}, options)

async function runProxy(
  name: string,
  ports: ProxyPorts,
  ca: () => Buffer,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<Proxy> {
  const child: ChildProcess = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const proxy: Proxy = {
    request: (options) => send(https, ports.https, { ca: ca(), servername: 'localhost' }, options),
    plainRequest: (options) => send(http, ports.http, {}, options),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
  const deadline = Date.now() + 20_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited at once:\n${output}`)
    try {
      const answer = await proxy.request({ from: '127.0.0.1', path: '/api/site' })
      if (answer.status === 200) return proxy
    } catch {
      // not listening, or no certificate yet
    }
    if (Date.now() > deadline) {
      await proxy.stop()
      throw new Error(`${name} did not pass a request on within 20 s:\n${output}`)
    }
    await new Promise((r) => setTimeout(r, 100))
  }
}

/**
 * deploy/Caddyfile in front of the app, with Caddy's own local certificate authority (`tls
 * internal` for every site) instead of Let's Encrypt, and everything it keeps in a folder of its own.
 */
export async function startCaddy(ports: ProxyPorts, folder: string): Promise<Proxy> {
  const site = repoFile('deploy/Caddyfile', [
    ['allotments.example.org', 'localhost'],
    ['127.0.0.1:3000', `127.0.0.1:${ports.app}`],
  ])
  const globalOptions = [
    '{',
    '\tadmin off',
    '\tlocal_certs',
    '\tskip_install_trust',
    `\thttp_port ${ports.http}`,
    `\thttps_port ${ports.https}`,
    '\tdefault_bind 127.0.0.1',
    `\tstorage file_system {\n\t\troot ${folder}\n\t}`,
    '}',
  ].join('\n')
  const config = path.join(folder, 'Caddyfile')
  fs.writeFileSync(config, `${globalOptions}\n\n${site}`)
  const ca = () => fs.readFileSync(path.join(folder, 'pki/authorities/local/root.crt'))
  const env = { ...process.env, HOME: folder, XDG_DATA_HOME: folder, XDG_CONFIG_HOME: folder }
  const args = ['run', '--config', config, '--adapter', 'caddyfile']
  return runProxy('Caddy', ports, ca, findProgram('caddy') ?? 'caddy', args, env)
}

/**
 * deploy/nginx.conf in front of the app, in a minimal nginx.conf of its own (as Debian's includes
 * sites-enabled), with a self-signed certificate for localhost made by openssl.
 */
export async function startNginx(ports: ProxyPorts, folder: string): Promise<Proxy> {
  // Workers run as www-data when nginx starts as root: they must reach the folder's temp files.
  fs.chmodSync(folder, 0o755)
  const certificate = path.join(folder, 'localhost.crt')
  const key = path.join(folder, 'localhost.key')
  const made = spawnSync('openssl', [
    ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
    ...['-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost'],
    ...['-keyout', key, '-out', certificate],
  ])
  if (made.status !== 0) throw new Error(`openssl failed: ${made.stderr.toString()}`)
  const site = repoFile('deploy/nginx.conf', [
    ['/etc/letsencrypt/live/allotments.example.org/fullchain.pem', certificate],
    ['/etc/letsencrypt/live/allotments.example.org/privkey.pem', key],
    ['allotments.example.org', 'localhost'],
    ['listen 80;', `listen 127.0.0.1:${ports.http};`],
    ['listen [::]:80;', ''],
    ['listen 443 ssl http2;', `listen 127.0.0.1:${ports.https} ssl http2;`],
    ['listen [::]:443 ssl http2;', ''],
    ['127.0.0.1:3000', `127.0.0.1:${ports.app}`],
  ])
  fs.writeFileSync(path.join(folder, 'site.conf'), site)
  const temp = (kind: string) => `${kind}_temp_path ${path.join(folder, kind)};`
  const config = path.join(folder, 'nginx.conf')
  fs.writeFileSync(
    config,
    [
      ...(process.getuid?.() === 0 ? ['user www-data;'] : []),
      `pid ${path.join(folder, 'nginx.pid')};`,
      `error_log ${path.join(folder, 'error.log')};`,
      'events {}',
      'http {',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${temp(kind)}`),
      `  include ${path.join(folder, 'site.conf')};`,
      '}',
    ].join('\n'),
  )
  const nginx = findProgram('nginx') ?? 'nginx'
  const checked = spawnSync(nginx, ['-t', '-c', config, '-e', path.join(folder, 'error.log')])
  if (checked.status !== 0) throw new Error(`nginx -t refused it:\n${checked.stderr.toString()}`)
  const args = ['-c', config, '-e', path.join(folder, 'error.log'), '-g', 'daemon off;']
  return runProxy('nginx', ports, () => fs.readFileSync(certificate), nginx, args)
}

/** A temporary folder for one proxy's files. */
export const proxyFolder = (name: string) =>
  fs.mkdtempSync(path.join(os.tmpdir(), `allotment-${name}-`))
