import { Worker } from 'node:worker_threads'
import { AppError } from '#server/core/errors'

// Reading an uploaded file (a bank statement, a spreadsheet, a drawing) runs in a worker thread,
// so that the server's event loop goes on answering everyone else: even a parser that is linear
// in its file holds the loop for seconds on the largest allowed (20 MB of CSV), and a request
// waiting 100 ms is already too long. Each kind of file has its worker, reading one file at a
// time, kept for the next until it has been idle for a minute. Whatever takes longer than its
// time limit, or more memory than the worker is given, is refused (422, the feature's message)
// and its worker stopped; the next file gets a fresh one. (Decision 30.)

export interface OffThreadLimits {
  /** How long reading one file may take once its worker has started. */
  timeLimitMs: number
  /** The refusal when that time, or the worker's memory, runs out. */
  tooLong: string
  memoryMb?: number
}

/** What the worker answers: the function's result, a refusal (AppError), or what went wrong. */
export type OffThreadAnswer =
  { value: unknown } | { refused: { status: number; detail: string } } | { failed: string }

const IDLE_MS = 60_000
const MEMORY_MB = 512
/** Loading tsx and the parsers in a new thread. */
const START_LIMIT_MS = 60_000
const OUT_OF_TIME = new Error('Reading the file took too long.')

type Reader = (...args: never[]) => unknown

/**
 * `name`, exported by the module at `module`, called in a worker thread: each call sends its
 * arguments there (structured-cloned) and answers with the result, or the refusal it threw.
 */
export function offThread<F extends Reader>(module: URL, name: string, limits: OffThreadLimits) {
  let worker: Promise<Worker> | undefined
  let idle: NodeJS.Timeout | undefined
  let queue: Promise<unknown> = Promise.resolve()

  const stop = (stopped: Worker) => {
    worker = undefined
    clearTimeout(idle)
    void stopped.terminate()
  }

  async function readInWorker(args: Parameters<F>, timeLimitMs: number) {
    clearTimeout(idle)
    worker ??= startWorker(module, name, limits.memoryMb ?? MEMORY_MB)
    const reader = await worker.catch((error: unknown) => {
      worker = undefined
      throw error
    })
    let kept = true
    try {
      reader.postMessage(args)
      const answer = await nextMessage<OffThreadAnswer>(reader, timeLimitMs)
      if ('refused' in answer) throw new AppError(answer.refused.status, answer.refused.detail)
      if ('failed' in answer) throw new Error(`Reading a file failed: ${answer.failed}`)
      return answer.value as Awaited<ReturnType<F>>
    } catch (error) {
      if (error instanceof AppError) throw error
      // Out of time or memory, or broken: this worker is not used again.
      kept = false
      stop(reader)
      if (error === OUT_OF_TIME || (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY')
        throw new AppError(422, limits.tooLong)
      throw error
    } finally {
      if (kept) idle = setTimeout(() => stop(reader), IDLE_MS).unref()
    }
  }

  return (args: Parameters<F>, timeLimitMs = limits.timeLimitMs) => {
    const turn = queue.then(() => readInWorker(args, timeLimitMs))
    queue = turn.catch(() => undefined)
    return turn
  }
}

// The worker runs the TypeScript through tsx, as the server does (decision 2): registered inside
// it, since Node 20 does not pass the main thread's loader hooks on to workers.
function startWorker(module: URL, name: string, memoryMb: number): Promise<Worker> {
  const tsx = import.meta.resolve('tsx/esm/api')
  const entry = new URL('./off-thread-worker.ts', import.meta.url).href
  const boot = `import { register } from ${JSON.stringify(tsx)}
register()
await import(${JSON.stringify(entry)})`
  const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(boot)}`), {
    workerData: { module: module.href, name },
    resourceLimits: { maxOldGenerationSizeMb: memoryMb },
  })
  // A server shutting down does not wait for it.
  worker.unref()
  return nextMessage(worker, START_LIMIT_MS).then(() => worker)
}

// The worker's next message; its error or its end, or the time running out, instead.
function nextMessage<T>(worker: Worker, timeLimitMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => settle(() => reject(OUT_OF_TIME)), timeLimitMs)
    const onMessage = (message: T) => settle(() => resolve(message))
    const onError = (error: Error) => settle(() => reject(error))
    const onExit = (code: number) =>
      settle(() => reject(new Error(`The file reader stopped with exit code ${code}.`)))
    function settle(then: () => void) {
      clearTimeout(timer)
      worker.off('message', onMessage).off('error', onError).off('exit', onExit)
      then()
    }
    worker.on('message', onMessage).on('error', onError).on('exit', onExit)
  })
}
