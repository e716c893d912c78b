import type { LegalKind } from '@tp/contracts'
import type { Db } from '../db/client.ts'
import { legalDocuments } from '../db/schema.ts'

/*
 * Version 1 of each legal document on a fresh install (issue 26, decision 045), in English and in
 * Traditional Chinese (the platform's default language); every other reader falls back to English:
 * a platform that takes money must show terms before it does. They are the platform's generic
 * terms, not legal advice for any jurisdiction: the operator's compliance officer writes the real
 * ones in the back office (Content → Legal documents), in each language, and publishing a new
 * version of the agreement or the risk disclosure asks every client again.
 */
const FIRST_VERSIONS: Record<LegalKind, Record<'en' | 'hk', { title: string; body: string }>> = {
  client_agreement: {
    en: {
      title: 'Client Agreement',
      body: `This agreement is between you and the operator of this platform. It applies to your account and to every order you place.

1. Your account. You give true details about yourself, keep your password and second factor to yourself, and tell us when your details change. We may ask for proof of identity before you deposit, trade or withdraw.

2. What we offer. We offer contracts for difference (CFDs) on currencies, metals, indices, energy and crypto assets. You never own the underlying asset. We act as the counterparty to your trades, and prices are ours, derived from the market.

3. Orders. An order is placed when we confirm it. Market orders fill at the price of the moment, within the deviation you allow; pending orders fill when the market reaches their price. We may refuse an order when the market is closed, a price is stale, or your margin is not enough.

4. Margin and stop-out. You must keep enough equity to cover the margin of your open positions. When your margin level falls to the stop-out level, we close positions, largest loss first, without asking you. You cannot lose more than the money in your account.

5. Money. Deposits and withdrawals are reviewed before they are credited or paid. We pay withdrawals only to methods in your own name.

6. Changes. When we publish a new version of this agreement, we ask you to accept it before your next deposit or trade. Closing positions is always possible.`,
    },
    hk: {
      title: '客戶協議',
      body: `本協議由您與本平台的營運者訂立，適用於您的帳戶及您發出的每一項訂單。

1. 您的帳戶。您須提供有關您本人的真實資料，妥善保管您的密碼及第二重驗證方式、不得與他人共用，並在資料有變時通知我們。我們可在您入金、交易或出金前要求您提供身份證明。

2. 我們提供的產品。我們提供以貨幣、金屬、指數、能源及加密資產為標的之差價合約。您在任何時候均不擁有相關資產。我們作為您交易的對手方，價格由我們提供，並源自市場價格。

3. 訂單。訂單經我們確認後，方視為已下達。市價單按當時的價格、在您容許的偏差範圍內成交；掛單則於市場到達其價格時成交。如市場休市、價格已過時或您的保證金不足，我們可拒絕訂單。

4. 保證金及強制平倉。您必須維持足夠的淨值，以應付您未平倉持倉所需的保證金。當您的保證金水平跌至強制平倉水平時，我們會平倉（由虧損最大的倉位開始），而毋須事先徵詢您。您的虧損不會超過您帳戶內的資金。

5. 資金。入金及出金在入帳或支付前均須經過審核。我們只會將出金支付至以您本人名義登記的收款方式。

6. 修訂。當我們發佈本協議的新版本時，我們會要求您在下次入金或交易前接受該版本。您隨時均可平倉。`,
    },
  },
  risk_disclosure: {
    en: {
      title: 'Risk Disclosure',
      body: `CFDs are complex instruments and come with a high risk of losing money rapidly due to leverage. Most retail investor accounts lose money when trading CFDs. The share of this platform's real accounts that lost money over the last 12 months is shown on every trading screen. You should consider whether you understand how CFDs work and whether you can afford to take the high risk of losing your money.

Leverage multiplies gains and losses alike: a small move against you can use up your margin and close your positions at a loss.

Prices can move sharply and gap when markets open, on news, or when liquidity is thin; a stop-loss may then fill at a worse price than you set.

Holding positions overnight costs or earns swap. Past performance, including the results of traders shown in the ranking, is not a reliable indicator of future results.`,
    },
    hk: {
      title: '風險披露聲明',
      body: `差價合約是複雜的金融工具，由於槓桿作用，具有迅速虧損的高風險。大部分散戶投資者帳戶在買賣差價合約時錄得虧損。本平台真實帳戶於過去 12 個月內錄得虧損的比例，會在每個交易畫面上顯示。您應考慮自己是否了解差價合約的運作方式，以及能否承擔虧損資金的高風險。

槓桿會同時放大盈利及虧損：市場向不利於您的方向輕微變動，已可耗盡您的保證金，並令您的倉位以虧損平倉。

在開市時、有消息公佈時或市場流動性不足時，價格可能急劇波動及出現跳空；屆時止損可能以差於您所設定的價格成交。

持倉過夜須支付或可收取隔夜利息（掉期）。過往表現（包括排行榜所示交易員的業績）並非未來業績的可靠指標。`,
    },
  },
  privacy_notice: {
    en: {
      title: 'Privacy Notice',
      body: `We keep the details you give us (name, e-mail or mobile number, identity documents), your trades, deposits and withdrawals, and the addresses and devices you use, to run your account, to meet our legal duties (identity checks, record keeping, fraud prevention) and to keep the platform safe.

Staff see your details only as their role needs; verification codes are never shown to them. Identity images are stored with their location data removed.

We keep records for as long as the law requires after your account closes. You may ask to see or correct your details through the support chat.`,
    },
    hk: {
      title: '私隱聲明',
      body: `我們保存您向我們提供的資料（姓名、電郵地址或手機號碼、身份證明文件）、您的交易、入金及出金紀錄，以及您所使用的網絡地址及裝置，以便營運您的帳戶、履行我們的法律責任（身份核實、紀錄保存、防止欺詐）及保障平台安全。

職員只會按其職務所需查閱您的資料；驗證碼從不向職員顯示。身份證明圖像在儲存時已移除其中的位置資料。

在您的帳戶關閉後，我們會在法律規定的期間內保存紀錄。您可透過客服對話要求查閱或改正您的資料。`,
    },
  },
  execution_policy: {
    en: {
      title: 'Order Execution Policy',
      body: `We execute your orders as the counterparty, at our prices, which follow the market's.

Market orders fill at the current bid (sell) or ask (buy). You may set the largest deviation from the price you saw that you accept; beyond it the order is refused with the new price (a requote) instead of filled.

Pending orders (limit and stop) fill at their price when the market reaches it, or at the first price after a gap. Stop-loss and take-profit close positions at the first price that reaches them; trailing stops follow the price by the distance you set.

Prices older than a few seconds are never used for a fill: an order on a stale price is refused.`,
    },
    hk: {
      title: '訂單執行政策',
      body: `我們以對手方身份，按我們的價格執行您的訂單，而我們的價格跟隨市場價格。

市價單以現時的賣出價（賣出時）或買入價（買入時）成交。您可設定您所接受的、與您所見價格之間的最大偏差；超出此偏差時，訂單不會成交，而會被拒絕並附上新價格（即重新報價）。

掛單（限價單及止損單）於市場到達其價格時按該價格成交，如出現跳空，則按跳空後的首個價格成交。止損及止盈會以首個觸及其價位的價格平倉；追蹤止損則按您設定的距離跟隨價格移動。

超過數秒的價格一概不會用於成交：按過時價格發出的訂單將被拒絕。`,
    },
  },
}

/** Publishes version 1 of each kind that has none yet (a fresh install); later versions are staff's. */
export async function seedLegalDocuments(db: Db, now: Date): Promise<void> {
  for (const [kind, texts] of Object.entries(FIRST_VERSIONS)) {
    await db
      .insert(legalDocuments)
      .values({ kind, version: 1, texts, publishedAt: now, createdAt: now })
      .onConflictDoNothing()
  }
}
