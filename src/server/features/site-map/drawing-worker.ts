import { parentPort } from 'node:worker_threads'
import { AppError } from '#server/core/errors'
import { importSvg } from '#server/features/site-map/import-svg'
import type { DrawingAnswer } from '#server/features/site-map/read-drawing'

// The worker thread that reads drawings (read-drawing.ts starts it): each message is an SVG's
// text, each answer the drawing, the refusal to show the administrator, or what went wrong.

function answer(text: string): DrawingAnswer {
  try {
    return { drawing: importSvg(text) }
  } catch (error) {
    if (error instanceof AppError)
      return { refused: { status: error.status, detail: error.detail } }
    return { failed: error instanceof Error ? (error.stack ?? error.message) : String(error) }
  }
}

parentPort!.on('message', (text: string) => parentPort!.postMessage(answer(text)))
// jsdom and the sanitiser are loaded: the first drawing's time limit starts from here.
parentPort!.postMessage('ready')
