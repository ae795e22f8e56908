import { multipartBody, type UploadFile } from './pdf-upload.ts'
import type { TestApp } from './test-app.ts'

/**
 * A file sent to the import as its screen sends it, with the form's fields: to the dry run
 * (`step` 'check'), or to be imported ('').
 */
export async function postImport(
  t: TestApp,
  cookie: string,
  step: 'check' | '',
  fields: Record<string, string>,
  file?: UploadFile,
) {
  const form = await multipartBody(fields, file)
  return t.app.inject({
    method: 'POST',
    url: step ? `/api/import/${step}` : '/api/import',
    headers: { cookie, ...form.headers },
    payload: form.payload,
  })
}
