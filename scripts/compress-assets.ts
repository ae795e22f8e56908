import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

// Writes .gz and .br beside every text asset of the built client, once, at build time, so the
// server sends compressed files without compressing on every request (@fastify/static preCompressed).
const root = path.resolve(process.argv[2] ?? 'dist/client')
const compressible = /\.(js|css|html|svg|json|txt|webmanifest)$/

function* files(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* files(full)
    else if (compressible.test(entry.name)) yield full
  }
}

let count = 0
for (const file of files(root)) {
  const data = fs.readFileSync(file)
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }))
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  )
  count++
}
console.log(
  `compressed ${count} assets in ${path.relative(process.cwd(), root) || '.'} (gzip and brotli)`,
)
