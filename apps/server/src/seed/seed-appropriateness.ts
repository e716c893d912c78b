import type { Db } from '../db/client.ts'
import { appropriatenessVersions } from '../db/schema.ts'

/*
 * Version 1 of the appropriateness test on a fresh install (issue 26, decision 046), in English and
 * Traditional Chinese: what a retail client must understand before trading CFDs (leverage, what a
 * CFD is, margin, stop-out, slippage). Staff write their own in the back office; the newest version
 * is the one asked. Four right answers of five pass.
 */
const QUESTIONS = [
  {
    correct: 0,
    texts: {
      en: {
        question: 'What does leverage do to your gains and losses?',
        options: [
          'It multiplies both: a small price move has a large effect on my account',
          'It multiplies only my gains',
          'It removes the risk of losing money',
        ],
      },
      hk: {
        question: '槓桿對您的盈利及虧損有何影響？',
        options: [
          '兩者都會放大：價格的小幅變動會對我的賬戶造成很大影響',
          '只會放大我的盈利',
          '可消除虧損的風險',
        ],
      },
    },
  },
  {
    correct: 0,
    texts: {
      en: {
        question: 'When you buy a CFD on gold, do you own any gold?',
        options: [
          'No: a CFD is a contract on the difference in price',
          'Yes: the gold is kept for me',
          'Only after holding the position for 30 days',
        ],
      },
      hk: {
        question: '當您買入黃金差價合約時，您是否擁有任何黃金？',
        options: ['否：差價合約是就價格差額訂立的合約', '是：黃金會代我保管', '持倉滿 30 日後才擁有'],
      },
    },
  },
  {
    correct: 1,
    texts: {
      en: {
        question: 'What is margin?',
        options: [
          'A fee charged each time I open a position',
          'The part of my money set aside to keep a position open',
          'The profit I make on a trade',
        ],
      },
      hk: {
        question: '甚麼是保證金？',
        options: ['每次開倉時收取的費用', '為維持持倉而預留的部分資金', '我在交易中賺取的利潤'],
      },
    },
  },
  {
    correct: 2,
    texts: {
      en: {
        question: 'What happens when your margin level falls to the stop-out level?',
        options: [
          'Nothing: my positions stay open until I close them',
          'The platform adds money to my account',
          'My positions are closed automatically, the one losing most first',
        ],
      },
      hk: {
        question: '當您的保證金水平跌至強制平倉水平時，會發生甚麼？',
        options: [
          '沒有影響：持倉會一直保留至我自行平倉',
          '平台會向我的賬戶注入資金',
          '我的持倉會被自動平倉，由虧損最多的一筆開始',
        ],
      },
    },
  },
  {
    correct: 0,
    texts: {
      en: {
        question: 'Can a stop-loss close your position at a worse price than the one you set?',
        options: [
          'Yes: when the price gaps, it closes at the first price after the gap',
          'No: a stop-loss always closes at exactly its price',
          'Only when the position is in profit',
        ],
      },
      hk: {
        question: '止損會否以比您所設價格更差的價格平倉？',
        options: [
          '會：當價格跳空時，會以跳空後的首個價格平倉',
          '不會：止損一定以所設價格平倉',
          '只會在持倉獲利時發生',
        ],
      },
    },
  },
]

/** Writes version 1 unless a questionnaire exists (later versions are staff's). */
export async function seedAppropriateness(db: Db, now: Date): Promise<void> {
  await db
    .insert(appropriatenessVersions)
    .values({ version: 1, questions: QUESTIONS, passScore: 4, createdAt: now })
    .onConflictDoNothing()
}
