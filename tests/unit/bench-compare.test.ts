import { describe, expect, it } from 'vitest'
import { compareWithBaseline, type Baseline } from '../../scripts/bench/compare.ts'

// bench:compare judges each figure against the hello-world of its own run, so a machine slower
// all round (the shared machine's hello-world has cost 13 µs one day, 38 µs another) marks
// nothing, while a request grown dearer than the machine explains is marked.
const run = (hello: number, person: number, rps: number): Baseline => ({
  measured: '2026-11-27T21:00:00.000Z',
  commit: 'abc1234',
  loadAverage: [1, 1, 1],
  settings: { seconds: 6, runs: 3, connections: 50 },
  figures: {
    hello: { 'baseline: Fastify hello world': { rps: 1_000_000 / hello, serverCpuUs: hello } },
    postgres: { 'one person': { rps, serverCpuUs: person } },
  },
})

describe('bench:compare', () => {
  it('marks nothing when the machine is three times slower at everything', () => {
    const { worse, lines } = compareWithBaseline(run(13, 200, 3000), run(39, 600, 1000))
    expect(worse).toBe(0)
    expect(lines.join('\n')).not.toContain('WORSE')
  })

  it('marks a request whose CPU grew by more than 15% against the same hello-world', () => {
    const { worse, lines } = compareWithBaseline(run(13, 200, 3000), run(13, 240, 3000))
    expect(worse).toBe(1)
    expect(lines.find((line) => line.includes('one person'))).toContain('WORSE BY MORE THAN 15%')
  })
})
