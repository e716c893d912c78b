/** One leaf of a recorded value, by its path (`value`, `names.en`, `leverage[2]`). */
export interface DiffLine {
  path: string
  before: string | undefined
  after: string | undefined
  state: 'added' | 'removed' | 'changed' | 'unchanged'
}

const MAX_DEPTH = 6

/** The value's leaves as path → JSON text; an empty object or list is a leaf of its own. */
function leaves(value: unknown, path: string, into: Map<string, string>, depth = 0): Map<string, string> {
  const nested = typeof value === 'object' && value !== null
  const entries = nested
    ? Array.isArray(value)
      ? value.map((v, i) => [`[${i}]`, v] as const)
      : Object.entries(value)
    : []
  if (!nested || entries.length === 0 || depth >= MAX_DEPTH) {
    into.set(path, JSON.stringify(value) ?? 'undefined')
    return into
  }
  for (const [key, child] of entries) {
    const next = key.startsWith('[') ? `${path}${key}` : path ? `${path}.${key}` : key
    leaves(child, next, into, depth + 1)
  }
  return into
}

/**
 * Before and after of an audit row, leaf by leaf: what was added, removed, changed or kept. A row
 * with only `after` (something created) lists every leaf as added. Absent values (null) have no leaves.
 */
export function jsonDiff(before: unknown, after: unknown): DiffLine[] {
  const old =
    before === null || before === undefined ? new Map<string, string>() : leaves(before, '', new Map())
  const now = after === null || after === undefined ? new Map<string, string>() : leaves(after, '', new Map())
  const paths = [...old.keys(), ...[...now.keys()].filter((path) => !old.has(path))]
  return paths.map((path) => {
    const a = old.get(path)
    const b = now.get(path)
    const state = a === undefined ? 'added' : b === undefined ? 'removed' : a === b ? 'unchanged' : 'changed'
    return { path: path || '(value)', before: a, after: b, state }
  })
}
