import { commonMessages } from '#shared/messages/common'

// The one place where a server answer becomes data or an error the screen can show.
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(detail)
  }
}

export async function api<T>(
  path: string,
  init: RequestInit & { json?: unknown } = {},
): Promise<T> {
  const { json, headers, ...rest } = init
  let response: Response
  try {
    response = await fetch(path, {
      credentials: 'same-origin',
      ...rest,
      headers: {
        accept: 'application/json',
        ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
    })
  } catch {
    throw new ApiError(0, commonMessages.serverUnreachable)
  }
  if (response.status === 204) return undefined as T
  const body: unknown = await response.json().catch(() => null)
  if (!response.ok) {
    const detail = (body as { detail?: unknown } | null)?.detail
    throw new ApiError(response.status, typeof detail === 'string' ? detail : response.statusText)
  }
  return body as T
}

/** A rate limit or lockout refused it: the server's detail says how long to wait. */
export const isTooManyAttempts = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 429

export const errorMessage = (error: unknown) =>
  error instanceof Error ? error.message : commonMessages.somethingWentWrong

/**
 * An upload's body. The text fields go before the files, so the server has them whatever it does
 * with the files.
 */
export function uploadForm(
  fields: Record<string, string>,
  files: File | readonly File[],
  fileField = 'file',
): FormData {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  for (const file of Array.isArray(files) ? files : [files]) form.append(fileField, file, file.name)
  return form
}
