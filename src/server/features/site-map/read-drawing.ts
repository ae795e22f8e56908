import { Worker } from 'node:worker_threads'
import { siteMapMessages } from '#shared/messages/site-map'
import { AppError } from '#server/core/errors'
import { checkDrawingBounds } from '#server/features/site-map/drawing-bounds'
import type { ImportedDrawing } from '#server/features/site-map/import-svg'

// Reading a drawing (jsdom, svgpath, DOMPurify) takes seconds for a council's site and cannot be
// split into steps, so it runs in a worker thread: the server's event loop goes on answering
// everyone else. The text is measured first (drawing-bounds.ts), so that a hostile file costs
// nothing; whatever still takes longer than the time limit, or more memory than the worker is
// given, is refused and its worker stopped. One worker reads one drawing at a time, and is kept
// for the next until it has been idle for a minute.

/** How long reading one drawing may take once its worker has started: the largest allowed
 * (10,000 elements) takes about 5 s of processor time, and a busy server stretches that. */
export const DRAWING_TIME_LIMIT_MS = 60_000
const IDLE_MS = 60_000
const MEMORY_MB = 512
/** Loading tsx, jsdom and DOMPurify in a new thread. */
const START_LIMIT_MS = 60_000

export type DrawingAnswer =
  | { drawing: ImportedDrawing }
  | { refused: { status: number; detail: string } }
  | { failed: string }

let reader: Promise<Worker> | undefined
let idle: NodeJS.Timeout | undefined
let queue: Promise<unknown> = Promise.resolve()

/** The drawing in `text` as plots and a sanitised background, or a refusal (AppError). */
export function readDrawing(
  text: string,
  timeLimitMs = DRAWING_TIME_LIMIT_MS,
): Promise<ImportedDrawing> {
  checkDrawingBounds(text)
  const turn = queue.then(() => readInWorker(text, timeLimitMs))
  queue = turn.catch(() => undefined)
  return turn
}

async function readInWorker(text: string, timeLimitMs: number): Promise<ImportedDrawing> {
  clearTimeout(idle)
  reader ??= startWorker()
  const worker = await reader.catch((error: unknown) => {
    reader = undefined
    throw error
  })
  let kept = true
  try {
    worker.postMessage(text)
    const answer = await nextMessage<DrawingAnswer>(worker, timeLimitMs)
    if ('refused' in answer) throw new AppError(answer.refused.status, answer.refused.detail)
    if ('failed' in answer) throw new Error(`Reading a drawing failed: ${answer.failed}`)
    return answer.drawing
  } catch (error) {
    if (error instanceof AppError) throw error
    // Out of time or memory, or broken: this worker is not used again.
    kept = false
    stopWorker(worker)
    if (error === OUT_OF_TIME || (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY')
      throw new AppError(422, siteMapMessages.drawingTooComplex)
    throw error
  } finally {
    if (kept) idle = setTimeout(() => stopWorker(worker), IDLE_MS).unref()
  }
}

// The worker runs the TypeScript through tsx, as the server does (decision 2): registered inside
// it, since Node 20 does not pass the main thread's loader hooks on to workers.
function startWorker(): Promise<Worker> {
  const tsx = import.meta.resolve('tsx/esm/api')
  const entry = new URL('./drawing-worker.ts', import.meta.url).href
  const boot = `import { register } from ${JSON.stringify(tsx)}
register()
await import(${JSON.stringify(entry)})`
  const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(boot)}`), {
    resourceLimits: { maxOldGenerationSizeMb: MEMORY_MB },
  })
  // A server shutting down does not wait for it.
  worker.unref()
  return nextMessage(worker, START_LIMIT_MS).then(() => worker)
}

function stopWorker(worker: Worker) {
  reader = undefined
  clearTimeout(idle)
  void worker.terminate()
}

const OUT_OF_TIME = new Error('The drawing took too long to read.')

// The worker's next message; its error or its end, or the time running out, instead.
function nextMessage<T>(worker: Worker, timeLimitMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => settle(() => reject(OUT_OF_TIME)), timeLimitMs)
    const onMessage = (message: T) => settle(() => resolve(message))
    const onError = (error: Error) => settle(() => reject(error))
    const onExit = (code: number) =>
      settle(() => reject(new Error(`The drawing reader stopped with exit code ${code}.`)))
    function settle(then: () => void) {
      clearTimeout(timer)
      worker.off('message', onMessage).off('error', onError).off('exit', onExit)
      then()
    }
    worker.on('message', onMessage).on('error', onError).on('exit', onExit)
  })
}
