import { writeFileSync } from 'node:fs'
import { openApiText } from './document.ts'

/** Writes docs/openapi.json: `node --import tsx apps/server/src/http/openapi/write-openapi.ts`. */
const target = new URL('../../../../../docs/openapi.json', import.meta.url)
writeFileSync(target, openApiText())
console.log(`wrote ${target.pathname}`)
