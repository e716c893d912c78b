import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

// The whole lint configuration, as `npm run lint` runs it, on snippets placed at paths of the apps.
const eslint = new ESLint({ cwd: `${import.meta.dirname}/..` })

async function borderErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? []).filter((m) => m.ruleId === 'borders/feature-borders').map((m) => m.message)
}

describe('feature borders', () => {
  it('fails a relative import from one web feature into another', async () => {
    const errors = await borderErrors(
      'apps/web/src/features/market/components/x.tsx',
      "import { placeOrder } from '../../trade/ticket/place-order.ts'\nexport const y = placeOrder\n",
    )
    expect(errors).toEqual([
      'web/features/market imports web/features/trade: a feature does not import another feature (move what both use to common/).',
    ])
  })

  it('fails the same in the back office, for re-exports, dynamic imports and style sheets', async () => {
    const code = [
      "import '../../users/users.css'",
      "export { x } from '../../staff/api/staff-api.ts'",
      "export const page = () => import('../../risk/risk-page.tsx')",
    ].join('\n')
    expect(await borderErrors('apps/admin/src/features/audit/components/a.tsx', code)).toHaveLength(3)
  })

  it('fails common code that imports a feature or the app, and a feature that imports the app', async () => {
    const shared =
      "import { m } from '../../features/users/messages.ts'\nimport { r } from '../../app/router.tsx'\nexport const x = [m, r]\n"
    expect(await borderErrors('apps/admin/src/common/i18n/en.ts', shared)).toHaveLength(2)
    const feature = "import { r } from '../../../app/router.tsx'\nexport const x = r\n"
    expect(await borderErrors('apps/web/src/features/trade/lib/x.ts', feature)).toEqual([
      'web/features/trade imports web/app: a feature imports only itself and common/.',
    ])
  })

  it('lets a feature import itself and common code, and the app import features', async () => {
    const feature = [
      "import { a } from './a.ts'",
      "import { b } from '../lib/b.ts'",
      "import { c } from '../../../common/lib/c.ts'",
      "import { d } from '@tradeplatform/contracts'",
      'export const x = [a, b, c, d]',
    ].join('\n')
    expect(await borderErrors('apps/web/src/features/trade/chart/x.ts', feature)).toEqual([])
    const app = "import { s } from '../features/trade/components/trade-screen.tsx'\nexport const x = s\n"
    expect(await borderErrors('apps/web/src/app/router.tsx', app)).toEqual([])
  })
})
