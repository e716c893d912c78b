import type { NewsTexts } from '@tp/contracts'

/** Seed article 3: deposits and withdrawals (011, 010, SPEC.md section 2). */
export const MONEY_ARTICLE: NewsTexts = {
  en: {
    title: 'Deposits and withdrawals, step by step',
    desc: 'Fund your account by coin or bank transfer with a proof of payment, and withdraw to an address or bank card you have saved. Our staff review every request.',
    content: `
<p>Deposits and withdrawals are for registered accounts; a demo account is asked to register first. All amounts are in USD.</p>
<h2>Depositing</h2>
<ol>
<li>Open <strong>Deposit</strong> in the user center.</li>
<li><strong>Coin</strong>: choose the network (for example USDT-TRC20), copy the address or scan its QR code, and send from your wallet. <strong>Bank</strong>: choose the currency, then one of our bank accounts, and make the transfer.</li>
<li>Enter the amount and upload one image as proof of payment (a screenshot of the transfer, JPEG, PNG or WebP, up to 5 MB).</li>
<li>Submit. The deposit appears in the history below the form as unchecked.</li>
</ol>
<p>Our staff compare the payment with your proof. The money reaches your balance only when they approve it; a deposit can also be rejected or marked invalid, and its status shows in the history. At most 10 deposits can wait for review at a time.</p>
<blockquote>Send coins only on the network shown next to the address. Coins sent on another network can be lost.</blockquote>
<h2>Withdrawing</h2>
<ol>
<li>Save where the money should go: a coin address or a bank card, under <strong>Wallet</strong>.</li>
<li>Open <strong>Withdraw</strong>, choose coin or bank, the currency and your saved address or card.</li>
<li>Enter the amount. Before you submit, the screen shows the <strong>fee</strong> and the amount you will receive.</li>
<li>Submit. The amount moves from your available balance to your <strong>frozen</strong> balance at once.</li>
</ol>
<p>Staff then review the request. When it is paid, the frozen amount leaves your account; when it is rejected, the amount returns to your available balance. The records under the withdrawal form show each request with its status, fee and amount received.</p>
<h2>Good to know</h2>
<ul>
<li>Only free margin can be withdrawn: money that holds open positions stays in the account.</li>
<li>Frozen money is kept apart and is never touched by trading losses.</li>
<li>Withdrawals have limits per request and per day (by default 10 to 50,000 USD a request and 100,000 USD a day); you are told when an amount is outside them.</li>
<li>The balance history shows your available and frozen balance and every booking.</li>
</ul>
`,
  },
  hk: {
    title: '入金與出金：逐步說明',
    desc: '以加密貨幣或銀行轉帳入金並上傳付款證明，出金至您已儲存的地址或銀行卡。每項申請均由我們的職員審核。',
    content: `
<p>入金和出金只適用於已註冊的帳戶；模擬帳戶需先註冊。所有金額均以美元計算。</p>
<h2>入金</h2>
<ol>
<li>在用戶中心打開<strong>入金</strong>。</li>
<li><strong>加密貨幣</strong>：選擇網絡（例如 USDT-TRC20），複製地址或掃描二維碼，然後從您的錢包轉出。<strong>銀行</strong>：選擇幣種，再選擇我們的其中一個銀行帳戶，然後轉帳。</li>
<li>輸入金額，並上傳一張付款證明圖片（轉帳截圖，JPEG、PNG 或 WebP 格式，不超過 5 MB）。</li>
<li>提交。該筆入金會以「未審核」狀態顯示在表格下方的記錄中。</li>
</ol>
<p>我們的職員會核對款項與您的證明。只有在審核通過後，款項才會計入您的餘額；入金也可能被拒絕或標記為無效，狀態會顯示在記錄中。同一時間最多可有 10 筆入金等待審核。</p>
<blockquote>請只透過地址旁顯示的網絡轉帳。經其他網絡轉出的加密貨幣可能會遺失。</blockquote>
<h2>出金</h2>
<ol>
<li>先在<strong>錢包</strong>中儲存收款方式：加密貨幣地址或銀行卡。</li>
<li>打開<strong>出金</strong>，選擇加密貨幣或銀行、幣種，以及您已儲存的地址或銀行卡。</li>
<li>輸入金額。提交前，畫面會顯示<strong>手續費</strong>及您實際收到的金額。</li>
<li>提交。該金額會立即由可用餘額轉為<strong>凍結</strong>餘額。</li>
</ol>
<p>之後由職員審核。付款後，凍結金額會從帳戶扣除；如被拒絕，金額會退回可用餘額。出金表格下方的記錄會顯示每筆申請的狀態、手續費和到帳金額。</p>
<h2>注意事項</h2>
<ul>
<li>只可提取可用保證金：用於維持持倉的資金會保留在帳戶內。</li>
<li>凍結資金獨立存放，不受交易虧損影響。</li>
<li>出金設有單筆及每日限額（預設每筆 10 至 50,000 美元，每日 100,000 美元）；金額超出範圍時會有提示。</li>
<li>餘額記錄會顯示您的可用及凍結餘額，以及每一筆入帳記錄。</li>
</ul>
`,
  },
}
