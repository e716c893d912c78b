import { and, count, desc, eq, isNotNull, or, sql, type SQL } from 'drizzle-orm'
import type {
  AppropriatenessResult,
  AppropriatenessTest,
  LanguageCode,
  StaffAppropriateness,
  StaffAppropriatenessQuestion,
} from '@tp/contracts'
import type { DbOrTx, Tx } from '../db/client.ts'
import { appropriatenessResults, appropriatenessVersions } from '../db/schema.ts'
import { accept, refuse, type Outcome } from '../outcome/outcome.ts'
import { wireTime } from '../trading/order-view.ts'

/*
 * The appropriateness test (issue 26, decision 046): the newest version of the questionnaire staff
 * wrote, answered before the first real trade. Each attempt is recorded with its answers, score and
 * address; a failed one shows the client a warning, and going on after it is recorded too. A client
 * is cleared once any attempt passed or was acknowledged: the test is not asked again.
 */

type VersionRow = typeof appropriatenessVersions.$inferSelect
type ResultRow = typeof appropriatenessResults.$inferSelect

export async function currentQuestionnaire(db: DbOrTx): Promise<VersionRow | undefined> {
  const [row] = await db
    .select()
    .from(appropriatenessVersions)
    .orderBy(desc(appropriatenessVersions.version))
    .limit(1)
  return row
}

async function latestResult(db: DbOrTx, userId: number): Promise<ResultRow | undefined> {
  const [row] = await db
    .select()
    .from(appropriatenessResults)
    .where(eq(appropriatenessResults.userId, userId))
    .orderBy(desc(appropriatenessResults.id))
    .limit(1)
  return row
}

/** Whether the client took the test and passed it, or went on after failing it (ever). */
export async function appropriatenessCleared(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: appropriatenessResults.id })
    .from(appropriatenessResults)
    .where(
      and(
        eq(appropriatenessResults.userId, userId),
        or(eq(appropriatenessResults.passed, true), isNotNull(appropriatenessResults.acknowledgedAt)),
      ),
    )
    .limit(1)
  return row !== undefined
}

const resultView = (row: ResultRow, total: number): AppropriatenessResult => ({
  passed: row.passed,
  score: row.score,
  total,
  acknowledged: row.acknowledgedAt !== null,
  created_at: wireTime(row.createdAt.getTime()),
})

/** The questionnaire in `lang` (else English) and the client's standing. */
export async function testFor(
  db: DbOrTx,
  userId: number,
  lang: LanguageCode,
): Promise<AppropriatenessTest | undefined> {
  const current = await currentQuestionnaire(db)
  if (!current) return undefined
  const latest = await latestResult(db, userId)
  return {
    version: current.version,
    questions: current.questions.map((q) => {
      const text = q.texts[lang] ?? q.texts.en ?? { question: '', options: [] }
      return { question: text.question, options: text.options }
    }),
    pass_score: current.passScore,
    result: latest ? resultView(latest, current.questions.length) : null,
    cleared: await appropriatenessCleared(db, userId),
  }
}

/** Scores and records an attempt at the current version: one answer per question, each an offered option. */
export async function answerTest(
  db: DbOrTx,
  userId: number,
  answers: number[],
  address: string,
  now: Date,
): Promise<Outcome<AppropriatenessResult>> {
  const current = await currentQuestionnaire(db)
  if (!current) return refuse('not_found')
  const options = (i: number) => current.questions[i]?.texts.en?.options.length ?? 0
  if (answers.length !== current.questions.length || answers.some((a, i) => a >= options(i)))
    return refuse('answers_invalid')
  const score = answers.filter((a, i) => current.questions[i]?.correct === a).length
  const [row] = await db
    .insert(appropriatenessResults)
    .values({
      userId,
      versionId: current.id,
      answers,
      score,
      passed: score >= current.passScore,
      address,
      createdAt: now,
    })
    .returning()
  if (!row) throw new Error('appropriateness result not stored')
  return accept(resultView(row, current.questions.length))
}

/** The client read the warning of their failed test and goes on: recorded on that attempt. */
export async function acknowledgeWarning(db: DbOrTx, userId: number, now: Date): Promise<Outcome<void>> {
  const latest = await latestResult(db, userId)
  if (!latest || latest.passed) return refuse('not_found')
  if (latest.acknowledgedAt === null)
    await db
      .update(appropriatenessResults)
      .set({ acknowledgedAt: now })
      .where(eq(appropriatenessResults.id, latest.id))
  return accept(undefined)
}

/** The current questionnaire for staff, with how its results went. */
export async function staffQuestionnaire(db: DbOrTx): Promise<StaffAppropriateness | undefined> {
  const current = await currentQuestionnaire(db)
  if (!current) return undefined
  const tally = async (extra?: SQL) => {
    const [row] = await db
      .select({ n: count() })
      .from(appropriatenessResults)
      .where(and(eq(appropriatenessResults.versionId, current.id), extra))
    return row?.n ?? 0
  }
  return {
    version: current.version,
    questions: current.questions as StaffAppropriatenessQuestion[],
    pass_score: current.passScore,
    created_at: wireTime(current.createdAt.getTime()),
    taken: await tally(),
    passed: await tally(eq(appropriatenessResults.passed, true)),
    acknowledged: await tally(isNotNull(appropriatenessResults.acknowledgedAt)),
  }
}

/** A new version of the questionnaire, asked from now on (earlier results keep theirs). */
export async function saveQuestionnaire(
  tx: Tx,
  input: { questions: StaffAppropriatenessQuestion[]; pass_score: number },
  now: Date,
): Promise<{ version: number }> {
  // Two admins saving at once: one after the other, each its own version.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('appropriateness_versions'))`)
  const current = await currentQuestionnaire(tx)
  const version = (current?.version ?? 0) + 1
  await tx.insert(appropriatenessVersions).values({
    version,
    questions: input.questions as VersionRow['questions'],
    passScore: input.pass_score,
    createdAt: now,
  })
  return { version }
}
