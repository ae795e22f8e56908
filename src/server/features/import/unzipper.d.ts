// unzipper comes with exceljs (its own streaming reader unzips with it) and has no types of its
// own: what read-workbook.ts uses of it.
declare module 'unzipper' {
  import type { Readable } from 'node:stream'

  interface ZipFile {
    path: string
    type: 'File' | 'Directory'
    /** The entry's bytes, inflated as they are read. */
    stream(): Readable
  }

  const unzipper: {
    Open: { buffer(bytes: Buffer): Promise<{ files: ZipFile[] }> }
  }
  export default unzipper
}
