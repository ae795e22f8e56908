// The in-page half of bench:ui. installProbe runs as an init script (before the app's own
// scripts), so long tasks and first paints are seen from navigation start; everything is timed
// with performance.now(), whose origin is the navigation start.
//
// These functions are serialised into the page, so they may use nothing from this module. tsx
// wraps inner functions in an `__name(fn, 'name')` helper the page lacks: NAME_SHIM defines it.

export const NAME_SHIM = 'globalThis.__name = (fn) => fn'

export interface LongTask {
  start: number
  duration: number
}

/** One input (key or click) and the DOM reacting to it, in ms since navigation start. */
export interface Reaction {
  inputAt: number | null
  // The last mutation of the watched container after the input: the list has settled.
  settledAt: number | null
  // A frame after that mutation (requestAnimationFrame, then a message): roughly when it shows.
  paintedAt: number | null
  // Event Timing's duration (input to the next paint) of the input's events; null when below
  // the 16 ms reporting threshold.
  eventDuration: number | null
}

export interface FirstSeen {
  domAt: number
  paintedAt: number | null
}

export interface BenchProbe {
  longTasks: LongTask[]
  firstSeen: Record<string, FirstSeen>
  watch(containerSelector: string, ignoreSelector?: string): void
  settled(quietMs: number, timeoutMs: number): Promise<Reaction>
  scrollToBottom(stepPx: number): Promise<number[]>
}

declare global {
  interface Window {
    __bench: BenchProbe
  }
}

/** Init script; `firstSelectors` are the lists whose first appearance is timed. */
export function installProbe(firstSelectors: string[]) {
  // A message posted from a frame callback arrives after that frame's paint.
  const afterNextPaint = (callback: () => void) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel()
      channel.port1.onmessage = callback
      channel.port2.postMessage(null)
    })

  const longTasks: LongTask[] = []
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      longTasks.push({ start: entry.startTime, duration: entry.duration })
  }).observe({ type: 'longtask', buffered: true })

  const events: Array<{ start: number; duration: number }> = []
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      events.push({ start: entry.startTime, duration: entry.duration })
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit)

  // Each page shows one of the lists; after the first found, the observer stops costing time.
  const firstSeen: Record<string, FirstSeen> = {}
  const seen = new MutationObserver(() => {
    const found = firstSelectors.find((selector) => document.querySelector(selector))
    if (!found) return
    seen.disconnect()
    const record: FirstSeen = { domAt: performance.now(), paintedAt: null }
    firstSeen[found] = record
    afterNextPaint(() => (record.paintedAt = performance.now()))
  })
  seen.observe(document, { childList: true, subtree: true })

  let current: Reaction = { inputAt: null, settledAt: null, paintedAt: null, eventDuration: null }
  let observer: MutationObserver | undefined
  let mutations = 0
  // The event's own timestamp is when the browser received the input, so time the page spent
  // busy before handling it counts too.
  const onInput = (event: Event) => {
    if (current.inputAt === null) current.inputAt = event.timeStamp
  }
  addEventListener('keydown', onInput, true)
  addEventListener('click', onInput, true)

  window.__bench = {
    longTasks,
    firstSeen,
    watch(containerSelector, ignoreSelector) {
      observer?.disconnect()
      current = { inputAt: null, settledAt: null, paintedAt: null, eventDuration: null }
      const container = document.querySelector(containerSelector)
      if (!container) throw new Error(`nothing matches ${containerSelector}`)
      observer = new MutationObserver((records) => {
        const outside = (record: MutationRecord) => {
          const node = record.target
          const element = node instanceof Element ? node : node.parentElement
          return !ignoreSelector || !element?.closest(ignoreSelector)
        }
        if (current.inputAt === null || !records.some(outside)) return
        current.settledAt = performance.now()
        const mutation = ++mutations
        afterNextPaint(() => {
          if (mutation === mutations) current.paintedAt = performance.now()
        })
      })
      observer.observe(container, {
        childList: true,
        subtree: true,
        attributes: true,
        characterData: true,
      })
    },
    // Settled: painted after its last mutation, and no mutation for quietMs since.
    settled(quietMs, timeoutMs) {
      const deadline = performance.now() + timeoutMs
      return new Promise((resolve) => {
        const check = () => {
          const now = performance.now()
          const { inputAt, settledAt, paintedAt } = current
          const quiet = settledAt !== null && paintedAt !== null && now - settledAt >= quietMs
          if (!quiet && now < deadline) return void setTimeout(check, 25)
          observer?.disconnect()
          const durations = events
            .filter((entry) => inputAt !== null && entry.start >= inputAt - 1)
            .map((entry) => entry.duration)
          const eventDuration = durations.length ? Math.max(...durations) : null
          resolve({ ...current, eventDuration })
        }
        check()
      })
    },
    // Scrolls a step each frame, as a quick fling would, and returns the gaps between frames.
    scrollToBottom(stepPx) {
      return new Promise((resolve) => {
        const gaps: number[] = []
        let last: number | undefined
        let lastY = -1
        const frame = (now: number) => {
          if (last !== undefined) gaps.push(now - last)
          last = now
          const bottom = document.documentElement.scrollHeight - innerHeight
          // Stuck a pixel short of the bottom (rounding) counts as there.
          if (scrollY >= bottom - 1 || scrollY === lastY) return resolve(gaps)
          lastY = scrollY
          scrollBy(0, stepPx)
          requestAnimationFrame(frame)
        }
        requestAnimationFrame(frame)
      })
    },
  }
}
