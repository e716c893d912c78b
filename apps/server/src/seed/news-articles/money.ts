import type { NewsTexts } from '@tp/contracts'

/** Seed article 3: deposits and withdrawals (011, 010, docs/product.md "Screens"). */
export const MONEY_ARTICLE: NewsTexts = {
  en: {
    title: 'Deposits and withdrawals, step by step',
    desc: 'Fund your account by coin or bank transfer with a proof of payment, and withdraw to an address or bank card you have saved. Our staff review every request.',
    content: `
<p>Deposits and withdrawals are for registered accounts; a demo account is asked to register first. All amounts are in USD.</p>
<h2>Depositing</h2>
<ol>
<li>Open <strong>Deposit</strong> from My account.</li>
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
    title: '充值與提現：逐步說明',
    desc: '以加密貨幣或銀行轉帳充值並上傳付款證明，提現至您已儲存的地址或銀行卡。每項申請均由我們的職員審核。',
    content: `
<p>充值和提現只適用於已註冊的帳戶；模擬帳戶需先註冊。所有金額均以美元計算。</p>
<h2>充值</h2>
<ol>
<li>在「我的帳戶」中打開<strong>充值</strong>。</li>
<li><strong>加密貨幣</strong>：選擇網絡（例如 USDT-TRC20），複製地址或掃描二維碼，然後從您的錢包轉出。<strong>銀行</strong>：選擇幣種，再選擇我們的其中一個銀行帳戶，然後轉帳。</li>
<li>輸充值額，並上傳一張付款證明圖片（轉帳截圖，JPEG、PNG 或 WebP 格式，不超過 5 MB）。</li>
<li>提交。該筆充值會以「未審核」狀態顯示在表格下方的記錄中。</li>
</ol>
<p>我們的職員會核對款項與您的證明。只有在審核通過後，款項才會計入您的餘額；充值也可能被拒絕或標記為無效，狀態會顯示在記錄中。同一時間最多可有 10 筆充值等待審核。</p>
<blockquote>請只透過地址旁顯示的網絡轉帳。經其他網絡轉出的加密貨幣可能會遺失。</blockquote>
<h2>提現</h2>
<ol>
<li>先在<strong>錢包</strong>中儲存收款方式：加密貨幣地址或銀行卡。</li>
<li>打開<strong>提現</strong>，選擇加密貨幣或銀行、幣種，以及您已儲存的地址或銀行卡。</li>
<li>輸充值額。提交前，畫面會顯示<strong>手續費</strong>及您實際收到的金額。</li>
<li>提交。該金額會立即由可用餘額轉為<strong>凍結</strong>餘額。</li>
</ol>
<p>之後由職員審核。付款後，凍結金額會從帳戶扣除；如被拒絕，金額會退回可用餘額。提現表格下方的記錄會顯示每筆申請的狀態、手續費和到帳金額。</p>
<h2>注意事項</h2>
<ul>
<li>只可提取可用保證金：用於維持持倉的資金會保留在帳戶內。</li>
<li>凍結資金獨立存放，不受交易虧損影響。</li>
<li>提現設有單筆及每日限額（預設每筆 10 至 50,000 美元，每日 100,000 美元）；金額超出範圍時會有提示。</li>
<li>餘額記錄會顯示您的可用及凍結餘額，以及每一筆入帳記錄。</li>
</ul>
`,
  },
  ar: {
    title: 'الإيداع والسحب خطوة بخطوة',
    desc: 'موّل حسابك بالعملات المشفرة أو بتحويل بنكي مع إثبات الدفع، واسحب إلى عنوان أو بطاقة بنكية حفظتها. يراجع فريقنا كل طلب.',
    content: `
<p>الإيداع والسحب متاحان للحسابات المسجّلة فقط؛ ويُطلب من صاحب الحساب التجريبي التسجيل أولًا. جميع المبالغ بالدولار الأمريكي.</p>
<h2>الإيداع</h2>
<ol>
<li>افتح <strong>إيداع</strong> من «حسابي».</li>
<li><strong>العملات المشفرة</strong>: اختر الشبكة (مثل USDT-TRC20)، وانسخ العنوان أو امسح رمز QR الخاص به، ثم أرسل المبلغ من محفظتك. <strong>التحويل البنكي</strong>: اختر العملة، ثم أحد حساباتنا البنكية، ونفّذ التحويل.</li>
<li>أدخل المبلغ وارفع صورة واحدة لإثبات الدفع (لقطة شاشة للتحويل بصيغة JPEG أو PNG أو WebP، بحد أقصى 5 ميغابايت).</li>
<li>أرسل الطلب. يظهر الإيداع في السجل أسفل النموذج بحالة «لم تتم مراجعته».</li>
</ol>
<p>يقارن فريقنا الدفعة بالإثبات الذي أرسلته. ولا يصل المبلغ إلى رصيدك إلا بعد الموافقة عليه؛ وقد يُرفض الإيداع أو يُعدّ غير صالح، وتظهر حالته في السجل. يمكن أن تنتظر 10 إيداعات على الأكثر المراجعة في الوقت نفسه.</p>
<blockquote>أرسل العملات المشفرة عبر الشبكة المعروضة بجانب العنوان فقط، فقد تضيع العملات المرسلة عبر شبكة أخرى.</blockquote>
<h2>السحب</h2>
<ol>
<li>احفظ وجهة الأموال أولًا: عنوان عملة مشفرة أو بطاقة بنكية، من <strong>المحفظة</strong>.</li>
<li>افتح <strong>سحب</strong>، واختر العملات المشفرة أو البنك، ثم العملة والعنوان أو البطاقة المحفوظة.</li>
<li>أدخل المبلغ. قبل الإرسال، تعرض الشاشة <strong>الرسوم</strong> والمبلغ الذي ستستلمه.</li>
<li>أرسل الطلب. ينتقل المبلغ فورًا من رصيدك المتاح إلى رصيدك <strong>المجمّد</strong>.</li>
</ol>
<p>يراجع فريقنا الطلب بعد ذلك. عند الدفع يخرج المبلغ المجمّد من حسابك، وعند الرفض يعود إلى رصيدك المتاح. وتعرض السجلات أسفل نموذج السحب كل طلب مع حالته ورسومه والمبلغ المستلم.</p>
<h2>معلومات مفيدة</h2>
<ul>
<li>لا يمكن سحب إلا الهامش الحر: الأموال التي تغطي المراكز المفتوحة تبقى في الحساب.</li>
<li>الأموال المجمّدة محفوظة على حدة ولا تمسّها خسائر التداول أبدًا.</li>
<li>للسحب حدود لكل طلب ولكل يوم (افتراضيًا من 10 إلى 50,000 دولار للطلب الواحد و100,000 دولار في اليوم)، وستُبلَّغ إذا كان المبلغ خارجها.</li>
<li>يعرض سجل الحساب رصيدك المتاح والمجمّد وكل قيد فيه.</li>
</ul>
`,
  },
  jp: {
    title: '入金と出金の手順',
    desc: '暗号資産または銀行振込で入金し、支払い証明をアップロード。保存済みのアドレスや銀行カードへ出金できます。すべての申請は当社スタッフが確認します。',
    content: `
<p>入金と出金は登録済みのアカウントでご利用いただけます。デモアカウントの場合は、先に登録が必要です。金額はすべて米ドル建てです。</p>
<h2>入金</h2>
<ol>
<li>マイアカウントから<strong>入金</strong>を開きます。</li>
<li><strong>暗号資産</strong>：ネットワーク（例：USDT-TRC20）を選び、アドレスをコピーするかQRコードを読み取って、ご自身のウォレットから送金します。<strong>銀行</strong>：通貨を選び、当社の銀行口座のいずれかを選んで振り込みます。</li>
<li>金額を入力し、支払い証明の画像を1枚アップロードします（振込画面のスクリーンショット。JPEG・PNG・WebP、5MBまで）。</li>
<li>送信します。入金はフォーム下の履歴に「未確認」として表示されます。</li>
</ol>
<p>当社スタッフが支払いと証明を照合します。承認されて初めて残高に反映されます。入金が却下または無効とされる場合もあり、状態は履歴で確認できます。確認待ちの入金は同時に最大10件までです。</p>
<blockquote>暗号資産は、アドレスの横に表示されたネットワークでのみ送金してください。別のネットワークで送金すると失われる可能性があります。</blockquote>
<h2>出金</h2>
<ol>
<li>まず<strong>ウォレット</strong>で受取先（暗号資産アドレスまたは銀行カード）を保存します。</li>
<li><strong>出金</strong>を開き、暗号資産か銀行か、通貨、保存済みのアドレスまたはカードを選びます。</li>
<li>金額を入力します。送信前に、<strong>手数料</strong>と受取額が画面に表示されます。</li>
<li>送信します。その金額はすぐに利用可能残高から<strong>凍結</strong>残高へ移ります。</li>
</ol>
<p>その後、スタッフが申請を確認します。支払われると凍結額が口座から引き落とされ、却下されると利用可能残高に戻ります。出金フォーム下の履歴で、各申請の状態・手数料・受取額を確認できます。</p>
<h2>ご注意</h2>
<ul>
<li>出金できるのは余剰証拠金のみです。保有ポジションの維持に使われている資金は口座に残ります。</li>
<li>凍結された資金は別に管理され、取引の損失の影響を受けることはありません。</li>
<li>出金には1回あたりと1日あたりの上限があります（初期設定では1回10〜50,000米ドル、1日100,000米ドル）。範囲外の金額の場合はお知らせします。</li>
<li>口座履歴では、利用可能残高と凍結残高、すべての記帳を確認できます。</li>
</ul>
`,
  },
  kr: {
    title: '입금과 출금, 단계별 안내',
    desc: '암호화폐나 은행 송금으로 입금하고 결제 증빙을 올리세요. 저장해 둔 주소나 은행 카드로 출금할 수 있으며, 모든 신청은 저희 직원이 검토합니다.',
    content: `
<p>입금과 출금은 등록된 계정에서만 이용할 수 있습니다. 데모 계정은 먼저 회원가입을 해야 합니다. 모든 금액은 미국 달러 기준입니다.</p>
<h2>입금</h2>
<ol>
<li>내 계정에서 <strong>입금</strong>을 엽니다.</li>
<li><strong>암호화폐</strong>: 네트워크(예: USDT-TRC20)를 선택하고 주소를 복사하거나 QR 코드를 스캔한 뒤, 본인 지갑에서 송금합니다. <strong>은행</strong>: 통화를 선택하고 당사 은행 계좌 중 하나를 골라 송금합니다.</li>
<li>금액을 입력하고 결제 증빙 이미지 한 장을 올립니다(송금 화면 캡처, JPEG·PNG·WebP, 최대 5MB).</li>
<li>제출합니다. 입금 건은 양식 아래 기록에 '미확인' 상태로 표시됩니다.</li>
</ol>
<p>저희 직원이 결제 내역과 증빙을 대조합니다. 승인된 후에만 금액이 잔고에 반영됩니다. 입금이 거절되거나 무효 처리될 수도 있으며, 상태는 기록에서 확인할 수 있습니다. 검토 대기 중인 입금은 동시에 최대 10건까지 가능합니다.</p>
<blockquote>암호화폐는 주소 옆에 표시된 네트워크로만 보내세요. 다른 네트워크로 보낸 암호화폐는 잃어버릴 수 있습니다.</blockquote>
<h2>출금</h2>
<ol>
<li>먼저 <strong>지갑</strong>에서 받을 곳(암호화폐 주소 또는 은행 카드)을 저장합니다.</li>
<li><strong>출금</strong>을 열고 암호화폐 또는 은행, 통화, 저장된 주소나 카드를 선택합니다.</li>
<li>금액을 입력합니다. 제출하기 전에 화면에 <strong>수수료</strong>와 실제 받을 금액이 표시됩니다.</li>
<li>제출합니다. 해당 금액은 즉시 사용 가능 잔고에서 <strong>동결</strong> 잔고로 옮겨집니다.</li>
</ol>
<p>이후 직원이 신청을 검토합니다. 지급되면 동결 금액이 계정에서 빠져나가고, 거절되면 사용 가능 잔고로 돌아옵니다. 출금 양식 아래 기록에서 각 신청의 상태, 수수료, 수령액을 확인할 수 있습니다.</p>
<h2>알아 두세요</h2>
<ul>
<li>가용 증거금만 출금할 수 있습니다. 보유 포지션을 유지하는 자금은 계정에 남습니다.</li>
<li>동결된 자금은 따로 보관되며 거래 손실의 영향을 받지 않습니다.</li>
<li>출금에는 건당 및 일일 한도가 있습니다(기본값: 건당 10~50,000 USD, 하루 100,000 USD). 금액이 한도를 벗어나면 안내해 드립니다.</li>
<li>계정 내역에서 사용 가능 잔고와 동결 잔고, 모든 거래 기록을 확인할 수 있습니다.</li>
</ul>
`,
  },
  spa: {
    title: 'Depósitos y retiros, paso a paso',
    desc: 'Fondea tu cuenta con criptomonedas o transferencia bancaria aportando un comprobante, y retira a una dirección o tarjeta bancaria que hayas guardado. Nuestro equipo revisa cada solicitud.',
    content: `
<p>Los depósitos y retiros están disponibles para cuentas registradas; a una cuenta demo se le pide registrarse primero. Todos los importes están en USD.</p>
<h2>Depositar</h2>
<ol>
<li>Abre <strong>Depósito</strong> desde Mi cuenta.</li>
<li><strong>Cripto</strong>: elige la red (por ejemplo, USDT-TRC20), copia la dirección o escanea su código QR y envía desde tu monedero. <strong>Banco</strong>: elige la moneda, luego una de nuestras cuentas bancarias, y haz la transferencia.</li>
<li>Introduce el importe y sube una imagen como comprobante de pago (una captura de la transferencia, en JPEG, PNG o WebP, de hasta 5 MB).</li>
<li>Envía. El depósito aparece en el historial, bajo el formulario, como no revisado.</li>
</ol>
<p>Nuestro equipo compara el pago con tu comprobante. El dinero llega a tu saldo solo cuando lo aprueba; un depósito también puede ser rechazado o marcado como no válido, y su estado aparece en el historial. Puede haber como máximo 10 depósitos pendientes de revisión a la vez.</p>
<blockquote>Envía criptomonedas solo por la red indicada junto a la dirección. Las enviadas por otra red pueden perderse.</blockquote>
<h2>Retirar</h2>
<ol>
<li>Guarda primero adónde debe ir el dinero: una dirección cripto o una tarjeta bancaria, en <strong>Billetera</strong>.</li>
<li>Abre <strong>Retiro</strong> y elige cripto o banco, la moneda y tu dirección o tarjeta guardada.</li>
<li>Introduce el importe. Antes de enviarlo, la pantalla muestra la <strong>comisión</strong> y el importe que recibirás.</li>
<li>Envía. El importe pasa al instante de tu saldo disponible a tu saldo <strong>congelado</strong>.</li>
</ol>
<p>Después, nuestro equipo revisa la solicitud. Cuando se paga, el importe congelado sale de tu cuenta; si se rechaza, vuelve a tu saldo disponible. Los registros bajo el formulario de retiro muestran cada solicitud con su estado, comisión e importe recibido.</p>
<h2>Conviene saber</h2>
<ul>
<li>Solo se puede retirar el margen libre: el dinero que sostiene posiciones abiertas permanece en la cuenta.</li>
<li>El dinero congelado se mantiene aparte y nunca se ve afectado por pérdidas de trading.</li>
<li>Los retiros tienen límites por solicitud y por día (por defecto, de 10 a 50 000 USD por solicitud y 100 000 USD al día); se te avisa si un importe queda fuera de ellos.</li>
<li>El historial de la cuenta muestra tu saldo disponible y congelado, y cada movimiento.</li>
</ul>
`,
  },
}
