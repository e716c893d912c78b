import type { LanguageCode } from '@tp/contracts'

/**
 * The seeded instruments' names in every language but English (English is the instrument's `name`).
 * Names are what a native trader reads on a quotes screen: a pair is its two assets' names (Japanese
 * "米ドル/円", Arabic "يورو/دولار أمريكي"), indices and commodities keep their usual local names.
 * Migration 0008 writes the same names into existing databases (a test holds the two together).
 */
type Names = Record<Exclude<LanguageCode, 'en'>, string>

/** Currencies, metals and coins that make up the pairs, by their 3-letter code. */
// prettier-ignore
const ASSETS: Record<string, Names> = {
  EUR: {
    hk: '歐元', jp: 'ユーロ', kr: '유로', th: 'ยูโร', vn: 'Euro', fr: 'Euro', de: 'Euro', ru: 'Евро',
    spa: 'Euro', pt: 'Euro', ar: 'يورو', it: 'Euro', tr: 'Euro', id: 'Euro', my: 'Euro', hi: 'यूरो',
    cs: 'Euro', fa: 'یورو', fi: 'Euro', et: 'Euro',
  },
  USD: {
    hk: '美元', jp: '米ドル', kr: '미국 달러', th: 'ดอลลาร์สหรัฐ', vn: 'Đô la Mỹ', fr: 'Dollar américain',
    de: 'US-Dollar', ru: 'Доллар США', spa: 'Dólar estadounidense', pt: 'Dólar americano',
    ar: 'دولار أمريكي', it: 'Dollaro USA', tr: 'ABD Doları', id: 'Dolar AS', my: 'Dolar AS',
    hi: 'अमेरिकी डॉलर', cs: 'Americký dolar', fa: 'دلار آمریکا', fi: 'Yhdysvaltain dollari', et: 'USA dollar',
  },
  GBP: {
    hk: '英鎊', jp: '英ポンド', kr: '영국 파운드', th: 'ปอนด์สเตอร์ลิง', vn: 'Bảng Anh', fr: 'Livre sterling',
    de: 'Britisches Pfund', ru: 'Британский фунт', spa: 'Libra esterlina', pt: 'Libra esterlina',
    ar: 'جنيه إسترليني', it: 'Sterlina britannica', tr: 'İngiliz Sterlini', id: 'Pound Sterling',
    my: 'Paun British', hi: 'ब्रिटिश पाउंड', cs: 'Britská libra', fa: 'پوند انگلیس', fi: 'Englannin punta',
    et: 'Briti nael',
  },
  JPY: {
    hk: '日圓', jp: '円', kr: '일본 엔', th: 'เยนญี่ปุ่น', vn: 'Yên Nhật', fr: 'Yen japonais', de: 'Japanischer Yen',
    ru: 'Японская иена', spa: 'Yen japonés', pt: 'Iene japonês', ar: 'ين ياباني', it: 'Yen giapponese',
    tr: 'Japon Yeni', id: 'Yen Jepang', my: 'Yen Jepun', hi: 'जापानी येन', cs: 'Japonský jen', fa: 'ین ژاپن',
    fi: 'Japanin jeni', et: 'Jaapani jeen',
  },
  CHF: {
    hk: '瑞士法郎', jp: 'スイスフラン', kr: '스위스 프랑', th: 'ฟรังก์สวิส', vn: 'Franc Thụy Sĩ', fr: 'Franc suisse',
    de: 'Schweizer Franken', ru: 'Швейцарский франк', spa: 'Franco suizo', pt: 'Franco suíço',
    ar: 'فرنك سويسري', it: 'Franco svizzero', tr: 'İsviçre Frangı', id: 'Franc Swiss', my: 'Franc Swiss',
    hi: 'स्विस फ़्रैंक', cs: 'Švýcarský frank', fa: 'فرانک سوئیس', fi: 'Sveitsin frangi', et: 'Šveitsi frank',
  },
  CAD: {
    hk: '加元', jp: 'カナダドル', kr: '캐나다 달러', th: 'ดอลลาร์แคนาดา', vn: 'Đô la Canada', fr: 'Dollar canadien',
    de: 'Kanadischer Dollar', ru: 'Канадский доллар', spa: 'Dólar canadiense', pt: 'Dólar canadense',
    ar: 'دولار كندي', it: 'Dollaro canadese', tr: 'Kanada Doları', id: 'Dolar Kanada', my: 'Dolar Kanada',
    hi: 'कनाडाई डॉलर', cs: 'Kanadský dolar', fa: 'دلار کانادا', fi: 'Kanadan dollari', et: 'Kanada dollar',
  },
  AUD: {
    hk: '澳元', jp: '豪ドル', kr: '호주 달러', th: 'ดอลลาร์ออสเตรเลีย', vn: 'Đô la Úc', fr: 'Dollar australien',
    de: 'Australischer Dollar', ru: 'Австралийский доллар', spa: 'Dólar australiano', pt: 'Dólar australiano',
    ar: 'دولار أسترالي', it: 'Dollaro australiano', tr: 'Avustralya Doları', id: 'Dolar Australia',
    my: 'Dolar Australia', hi: 'ऑस्ट्रेलियाई डॉलर', cs: 'Australský dolar', fa: 'دلار استرالیا',
    fi: 'Australian dollari', et: 'Austraalia dollar',
  },
  NZD: {
    hk: '紐元', jp: 'NZドル', kr: '뉴질랜드 달러', th: 'ดอลลาร์นิวซีแลนด์', vn: 'Đô la New Zealand',
    fr: 'Dollar néo-zélandais', de: 'Neuseeland-Dollar', ru: 'Новозеландский доллар', spa: 'Dólar neozelandés',
    pt: 'Dólar neozelandês', ar: 'دولار نيوزيلندي', it: 'Dollaro neozelandese', tr: 'Yeni Zelanda Doları',
    id: 'Dolar Selandia Baru', my: 'Dolar New Zealand', hi: 'न्यूज़ीलैंड डॉलर', cs: 'Novozélandský dolar',
    fa: 'دلار نیوزیلند', fi: 'Uuden-Seelannin dollari', et: 'Uus-Meremaa dollar',
  },
  SGD: {
    hk: '新加坡元', jp: 'シンガポールドル', kr: '싱가포르 달러', th: 'ดอลลาร์สิงคโปร์', vn: 'Đô la Singapore',
    fr: 'Dollar de Singapour', de: 'Singapur-Dollar', ru: 'Сингапурский доллар', spa: 'Dólar de Singapur',
    pt: 'Dólar de Singapura', ar: 'دولار سنغافوري', it: 'Dollaro di Singapore', tr: 'Singapur Doları',
    id: 'Dolar Singapura', my: 'Dolar Singapura', hi: 'सिंगापुर डॉलर', cs: 'Singapurský dolar',
    fa: 'دلار سنگاپور', fi: 'Singaporen dollari', et: 'Singapuri dollar',
  },
  HKD: {
    hk: '港元', jp: '香港ドル', kr: '홍콩 달러', th: 'ดอลลาร์ฮ่องกง', vn: 'Đô la Hồng Kông', fr: 'Dollar de Hong Kong',
    de: 'Hongkong-Dollar', ru: 'Гонконгский доллар', spa: 'Dólar de Hong Kong', pt: 'Dólar de Hong Kong',
    ar: 'دولار هونغ كونغ', it: 'Dollaro di Hong Kong', tr: 'Hong Kong Doları', id: 'Dolar Hong Kong',
    my: 'Dolar Hong Kong', hi: 'हांगकांग डॉलर', cs: 'Hongkongský dolar', fa: 'دلار هنگ کنگ',
    fi: 'Hongkongin dollari', et: 'Hongkongi dollar',
  },
  CNH: {
    hk: '離岸人民幣', jp: 'オフショア人民元', kr: '역외 위안화', th: 'หยวนนอกประเทศ', vn: 'Nhân dân tệ hải ngoại',
    fr: 'Yuan offshore', de: 'Offshore-Yuan', ru: 'Офшорный юань', spa: 'Yuan offshore', pt: 'Yuan offshore',
    ar: 'يوان صيني خارجي', it: 'Yuan offshore', tr: 'Offshore Yuan', id: 'Yuan Offshore', my: 'Yuan Luar Pesisir',
    hi: 'ऑफ़शोर युआन', cs: 'Offshore jüan', fa: 'یوان فراساحلی', fi: 'Offshore-juan', et: 'Offshore-jüaan',
  },
  XAU: {
    hk: '黃金', jp: '金', kr: '금', th: 'ทองคำ', vn: 'Vàng', fr: 'Or', de: 'Gold', ru: 'Золото', spa: 'Oro',
    pt: 'Ouro', ar: 'ذهب', it: 'Oro', tr: 'Altın', id: 'Emas', my: 'Emas', hi: 'सोना', cs: 'Zlato', fa: 'طلا',
    fi: 'Kulta', et: 'Kuld',
  },
  XAG: {
    hk: '白銀', jp: '銀', kr: '은', th: 'เงิน', vn: 'Bạc', fr: 'Argent', de: 'Silber', ru: 'Серебро', spa: 'Plata',
    pt: 'Prata', ar: 'فضة', it: 'Argento', tr: 'Gümüş', id: 'Perak', my: 'Perak', hi: 'चांदी', cs: 'Stříbro',
    fa: 'نقره', fi: 'Hopea', et: 'Hõbe',
  },
  XPT: {
    hk: '鉑金', jp: 'プラチナ', kr: '백금', th: 'แพลทินัม', vn: 'Bạch kim', fr: 'Platine', de: 'Platin',
    ru: 'Платина', spa: 'Platino', pt: 'Platina', ar: 'بلاتين', it: 'Platino', tr: 'Platin', id: 'Platinum',
    my: 'Platinum', hi: 'प्लैटिनम', cs: 'Platina', fa: 'پلاتین', fi: 'Platina', et: 'Plaatina',
  },
  BTC: {
    hk: '比特幣', jp: 'ビットコイン', kr: '비트코인', th: 'บิตคอยน์', vn: 'Bitcoin', fr: 'Bitcoin', de: 'Bitcoin',
    ru: 'Биткоин', spa: 'Bitcoin', pt: 'Bitcoin', ar: 'بيتكوين', it: 'Bitcoin', tr: 'Bitcoin', id: 'Bitcoin',
    my: 'Bitcoin', hi: 'बिटकॉइन', cs: 'Bitcoin', fa: 'بیت‌کوین', fi: 'Bitcoin', et: 'Bitcoin',
  },
  ETH: {
    hk: '以太坊', jp: 'イーサリアム', kr: '이더리움', th: 'อีเธอเรียม', vn: 'Ethereum', fr: 'Ethereum',
    de: 'Ethereum', ru: 'Эфириум', spa: 'Ethereum', pt: 'Ethereum', ar: 'إيثريوم', it: 'Ethereum',
    tr: 'Ethereum', id: 'Ethereum', my: 'Ethereum', hi: 'एथेरियम', cs: 'Ethereum', fa: 'اتریوم',
    fi: 'Ethereum', et: 'Ethereum',
  },
  LTC: {
    hk: '萊特幣', jp: 'ライトコイン', kr: '라이트코인', th: 'ไลท์คอยน์', vn: 'Litecoin', fr: 'Litecoin',
    de: 'Litecoin', ru: 'Лайткоин', spa: 'Litecoin', pt: 'Litecoin', ar: 'لايتكوين', it: 'Litecoin',
    tr: 'Litecoin', id: 'Litecoin', my: 'Litecoin', hi: 'लाइटकॉइन', cs: 'Litecoin', fa: 'لایت‌کوین',
    fi: 'Litecoin', et: 'Litecoin',
  },
  XRP: {
    hk: '瑞波幣', jp: 'リップル', kr: '리플', th: 'ริปเปิล', vn: 'Ripple', fr: 'Ripple', de: 'Ripple',
    ru: 'Рипл', spa: 'Ripple', pt: 'Ripple', ar: 'ريبل', it: 'Ripple', tr: 'Ripple', id: 'Ripple', my: 'Ripple',
    hi: 'रिपल', cs: 'Ripple', fa: 'ریپل', fi: 'Ripple', et: 'Ripple',
  },
  SOL: {
    hk: 'Solana', jp: 'ソラナ', kr: '솔라나', th: 'โซลานา', vn: 'Solana', fr: 'Solana', de: 'Solana',
    ru: 'Солана', spa: 'Solana', pt: 'Solana', ar: 'سولانا', it: 'Solana', tr: 'Solana', id: 'Solana',
    my: 'Solana', hi: 'सोलाना', cs: 'Solana', fa: 'سولانا', fi: 'Solana', et: 'Solana',
  },
}

/** Instruments named as a whole: energy and indices (digits are Latin in every language, decision 014). */
// prettier-ignore
const WHOLE: Record<string, Names> = {
  USOIL: {
    hk: 'WTI原油', jp: 'WTI原油', kr: 'WTI 원유', th: 'น้ำมันดิบ WTI', vn: 'Dầu thô WTI', fr: 'Pétrole brut WTI',
    de: 'Rohöl WTI', ru: 'Нефть WTI', spa: 'Petróleo crudo WTI', pt: 'Petróleo bruto WTI',
    ar: 'خام غرب تكساس', it: 'Petrolio greggio WTI', tr: 'WTI Ham Petrol', id: 'Minyak Mentah WTI',
    my: 'Minyak Mentah WTI', hi: 'WTI कच्चा तेल', cs: 'Ropa WTI', fa: 'نفت خام WTI', fi: 'WTI-raakaöljy',
    et: 'WTI toornafta',
  },
  UKOIL: {
    hk: '布蘭特原油', jp: 'ブレント原油', kr: '브렌트유', th: 'น้ำมันดิบเบรนท์', vn: 'Dầu thô Brent',
    fr: 'Pétrole brut Brent', de: 'Rohöl Brent', ru: 'Нефть Brent', spa: 'Petróleo crudo Brent',
    pt: 'Petróleo bruto Brent', ar: 'خام برنت', it: 'Petrolio greggio Brent', tr: 'Brent Ham Petrol',
    id: 'Minyak Mentah Brent', my: 'Minyak Mentah Brent', hi: 'ब्रेंट कच्चा तेल', cs: 'Ropa Brent',
    fa: 'نفت خام برنت', fi: 'Brent-raakaöljy', et: 'Brenti toornafta',
  },
  NGAS: {
    hk: '天然氣', jp: '天然ガス', kr: '천연가스', th: 'ก๊าซธรรมชาติ', vn: 'Khí tự nhiên', fr: 'Gaz naturel',
    de: 'Erdgas', ru: 'Природный газ', spa: 'Gas natural', pt: 'Gás natural', ar: 'الغاز الطبيعي',
    it: 'Gas naturale', tr: 'Doğal Gaz', id: 'Gas Alam', my: 'Gas Asli', hi: 'प्राकृतिक गैस', cs: 'Zemní plyn',
    fa: 'گاز طبیعی', fi: 'Maakaasu', et: 'Maagaas',
  },
  US30: {
    hk: '道瓊斯30', jp: 'NYダウ30', kr: '다우존스 30', th: 'ดาวโจนส์ 30', vn: 'Dow Jones 30', fr: 'Dow Jones 30',
    de: 'Dow Jones 30', ru: 'Доу-Джонс 30', spa: 'Dow Jones 30', pt: 'Dow Jones 30', ar: 'داو جونز 30',
    it: 'Dow Jones 30', tr: 'Dow Jones 30', id: 'Dow Jones 30', my: 'Dow Jones 30', hi: 'डाउ जोन्स 30',
    cs: 'Dow Jones 30', fa: 'داوجونز 30', fi: 'Dow Jones 30', et: 'Dow Jones 30',
  },
  US500: {
    hk: '標普500', jp: 'S&P500', kr: 'S&P 500', th: 'S&P 500', vn: 'S&P 500', fr: 'S&P 500', de: 'S&P 500',
    ru: 'S&P 500', spa: 'S&P 500', pt: 'S&P 500', ar: 'ستاندرد آند بورز 500', it: 'S&P 500', tr: 'S&P 500',
    id: 'S&P 500', my: 'S&P 500', hi: 'एसएंडपी 500', cs: 'S&P 500', fa: 'اس‌اندپی 500', fi: 'S&P 500',
    et: 'S&P 500',
  },
  NAS100: {
    hk: '納斯達克100', jp: 'ナスダック100', kr: '나스닥 100', th: 'แนสแด็ก 100', vn: 'Nasdaq 100',
    fr: 'Nasdaq 100', de: 'Nasdaq 100', ru: 'Nasdaq 100', spa: 'Nasdaq 100', pt: 'Nasdaq 100',
    ar: 'ناسداك 100', it: 'Nasdaq 100', tr: 'Nasdaq 100', id: 'Nasdaq 100', my: 'Nasdaq 100',
    hi: 'नैस्डैक 100', cs: 'Nasdaq 100', fa: 'نزدک 100', fi: 'Nasdaq 100', et: 'Nasdaq 100',
  },
  GER40: {
    hk: '德國40', jp: 'ドイツ40', kr: '독일 40', th: 'เยอรมนี 40', vn: 'Đức 40', fr: 'Allemagne 40',
    de: 'Deutschland 40', ru: 'Германия 40', spa: 'Alemania 40', pt: 'Alemanha 40', ar: 'ألمانيا 40',
    it: 'Germania 40', tr: 'Almanya 40', id: 'Jerman 40', my: 'Jerman 40', hi: 'जर्मनी 40', cs: 'Německo 40',
    fa: 'آلمان 40', fi: 'Saksa 40', et: 'Saksamaa 40',
  },
  UK100: {
    hk: '英國100', jp: '英国100', kr: '영국 100', th: 'สหราชอาณาจักร 100', vn: 'Anh 100', fr: 'Royaume-Uni 100',
    de: 'Großbritannien 100', ru: 'Великобритания 100', spa: 'Reino Unido 100', pt: 'Reino Unido 100',
    ar: 'المملكة المتحدة 100', it: 'Regno Unito 100', tr: 'Birleşik Krallık 100', id: 'Inggris 100',
    my: 'UK 100', hi: 'यूके 100', cs: 'Velká Británie 100', fa: 'انگلیس 100', fi: 'Iso-Britannia 100',
    et: 'Ühendkuningriik 100',
  },
  JPN225: {
    hk: '日本225', jp: '日経225', kr: '일본 225', th: 'ญี่ปุ่น 225', vn: 'Nhật Bản 225', fr: 'Japon 225',
    de: 'Japan 225', ru: 'Япония 225', spa: 'Japón 225', pt: 'Japão 225', ar: 'اليابان 225',
    it: 'Giappone 225', tr: 'Japonya 225', id: 'Jepang 225', my: 'Jepun 225', hi: 'जापान 225',
    cs: 'Japonsko 225', fa: 'ژاپن 225', fi: 'Japani 225', et: 'Jaapan 225',
  },
  HK50: {
    hk: '香港50', jp: '香港50', kr: '홍콩 50', th: 'ฮ่องกง 50', vn: 'Hồng Kông 50', fr: 'Hong Kong 50',
    de: 'Hongkong 50', ru: 'Гонконг 50', spa: 'Hong Kong 50', pt: 'Hong Kong 50', ar: 'هونغ كونغ 50',
    it: 'Hong Kong 50', tr: 'Hong Kong 50', id: 'Hong Kong 50', my: 'Hong Kong 50', hi: 'हांगकांग 50',
    cs: 'Hongkong 50', fa: 'هنگ کنگ 50', fi: 'Hongkong 50', et: 'Hongkong 50',
  },
}

/** Scripts that write a pair without spaces around the slash (as their quote screens do). */
const TIGHT = new Set(['hk', 'jp', 'kr', 'th', 'ar', 'fa'])

const pairNames = (base: Names, quote: Names): Names =>
  Object.fromEntries(
    Object.keys(base).map((lang) => {
      const key = lang as keyof Names
      return [lang, TIGHT.has(lang) ? `${base[key]}/${quote[key]}` : `${base[key]} / ${quote[key]}`]
    }),
  ) as Names

/**
 * The names of a seeded instrument by its code, every language but English; undefined for a code
 * the seed does not know (its name then shows in English).
 */
export function seededInstrumentNames(code: string): Record<string, string> | undefined {
  const whole = WHOLE[code]
  if (whole) return { ...whole }
  const base = ASSETS[code.slice(0, 3)]
  const quote = ASSETS[code.slice(3)]
  return code.length === 6 && base && quote ? pairNames(base, quote) : undefined
}

/** An instrument's name in `lang`: its own translation, else the English `name`. */
export function nameIn(names: Readonly<Record<string, string>>, name: string, lang: string): string {
  return names[lang]?.trim() || name
}
