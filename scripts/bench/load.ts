import fs from 'node:fs'
import autocannon, { type Client, type Request } from 'autocannon'

export interface LoadResult {
  name: string
  rps: number
  p50: number
  p975: number
  p99: number
  errors: number
  non2xx: number
  /** The server process's CPU time (user + system) per request, in microseconds. */
  serverCpuUs: number
}

export interface LoadOptions {
  name: string
  url: string
  connections: number
  seconds: number
  headers?: Record<string, string>
  /** The server's process id: its CPU time per request is measured alongside. */
  serverPid?: number
  /** Each connection gets its own cycle of requests (e.g. add then remove one tenant). */
  requestsFor?: (
    connection: number,
  ) => Array<{ method: 'GET' | 'PUT' | 'DELETE' | 'POST'; path: string }>
}

// utime and stime, fields 14 and 15 of /proc/<pid>/stat, in clock ticks (100 a second on Linux).
// On a two-core machine the load generator competes with the server for the CPU, and for large
// answers it is the client, parsing megabytes a second, that runs out first; the server's own
// CPU time per request shows what each answer costs whatever the client manages.
const TICKS_PER_SECOND = 100

function cpuSeconds(pid: number | undefined): number {
  if (!pid) return NaN
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND
}

export async function load(options: LoadOptions): Promise<LoadResult> {
  let connection = 0
  const cpuBefore = cpuSeconds(options.serverPid)
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    headers: options.headers ?? {},
    ...(options.requestsFor
      ? {
          setupClient: (client: Client) => {
            client.setRequests(options.requestsFor!(connection++) as Request[])
          },
        }
      : {}),
  })
  return {
    name: options.name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p975: result.latency.p97_5,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    serverCpuUs: ((cpuSeconds(options.serverPid) - cpuBefore) * 1e6) / result.requests.total,
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** The median of several runs, figure by figure, to damp the machine's noise. */
export async function medianLoad(options: LoadOptions, runs: number): Promise<LoadResult> {
  const results: LoadResult[] = []
  for (let i = 0; i < runs; i++) results.push(await load(options))
  return medianOf(options.name, results)
}

function medianOf(name: string, results: LoadResult[]): LoadResult {
  return {
    name,
    rps: median(results.map((r) => r.rps)),
    p50: median(results.map((r) => r.p50)),
    p975: median(results.map((r) => r.p975)),
    p99: median(results.map((r) => r.p99)),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
    serverCpuUs: median(results.map((r) => r.serverCpuUs)),
  }
}

/**
 * One load spread over several servers (instances sharing one database), the connections split
 * between them, as a load balancer would: requests per second add up, the latencies are the
 * worst instance's, and the CPU per request is over all of them.
 */
export async function loadAcross(
  urls: string[],
  pids: number[],
  options: LoadOptions,
): Promise<LoadResult> {
  const share = Math.ceil(options.connections / urls.length)
  const parts = await Promise.all(
    urls.map((url, i) =>
      load({
        ...options,
        url,
        connections: share,
        ...(pids[i] ? { serverPid: pids[i] } : {}),
        ...(options.requestsFor
          ? { requestsFor: (c: number) => options.requestsFor!(c * urls.length + i) }
          : {}),
      }),
    ),
  )
  const total = parts.reduce((sum, r) => sum + r.rps, 0)
  return {
    name: options.name,
    rps: total,
    p50: Math.max(...parts.map((r) => r.p50)),
    p975: Math.max(...parts.map((r) => r.p975)),
    p99: Math.max(...parts.map((r) => r.p99)),
    errors: parts.reduce((sum, r) => sum + r.errors, 0),
    non2xx: parts.reduce((sum, r) => sum + r.non2xx, 0),
    serverCpuUs: parts.reduce((sum, r) => sum + r.serverCpuUs * r.rps, 0) / total,
  }
}

/** The median of several runs of a load spread over several servers. */
export async function medianLoadAcross(
  urls: string[],
  pids: number[],
  options: LoadOptions,
  runs: number,
) {
  const results: LoadResult[] = []
  for (let i = 0; i < runs; i++) results.push(await loadAcross(urls, pids, options))
  return medianOf(options.name, results)
}
