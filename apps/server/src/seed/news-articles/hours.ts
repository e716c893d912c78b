import type { NewsTexts } from '@tp/contracts'

/** Seed article 2: trading hours and closed markets (006 sessions, 007 and 009 on stale prices). */
export const HOURS_ARTICLE: NewsTexts = {
  en: {
    title: 'Trading hours: when each market is open',
    desc: 'Forex trades around the clock on weekdays, metals, energy and indices with a short daily break, crypto every day. What a closed market means for your orders.',
    content: `
<p>Each instrument trades in its own sessions. All times below are <strong>UTC</strong>.</p>
<h2>Standard hours</h2>
<ul>
<li><strong>Forex</strong>: from Sunday 22:00 to Friday 22:00, around the clock.</li>
<li><strong>Metals, energy and indices</strong>: the same week (opening Sunday 23:00), with a daily break from 22:00 to 23:00.</li>
<li><strong>Crypto</strong>: 24 hours a day, 7 days a week.</li>
</ul>
<p>Hours are kept per instrument and can be adjusted by our staff; the app always shows whether a market is open now.</p>
<h2>When a market is closed</h2>
<ul>
<li>The instrument shows a <strong>closed</strong> label on the home list.</li>
<li>New orders, market and pending alike, are refused until it opens again.</li>
<li>Stop-loss, take-profit and pending orders do not fire; they wait for the first price after the open.</li>
<li>Stop-loss and take-profit levels can be changed only while the market is open.</li>
<li>Open positions stay open. Charts and the daily change show the last trading day.</li>
</ul>
<h2>Fresh prices only</h2>
<p>An order is also refused when the instrument's last price is stale (by default older than 10 seconds), for example when the price feed pauses. Nothing is filled or closed at an old price: wait a moment and try again when new prices arrive.</p>
<blockquote>The first prices after a weekend or a daily break can jump away from the last close (a gap). Orders that trigger then fill at the first available price, which may be past your level.</blockquote>
`,
  },
  hk: {
    title: '交易時間：各市場何時開市',
    desc: '外匯於平日全日交易，貴金屬、能源和指數每日有短暫休市，加密貨幣每日開放。休市對您的訂單有何影響。',
    content: `
<p>每個產品都有各自的交易時段。以下時間均為<strong>協調世界時（UTC）</strong>。</p>
<h2>標準交易時間</h2>
<ul>
<li><strong>外匯</strong>：由星期日 22:00 至星期五 22:00，全日不停。</li>
<li><strong>貴金屬、能源及指數</strong>：同一星期內交易（星期日 23:00 開市），每日 22:00 至 23:00 休市一小時。</li>
<li><strong>加密貨幣</strong>：每星期 7 日、每日 24 小時。</li>
</ul>
<p>交易時間按產品設定，並可由我們的職員調整；應用程式會隨時顯示市場目前是否開市。</p>
<h2>市場休市時</h2>
<ul>
<li>首頁列表上該產品會顯示<strong>休市</strong>標籤。</li>
<li>新訂單（市價單和掛單）在重新開市前都會被拒絕。</li>
<li>止損、止盈和掛單不會觸發，會等待開市後的第一個報價。</li>
<li>止損和止盈價位只能在開市期間修改。</li>
<li>已開的倉位會保留。圖表和當日漲跌顯示最後一個交易日的數據。</li>
</ul>
<h2>只用最新報價</h2>
<p>如產品的最新報價已過時（預設超過 10 秒），例如報價源暫停時，訂單同樣會被拒絕。系統不會以舊價格成交或平倉：請稍候，待新報價到達後再試。</p>
<blockquote>週末或每日休市後的首個報價可能與上次收市價有落差（跳空）。屆時觸發的訂單會以第一個可用價格成交，可能超出您設定的價位。</blockquote>
`,
  },
  ar: {
    title: 'أوقات التداول: متى يفتح كل سوق',
    desc: 'تُتداول العملات على مدار الساعة في أيام الأسبوع، والمعادن والطاقة والمؤشرات مع استراحة يومية قصيرة، والعملات المشفرة كل يوم. وما الذي يعنيه إغلاق السوق لأوامرك.',
    content: `
<p>لكل أداة جلسات تداول خاصة بها. جميع الأوقات أدناه بتوقيت <strong>UTC</strong>.</p>
<h2>الأوقات المعتادة</h2>
<ul>
<li><strong>العملات (الفوركس)</strong>: من الأحد الساعة 22:00 إلى الجمعة الساعة 22:00، على مدار الساعة.</li>
<li><strong>المعادن والطاقة والمؤشرات</strong>: الأسبوع نفسه (تفتح الأحد الساعة 23:00)، مع استراحة يومية من 22:00 إلى 23:00.</li>
<li><strong>العملات المشفرة</strong>: على مدار 24 ساعة، 7 أيام في الأسبوع.</li>
</ul>
<p>تُحفظ الأوقات لكل أداة على حدة ويمكن لفريقنا تعديلها؛ ويعرض التطبيق دائمًا ما إذا كان السوق مفتوحًا الآن.</p>
<h2>عندما يكون السوق مغلقًا</h2>
<ul>
<li>تظهر على الأداة علامة <strong>مغلق</strong> في القائمة الرئيسية.</li>
<li>تُرفض الأوامر الجديدة، الفورية والمعلّقة على حد سواء، حتى يُعاد فتح السوق.</li>
<li>لا تُنفَّذ أوامر وقف الخسارة وجني الأرباح والأوامر المعلّقة، بل تنتظر أول سعر بعد الافتتاح.</li>
<li>لا يمكن تعديل مستويات وقف الخسارة وجني الأرباح إلا والسوق مفتوح.</li>
<li>تبقى المراكز المفتوحة مفتوحة. وتعرض الرسوم البيانية والتغير اليومي آخر يوم تداول.</li>
</ul>
<h2>الأسعار الحديثة فقط</h2>
<p>يُرفض الأمر أيضًا إذا كان آخر سعر للأداة قديمًا (افتراضيًا أقدم من 10 ثوانٍ)، كما يحدث عند توقف تغذية الأسعار مؤقتًا. لا يُنفَّذ أي أمر ولا يُغلق أي مركز بسعر قديم: انتظر قليلًا وأعد المحاولة عند وصول أسعار جديدة.</p>
<blockquote>قد تبتعد الأسعار الأولى بعد عطلة نهاية الأسبوع أو الاستراحة اليومية عن آخر سعر إغلاق (فجوة سعرية). والأوامر التي تُفعَّل حينها تُنفَّذ بأول سعر متاح، وقد يكون أبعد من المستوى الذي حددته.</blockquote>
`,
  },
  jp: {
    title: '取引時間：各市場が開いている時間',
    desc: 'FXは平日24時間、貴金属・エネルギー・株価指数は毎日短い休止あり、暗号資産は毎日取引できます。市場が閉まっているときの注文への影響も解説します。',
    content: `
<p>銘柄ごとに取引時間が決まっています。以下の時刻はすべて<strong>UTC（協定世界時）</strong>です。</p>
<h2>標準の取引時間</h2>
<ul>
<li><strong>FX</strong>：日曜22:00から金曜22:00まで、24時間取引できます。</li>
<li><strong>貴金属・エネルギー・株価指数</strong>：同じ週（日曜23:00開始）で、毎日22:00から23:00まで休止します。</li>
<li><strong>暗号資産</strong>：1日24時間・週7日。</li>
</ul>
<p>取引時間は銘柄ごとに管理され、当社スタッフが調整する場合があります。市場が現在開いているかどうかは、アプリに常に表示されます。</p>
<h2>市場が閉まっているとき</h2>
<ul>
<li>ホームの一覧で、その銘柄に<strong>休場</strong>のラベルが表示されます。</li>
<li>成行注文・指値注文を問わず、新規注文は再開まで受け付けられません。</li>
<li>ストップロス、テイクプロフィット、指値注文は発動せず、再開後の最初の価格を待ちます。</li>
<li>ストップロスとテイクプロフィットの価格は、市場が開いている間のみ変更できます。</li>
<li>保有中のポジションはそのまま維持されます。チャートと前日比は直近の取引日を表示します。</li>
</ul>
<h2>最新の価格のみを使用</h2>
<p>銘柄の最新価格が古い場合（初期設定では10秒超）、たとえば価格配信が一時停止したときも、注文は受け付けられません。古い価格で約定や決済が行われることはありません。少し待ってから、新しい価格が届いたら再度お試しください。</p>
<blockquote>週末や毎日の休止明けの最初の価格は、直前の終値から離れることがあります（窓開け）。そのときに発動した注文は最初に取得できた価格で約定し、設定した価格を超えることがあります。</blockquote>
`,
  },
  kr: {
    title: '거래 시간: 시장별 운영 시간',
    desc: '외환은 평일 24시간, 귀금속·에너지·지수는 매일 짧은 휴장이 있고, 암호화폐는 매일 거래됩니다. 시장이 닫혔을 때 주문에 어떤 영향이 있는지 알아보세요.',
    content: `
<p>상품마다 거래 시간이 따로 있습니다. 아래 시간은 모두 <strong>UTC(협정 세계시)</strong> 기준입니다.</p>
<h2>기본 거래 시간</h2>
<ul>
<li><strong>외환</strong>: 일요일 22:00부터 금요일 22:00까지 24시간 거래됩니다.</li>
<li><strong>귀금속, 에너지, 지수</strong>: 같은 주(일요일 23:00 개장)에 거래되며, 매일 22:00부터 23:00까지 한 시간 휴장합니다.</li>
<li><strong>암호화폐</strong>: 하루 24시간, 주 7일.</li>
</ul>
<p>거래 시간은 상품별로 관리되며 저희 직원이 조정할 수 있습니다. 앱에는 현재 시장이 열려 있는지가 항상 표시됩니다.</p>
<h2>시장이 닫혀 있을 때</h2>
<ul>
<li>홈 목록에서 해당 상품에 <strong>휴장</strong> 표시가 나타납니다.</li>
<li>시장가 주문과 대기 주문 모두, 다시 열릴 때까지 새 주문이 거부됩니다.</li>
<li>손절매, 이익 실현, 대기 주문은 실행되지 않고 개장 후 첫 가격을 기다립니다.</li>
<li>손절매와 이익 실현 가격은 시장이 열려 있는 동안에만 변경할 수 있습니다.</li>
<li>보유 포지션은 그대로 유지됩니다. 차트와 일일 변동률은 마지막 거래일 기준으로 표시됩니다.</li>
</ul>
<h2>최신 가격만 사용</h2>
<p>상품의 마지막 가격이 오래된 경우(기본값 10초 초과), 예를 들어 시세 공급이 잠시 멈췄을 때에도 주문이 거부됩니다. 오래된 가격으로 체결되거나 청산되는 일은 없습니다. 잠시 기다린 뒤 새 가격이 들어오면 다시 시도하세요.</p>
<blockquote>주말이나 일일 휴장 후 첫 가격은 직전 종가와 차이가 날 수 있습니다(갭). 그때 실행되는 주문은 처음으로 가능한 가격에 체결되며, 설정한 가격을 넘어설 수 있습니다.</blockquote>
`,
  },
  spa: {
    title: 'Horario de negociación: cuándo abre cada mercado',
    desc: 'Las divisas cotizan las 24 horas entre semana; metales, energía e índices, con una breve pausa diaria; las criptomonedas, todos los días. Qué significa un mercado cerrado para tus órdenes.',
    content: `
<p>Cada instrumento cotiza en sus propias sesiones. Todas las horas indicadas están en <strong>UTC</strong>.</p>
<h2>Horario habitual</h2>
<ul>
<li><strong>Divisas</strong>: del domingo a las 22:00 al viernes a las 22:00, sin interrupción.</li>
<li><strong>Metales, energía e índices</strong>: la misma semana (abren el domingo a las 23:00), con una pausa diaria de 22:00 a 23:00.</li>
<li><strong>Criptomonedas</strong>: 24 horas al día, 7 días a la semana.</li>
</ul>
<p>El horario se guarda por instrumento y nuestro equipo puede ajustarlo; la app siempre muestra si un mercado está abierto en este momento.</p>
<h2>Cuando un mercado está cerrado</h2>
<ul>
<li>El instrumento muestra la etiqueta <strong>Cerrado</strong> en la lista de inicio.</li>
<li>Las órdenes nuevas, tanto a mercado como pendientes, se rechazan hasta que vuelva a abrir.</li>
<li>Los stop-loss, take-profit y órdenes pendientes no se ejecutan; esperan al primer precio tras la apertura.</li>
<li>Los niveles de stop-loss y take-profit solo pueden cambiarse con el mercado abierto.</li>
<li>Las posiciones abiertas siguen abiertas. Los gráficos y la variación diaria muestran la última jornada de negociación.</li>
</ul>
<h2>Solo precios actualizados</h2>
<p>Una orden también se rechaza si el último precio del instrumento está desactualizado (por defecto, con más de 10 segundos), por ejemplo cuando el suministro de precios se detiene. Nada se ejecuta ni se cierra a un precio antiguo: espera un momento y vuelve a intentarlo cuando lleguen precios nuevos.</p>
<blockquote>Los primeros precios tras un fin de semana o la pausa diaria pueden alejarse del último cierre (un gap). Las órdenes que se activan entonces se ejecutan al primer precio disponible, que puede ir más allá de tu nivel.</blockquote>
`,
  },
}
