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
}

// The functions a CPU profile (node --cpu-prof) spent most of its busy samples in, by self time
// (the share of the samples in which the process was not idle): what `BENCH_PROFILE` prints for
// the server of each engine.
export function profileTop(file: string, count = 15): string[] {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile
  const byName = new Map<string, number>()
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
  let busy = 0
  for (const id of profile.samples) {
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
