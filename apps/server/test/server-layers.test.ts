import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

/*
 * The layer rule of eslint/server-layers.js, run through the repository's own ESLint config on
 * snippets placed (by name only) in the server's rooms: imports go down the layers, never up.
 */
const eslint = new ESLint({ cwd: fileURLToPath(new URL('../../..', import.meta.url)) })

async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `apps/server/src/${file}` })
  return (result?.messages ?? []).filter((m) => m.ruleId === 'server/layers').map((m) => m.message)
}

describe('the server layer rule', () => {
  it('lets a room import its own layer and the layers below', async () => {
    const code = [
      "import { audit } from '../audit/audit.ts'",
      "import { desk } from '../trading/desk.ts'",
      "import { ledger } from '#src/db/schema.ts'",
      'export const used = [audit, desk, ledger]',
    ].join('\n')
    expect(await layerErrors('money/example.ts', code)).toEqual([])
  })

  it('refuses a domain importing the http layer or the back office, relative or through #src/', async () => {
    const code = [
      "import { answer } from '../http/envelope.ts'",
      "import { decide } from '#src/staff/approvals/decide.ts'",
      'export const used = [answer, decide]',
    ].join('\n')
    expect(await layerErrors('money/example.ts', code)).toEqual([
      'money (domains) may not import http (http, a layer above): see apps/server/src/README.md',
      'money (domains) may not import staff (back office, a layer above): see apps/server/src/README.md',
    ])
  })

  it('refuses db importing anything above it, and foundations importing a domain', async () => {
    expect(
      await layerErrors('db/example.ts', "export { SETTING_DEFAULTS } from '../settings/settings.ts'"),
    ).toEqual(['db (db) may not import settings (foundations, a layer above): see apps/server/src/README.md'])
    expect(await layerErrors('events/deep/example.ts', "import('../../trading/desk.ts')")).toEqual([
      'events (foundations) may not import trading (domains, a layer above): see apps/server/src/README.md',
    ])
  })

  it('names a room that no layer holds', async () => {
    expect(
      await layerErrors('lounge/example.ts', "import { x } from '../db/client.ts'\nexport { x }"),
    ).toEqual(['lounge is in no server layer: add it to LAYERS in eslint/server-layers.js and the README'])
  })
})
