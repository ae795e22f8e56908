import { readlinkSync } from 'node:fs'
import { setPriority } from 'node:os'
import { parentPort, workerData } from 'node:worker_threads'
import { AppError } from '#server/core/errors'
import type { OffThreadAnswer } from '#server/core/off-thread'

// The worker thread that reads one kind of uploaded file (off-thread.ts starts it): it loads the
// function it was given, then each message is that function's arguments, each answer its
// result, the refusal to show the user, or what went wrong.

// Reading a file is work in the background: the thread that answers requests goes first when
// the processors are busy. (Linux gives each thread its own priority, set by the thread's id;
// elsewhere the worker keeps the server's.)
try {
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), 10)
} catch {
  // not Linux
}

const { module, name } = workerData as { module: string; name: string }
const read = ((await import(module)) as Record<string, (...args: unknown[]) => unknown>)[name]!

async function answer(args: unknown[]): Promise<OffThreadAnswer> {
  try {
    return { value: await read(...args) }
  } catch (error) {
    if (error instanceof AppError)
      return { refused: { status: error.status, detail: error.detail } }
    return { failed: error instanceof Error ? (error.stack ?? error.message) : String(error) }
  }
}

parentPort!.on('message', (args: unknown[]) => {
  void answer(args).then((answered) => parentPort!.postMessage(answered))
})
// The parsers are loaded: the first file's time limit starts from here.
parentPort!.postMessage('ready')
