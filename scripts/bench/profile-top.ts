import fs from 'node:fs'
import path from 'node:path'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  hitCount?: number
}

interface Profile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
  startTime: number
}

/** Whether a profile file is of a process's main thread (tsx's loader thread writes its own). */
export const isMainThread = (file: string) => /\.\d+\.0\.\d+\.cpuprofile$/.test(file)

// The functions a CPU profile (node --cpu-prof) spent most of its busy samples in, by self time
// (the share of the samples in which the process was not idle): what `BENCH_PROFILE` prints for
// the server of each engine. Counted `fromSeconds` after the profile began: the server's start
// (loading its modules) is not what a request costs.
export function profileTop(file: string, fromSeconds = 0, count = 15): string[] {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile
  const byName = new Map<string, number>()
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
  let busy = 0
  let at = profile.startTime
  for (const [i, id] of profile.samples.entries()) {
    at += profile.timeDeltas[i]!
    if (at - profile.startTime < fromSeconds * 1e6) continue
    const frame = nodes.get(id)!.callFrame
    if (frame.functionName === '(idle)') continue
    busy++
    const where = frame.url ? `${path.basename(frame.url)}:${frame.lineNumber + 1}` : ''
    const name = `${frame.functionName || '(anonymous)'} ${where}`.trim()
    byName.set(name, (byName.get(name) ?? 0) + 1)
  }
  return [...byName]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, hits]) => `${((100 * hits) / busy).toFixed(1).padStart(5)}% ${name}`)
}
