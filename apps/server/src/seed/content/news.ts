import type { Text } from '@kabuto/contract';

/**
 * Demo news written for Kabuto's own newsroom. The articles are general and educational:
 * they quote no price levels, index figures or statements by real people.
 */

const p = (text: string): string => `<p>${text}</p>`;
const h3 = (text: string): string => `<h3>${text}</h3>`;
const ul = (items: string[]): string => `<ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`;
const html = (...blocks: string[]): string => blocks.join('');

/** Closing note appended to every article. */
const NOTE: Text = {
  jp: '※本記事は情報提供を目的としたものであり、特定の銘柄や取引を推奨するものではありません。投資に関する最終的な判断はご自身で行ってください。',
  cn: '※本文仅供参考，不构成对任何股票或交易的推荐。投资决策请由您自行判断。',
  us: 'This article is for information only and is not a recommendation of any stock or transaction. Investment decisions are your own responsibility.',
};

export const SEED_NEWS: { source: string; publishedAt: string; title: Text; summary: Text; content: Text }[] =
  [
    {
      source: 'Kabuto マーケットデスク',
      publishedAt: '2026-11-20T16:30:00+09:00',
      title: {
        jp: '週間レビュー：決算発表が一巡、来週は祝日を挟む4営業日',
        cn: '一周回顾：财报季接近尾声，下周日本股市因假日仅交易四天',
        us: 'Weekly review: earnings season winds down, and a four-day week lies ahead in Tokyo',
      },
      summary: {
        jp: '3月期決算企業の中間決算発表がほぼ一巡し、東京市場の関心は業績から金融政策や為替、株主還元へと移りつつあります。来週は23日（月）が勤労感謝の日で休場となるほか、米国も感謝祭の週を迎えます。',
        cn: '3月财年企业的中期财报已基本发布完毕，东京市场的关注点正从业绩转向货币政策、汇率和股东回报。下周一（23日）为日本勤劳感谢日，股市休市；美国也将迎来感恩节所在的一周。',
        us: 'Interim results from companies with a March year-end are largely out, and attention in Tokyo is shifting from earnings to monetary policy, the yen and shareholder returns. The market is closed on Monday 23 November for Labour Thanksgiving Day, and the US heads into Thanksgiving week.',
      },
      content: {
        jp: html(
          h3('決算シーズンを振り返って'),
          p(
            '10月下旬から続いた3月期決算企業の中間決算（4〜9月期）の発表は、今週までにほぼ一巡しました。今回の決算シーズンでは、上期の実績そのものに加え、通期の業績見通しを修正するかどうか、そして会社側が想定為替レートをどう置いているかに注目が集まりました。外需企業では為替の前提が利益見通しを大きく左右するため、会社の前提と実際の相場との差を確認しておくことが大切です。',
          ),
          p(
            '決算と同時に自社株買いや増配を発表する企業も多く、東京証券取引所が上場企業に求めている「資本コストや株価を意識した経営」への対応は、引き続き投資家の評価軸のひとつになっています。個別銘柄を見る際は、一時的な還元策なのか、継続的な方針なのかを開示資料で確かめておきましょう。',
          ),
          h3('来週の注目点'),
          ul([
            '23日（月）は勤労感謝の日のため東京市場は休場となり、来週の取引は24日（火）からの4営業日です。',
            '米国市場は26日（木）が感謝祭で休場、27日（金）は短縮取引となる予定です。米国株の取引時間にご注意ください。',
            '月末にかけては東京都区部の消費者物価指数（中旬速報値）が公表され、12月の日銀金融政策決定会合を占う材料として注目されます。',
            '11月末には株価指数の定期見直しに伴うリバランスが例年行われ、大引けにかけて売買が膨らむことがあります。',
          ]),
          p(
            '祝日を挟む週は、休場中の海外市場の動きが取引再開時にまとめて反映されやすく、寄り付きの値動きが大きくなることがあります。指値注文を活用するなど、想定外の価格での約定を避ける工夫をおすすめします。',
          ),
          p(NOTE.jp),
        ),
        cn: html(
          h3('财报季回顾'),
          p(
            '自10月下旬开始的3月财年企业中期（4～9月）财报发布，截至本周已基本结束。本轮财报季中，除了上半财年的实际业绩外，市场更关注企业是否修改全年业绩预期，以及公司设定的汇率假设。对出口型企业而言，汇率假设会显著影响利润预期，因此有必要比较公司假设与实际汇率之间的差距。',
          ),
          p(
            '不少企业在发布财报的同时宣布回购股票或提高分红。东京证券交易所要求上市公司推进“关注资本成本和股价的经营”，这一点仍是投资者评估企业的重要标准之一。分析个股时，建议通过公告资料确认相关股东回报措施是一次性的，还是长期方针。',
          ),
          h3('下周关注要点'),
          ul([
            '23日（周一）为日本勤劳感谢日，东京市场休市，下周从24日（周二）起共有四个交易日。',
            '美国市场26日（周四）因感恩节休市，27日（周五）预计提前收盘，请留意美股交易时间。',
            '月末将公布东京都区部消费者物价指数（中旬速报值），市场将借此判断12月日本央行货币政策会议的走向。',
            '按惯例，11月末会进行股票指数定期调整带来的再平衡操作，收盘前成交量可能明显放大。',
          ]),
          p(
            '在有假日的一周，休市期间海外市场的变化往往会在复市后集中反映，开盘时价格波动可能较大。建议使用限价单等方式，避免以预期之外的价格成交。',
          ),
          p(NOTE.cn),
        ),
        us: html(
          h3('Looking back on earnings season'),
          p(
            'Interim results for April–September from companies with a March fiscal year-end, which began arriving in late October, were largely complete by this week. Beyond the first-half numbers themselves, investors focused on whether companies revised their full-year forecasts and on the exchange-rate assumptions behind them. For exporters the currency assumption can swing the profit outlook considerably, so it is worth comparing each company’s assumption with where the yen actually trades.',
          ),
          p(
            'Many companies paired their results with share buybacks or higher dividends. The Tokyo Stock Exchange’s call for listed companies to manage with an awareness of their cost of capital and share price remains one of the yardsticks investors apply. When looking at individual stocks, check the disclosure documents to see whether a return measure is a one-off or part of a lasting policy.',
          ),
          h3('What to watch next week'),
          ul([
            'Tokyo is closed on Monday 23 November for Labour Thanksgiving Day, so next week has four trading days starting on Tuesday 24 November.',
            'US markets are closed on Thursday 26 November for Thanksgiving and are scheduled to close early on Friday 27 November. Please check US trading hours.',
            'Around the end of the month, the preliminary consumer price index for Tokyo’s 23 wards is released and will be read for clues about the Bank of Japan’s December policy meeting.',
            'Index rebalancing linked to regular end-of-November reviews usually takes place, and volumes can swell into the close.',
          ]),
          p(
            'In a week with a holiday, overseas moves that happen while Tokyo is closed tend to be priced in all at once when trading resumes, and opening prices can swing widely. Consider limit orders to avoid being filled at a price you did not expect.',
          ),
          p(NOTE.us),
        ),
      },
    },
    {
      source: 'Kabuto マーケットデスク',
      publishedAt: '2026-11-18T08:00:00+09:00',
      title: {
        jp: '日銀会合プレビュー：12月の金融政策決定会合で何が焦点になるか',
        cn: '日本央行会议前瞻：12月货币政策会议的焦点是什么',
        us: 'BoJ preview: what matters for the December policy meeting',
      },
      summary: {
        jp: '年内最後となる12月の日銀金融政策決定会合に向けて、市場では賃金と物価の動向、為替、海外経済をめぐる議論が活発になっています。会合の流れと、判断材料となる主な指標を整理しました。',
        cn: '临近年内最后一次的12月日本央行货币政策会议，市场围绕工资与物价走势、汇率以及海外经济的讨论日趋活跃。本文梳理了会议流程及主要参考指标。',
        us: 'With the Bank of Japan’s last policy meeting of the year approaching in December, debate is heating up over wages, prices, the yen and the global economy. We outline how the meeting works and the data that feed into it.',
      },
      content: {
        jp: html(
          h3('金融政策決定会合のしくみ'),
          p(
            '日本銀行は年8回、金融政策決定会合を開き、政策金利をはじめとする金融市場調節の方針を決めます。会合は2日間にわたり、2日目に結果が公表されます。公表時刻はあらかじめ決まっておらず、昼前後になることが多いものの、議論が長引けば午後にずれ込むこともあります。同じ日の午後には総裁の記者会見が行われ、今後の政策運営についての説明が市場の注目を集めます。',
          ),
          p(
            '日銀は2024年3月にマイナス金利政策を解除し、その後は経済・物価の動向を見極めながら段階的に政策の正常化を進めてきました。次の一手の時期やペースをめぐっては市場の見方が分かれやすく、会合前には各種指標や日銀関係者の発言に対する反応が大きくなる傾向があります。',
          ),
          h3('判断材料となる主な指標'),
          ul([
            '賃金：来年の春季労使交渉（春闘）に向けた労働組合側の方針や、企業の賃上げ姿勢',
            '物価：全国および東京都区部の消費者物価指数、サービス価格の動向',
            '景況感：例年12月会合に先立って公表される日銀短観（全国企業短期経済観測調査）',
            '為替：円安による輸入物価の上昇が物価見通しに与える影響',
            '海外：同じ12月に開かれる米連邦公開市場委員会（FOMC）の結果と米国経済の動向',
          ]),
          h3('株式市場への影響'),
          p(
            '金融政策の変更は、業種によって受け止め方が異なります。一般に、金利上昇は利ざやの改善が期待される銀行や保険などの金融株には追い風とされる一方、借入の多い不動産株や、将来の成長期待で評価される銘柄には逆風となりやすいとされます。また、政策の変化が為替を通じて輸出企業の業績見通しに波及することもあります。',
          ),
          p(
            '会合当日は、結果公表の直後や総裁会見の最中に、株価や為替が短時間で大きく動くことがあります。レバレッジを利用している場合は特に、証拠金の余力を事前に確認し、無理のないポジションで臨むことが大切です。',
          ),
          p(NOTE.jp),
        ),
        cn: html(
          h3('货币政策会议的机制'),
          p(
            '日本央行每年召开8次货币政策会议，决定包括政策利率在内的金融市场调节方针。会议为期两天，结果在第二天公布。公布时间并不固定，多在中午前后，但如果讨论时间较长，也可能推迟到下午。当天下午行长将召开记者会，其对今后政策走向的说明备受市场关注。',
          ),
          p(
            '日本央行于2024年3月结束负利率政策，此后一边观察经济和物价走势，一边逐步推进政策正常化。对于下一步行动的时机和节奏，市场看法容易出现分歧，因此会前市场对各类经济指标和央行相关人士讲话的反应往往较大。',
          ),
          h3('主要参考指标'),
          ul([
            '工资：工会为明年“春斗”（春季劳资谈判）制定的方针，以及企业的加薪意愿',
            '物价：全国及东京都区部消费者物价指数、服务价格走势',
            '景气判断：通常在12月会议前公布的日本央行短观（全国企业短期经济观测调查）',
            '汇率：日元贬值推高进口价格，对物价前景的影响',
            '海外：同在12月召开的美国联邦公开市场委员会（FOMC）的结果及美国经济走势',
          ]),
          h3('对股市的影响'),
          p(
            '货币政策调整对不同行业的影响各不相同。一般认为，利率上升有望改善利差，对银行、保险等金融股构成利好；而对负债较多的房地产股，以及主要依靠未来成长预期来估值的股票则往往不利。此外，政策变化也可能通过汇率影响出口企业的业绩预期。',
          ),
          p(
            '会议当天，在结果公布后或行长记者会期间，股价和汇率可能在短时间内大幅波动。特别是使用杠杆交易时，请提前确认保证金余额，避免持有超出承受能力的仓位。',
          ),
          p(NOTE.cn),
        ),
        us: html(
          h3('How the meeting works'),
          p(
            'The Bank of Japan holds eight Monetary Policy Meetings a year to set its stance on money-market operations, including the policy interest rate. Each meeting runs over two days, with the decision released on the second day. There is no fixed release time: it often comes around midday, but it can slip into the afternoon if discussions run long. The Governor holds a press conference that afternoon, and the explanation of the policy outlook given there is closely watched.',
          ),
          p(
            'The BoJ ended its negative interest rate policy in March 2024 and has since normalised policy step by step while assessing the economy and prices. Views on the timing and pace of the next move tend to diverge, so markets often react strongly to data releases and remarks by BoJ officials in the run-up to a meeting.',
          ),
          h3('Key data to watch'),
          ul([
            'Wages: unions’ stance for next year’s spring wage negotiations (shunto) and companies’ willingness to raise pay',
            'Prices: the nationwide and Tokyo consumer price indices, and trends in services prices',
            'Business sentiment: the BoJ Tankan survey, usually released ahead of the December meeting',
            'The yen: how higher import prices from a weaker yen affect the inflation outlook',
            'Overseas: the outcome of the US Federal Open Market Committee (FOMC) meeting, also held in December, and the state of the US economy',
          ]),
          h3('What it means for stocks'),
          p(
            'Policy changes land differently across sectors. Higher rates are generally seen as supportive for banks and insurers, whose margins may improve, while they tend to weigh on heavily indebted real estate companies and on stocks valued mainly for future growth. Policy shifts can also feed through the yen into exporters’ earnings outlooks.',
          ),
          p(
            'On decision day, stocks and the yen can move sharply within minutes of the announcement or during the press conference. If you trade with leverage in particular, check your available margin beforehand and keep positions to a size you can manage.',
          ),
          p(NOTE.us),
        ),
      },
    },
    {
      source: 'Kabuto 投資ガイド',
      publishedAt: '2026-11-15T10:00:00+09:00',
      title: {
        jp: '値幅制限とは？ストップ高・ストップ安のしくみをやさしく解説',
        cn: '什么是涨跌幅限制？详解日本股市的涨停与跌停',
        us: 'What are daily price limits? How limit-up and limit-down work in Tokyo',
      },
      summary: {
        jp: '東京証券取引所では、1日に動ける株価の幅が銘柄ごとに決められています。ストップ高・ストップ安の意味や比例配分、米国・中国・韓国市場との違いまで、基本をまとめました。',
        cn: '东京证券交易所对每只股票一天内的价格波动范围都有规定。本文介绍涨停、跌停的含义、比例分配机制，以及与美国、中国、韩国市场的区别。',
        us: 'The Tokyo Stock Exchange caps how far each stock can move in a single day. This guide explains limit-up and limit-down, proportional allocation, and how the rules differ in the US, China and Korea.',
      },
      content: {
        jp: html(
          h3('値幅制限の目的'),
          p(
            '株価が短時間に極端に上下すると、投資家が冷静に判断する時間がなくなり、思わぬ損失につながるおそれがあります。そこで東京証券取引所では、通常は前日の終値を「基準値段」とし、そこから1日のうちに上下できる幅（制限値幅）を定めています。これが値幅制限です。',
          ),
          p(
            '制限値幅は一律の割合ではなく、株価の水準ごとに段階的に決められた金額で設定されています。株価が高い銘柄ほど金額としての値幅は大きくなりますが、基準値段に対する割合は一定ではありません。具体的な値幅は取引所が公表している表で確認できます。Kabuto では、当日の制限値幅を超える価格の注文は受け付けられません。',
          ),
          h3('ストップ高・ストップ安と比例配分'),
          p(
            '株価が制限値幅の上限まで上がることを「ストップ高」、下限まで下がることを「ストップ安」と呼びます。ストップ高ではその価格より上で売買できないため、買い注文が売り注文を大きく上回ったまま取引時間を終えることがあります。この場合、大引けに売り注文を買い注文へ按分して割り当てる「比例配分（ストップ配分）」が行われることがあり、買い注文を出していても約定するとは限りません。',
          ),
          p(
            'また、ストップ高やストップ安で売買が成立しない状態が続いた場合など、一定の条件のもとで翌営業日の制限値幅が拡大されることがあります。ストップ高になったからといって、翌日も上昇するとは限らない点にも注意が必要です。',
          ),
          h3('海外市場との違い'),
          ul([
            '米国：個別株に1日の値幅制限はありませんが、急激な値動きの際に一時的に売買を止める仕組み（LULD）や、市場全体を対象とするサーキットブレーカー制度があります。',
            '中国A株：上海・深センのメインボードは原則として前日終値比±10%、科創板（STAR Market）や創業板は±20%です。',
            '韓国：KOSPI・KOSDAQの銘柄は原則として前日終値比±30%です。',
          ]),
          p(
            'いずれの市場でも、新規上場の直後や特別な状況では通常と異なるルールが適用されることがあります。取引の前に、銘柄ごとの条件を確認しておきましょう。',
          ),
          p(NOTE.jp),
        ),
        cn: html(
          h3('涨跌幅限制的目的'),
          p(
            '如果股价在短时间内剧烈涨跌，投资者便没有时间冷静判断，可能蒙受意外损失。为此，东京证券交易所通常以前一交易日收盘价作为“基准价格”，并规定一天内股价可以上下波动的幅度（限制幅度），这就是涨跌幅限制。',
          ),
          p(
            '日本的限制幅度并不是统一的百分比，而是按股价区间分档设定的固定金额。股价越高，以金额计算的限制幅度越大，但相对于基准价格的比例并不固定。具体幅度可在交易所公布的表格中查询。在 Kabuto，超出当日限制幅度的委托价格将无法下单。',
          ),
          h3('涨停、跌停与比例分配'),
          p(
            '股价涨到限制幅度上限称为“涨停”（日语为“ストップ高”），跌到下限称为“跌停”（“ストップ安”）。涨停时，高于该价格无法成交，因此可能出现买单远多于卖单的情况一直持续到收盘。此时，交易所可能在收盘时把卖单按比例分配给买单，即“比例分配”，因此即使提交了买单，也不一定能够成交。',
          ),
          p(
            '此外，如果连续出现涨停或跌停且无法成交等情况，在满足一定条件时，下一交易日的限制幅度可能会被扩大。还需注意，涨停并不意味着第二天一定会继续上涨。',
          ),
          h3('与海外市场的区别'),
          ul([
            '美国：个股没有每日涨跌幅限制，但设有在价格急剧波动时暂停交易的机制（LULD），以及针对整个市场的熔断机制。',
            '中国A股：沪深主板原则上为前一交易日收盘价的±10%，科创板和创业板为±20%。',
            '韩国：KOSPI和KOSDAQ股票原则上为前一交易日收盘价的±30%。',
          ]),
          p(
            '无论在哪个市场，新股上市初期或特殊情况下都可能适用与平时不同的规则。交易前请确认各股票的具体条件。',
          ),
          p(NOTE.cn),
        ),
        us: html(
          h3('Why price limits exist'),
          p(
            'When a stock swings to extremes in a short time, investors lose the chance to think calmly and can suffer unexpected losses. The Tokyo Stock Exchange therefore sets a “base price”, usually the previous day’s close, and fixes how far the stock may rise or fall from it during the day. This range is the daily price limit.',
          ),
          p(
            'In Japan the limit is not a single percentage. It is a fixed yen amount set in tiers according to the price level: higher-priced stocks get a larger limit in yen, but the limit as a share of the base price varies. The exchange publishes the table of limits. On Kabuto, orders priced beyond the day’s limit are not accepted.',
          ),
          h3('Limit-up, limit-down and proportional allocation'),
          p(
            'A stock that rises to its upper limit is said to be “limit-up” (sutoppu-daka); one that falls to its lower limit is “limit-down” (sutoppu-yasu). At limit-up no trades can take place above that price, so buy orders may far outnumber sell orders right up to the close. In that case the available sell orders may be shared out among buyers in proportion at the close, a process known as proportional allocation, so placing a buy order does not guarantee a fill.',
          ),
          p(
            'If a stock stays stuck at limit-up or limit-down without trading, the limit for the next business day may be widened under certain conditions. Keep in mind, too, that hitting limit-up one day does not mean the stock will keep rising the next.',
          ),
          h3('How other markets differ'),
          ul([
            'United States: individual stocks have no daily price limit, but there are short trading pauses for sudden moves (Limit Up-Limit Down) and market-wide circuit breakers.',
            'China A-shares: main-board stocks in Shanghai and Shenzhen are generally limited to ±10% of the previous close; the STAR Market and ChiNext allow ±20%.',
            'Korea: KOSPI and KOSDAQ stocks are generally limited to ±30% of the previous close.',
          ]),
          p(
            'In every market, different rules may apply just after a listing or in special situations. Check the conditions for each stock before you trade.',
          ),
          p(NOTE.us),
        ),
      },
    },
    {
      source: 'Kabuto マーケットデスク',
      publishedAt: '2026-11-13T12:00:00+09:00',
      title: {
        jp: '円相場を動かす3つの要因：金利差・リスク選好・実需の流れ',
        cn: '影响日元汇率的三大因素：利差、风险偏好与实际资金流向',
        us: 'Three forces behind the yen: rate gaps, risk appetite and real-money flows',
      },
      summary: {
        jp: '円相場は日本株だけでなく、米国株など外国株の損益にも直接影響します。為替を動かす主な要因と、投資家が意識しておきたいポイントを解説します。',
        cn: '日元汇率不仅影响日本股票，也会直接影响美股等海外股票的盈亏。本文解析推动汇率变动的主要因素，以及投资者应当留意的要点。',
        us: 'The yen affects not only Japanese stocks but also the returns on US and other foreign shares. Here are the main forces that move it and what investors should keep in mind.',
      },
      content: {
        jp: html(
          h3('1. 内外の金利差'),
          p(
            '為替相場を考えるうえで最も基本となるのが、日本と海外の金利差です。一般に、金利の高い通貨は保有するだけで利息を得やすいため買われやすく、金利差が拡大する局面では円が売られやすいとされます。そのため、日銀や米連邦準備制度理事会（FRB）の政策見通しが変わると、円相場も敏感に反応します。',
          ),
          h3('2. リスク選好とリスク回避'),
          p(
            '世界の投資家が積極的にリスクを取りにいく局面では円が売られやすく、金融市場が不安定になると円が買い戻されやすい――こうした傾向は過去にたびたび見られてきました。ただし、この関係は常に成り立つわけではなく、局面によっては異なる動きになることもあります。',
          ),
          h3('3. 実需と資金の流れ'),
          p(
            '企業の輸出入や海外投資に伴う通貨の売買も、中長期的な相場の流れに影響します。近年の日本の経常収支は、貿易による収支よりも、海外投資から得られる利子や配当などの第一次所得収支が黒字の中心となっています。また、個人投資家による外国株や海外投資信託への投資の広がりが、円売りの要因として指摘されることもあります。なお、相場が急激に変動した際には、財務省の判断により為替介入が行われることがあります。',
          ),
          h3('投資家への影響'),
          p(
            '円安は、海外で稼ぐ輸出企業の円換算の利益を押し上げやすい一方、原材料を輸入する企業にとってはコスト増となります。また、米国株などの外国株を保有している場合、株価が変わらなくても、円高になれば円換算の評価額は目減りし、円安になれば増えます。',
          ),
          p(
            '外国株に投資する際は、株価と為替の両方が損益に影響することを理解しておきましょう。Kabuto のアプリ内で両替する場合も、適用されるレートを事前に確認することをおすすめします。',
          ),
          p(NOTE.jp),
        ),
        cn: html(
          h3('一、内外利差'),
          p(
            '分析汇率时最基本的因素是日本与海外的利率差。一般来说，高利率货币仅靠持有就更容易获得利息，因此更受青睐；在利差扩大的阶段，日元往往容易被卖出。所以，一旦日本央行或美联储的政策预期发生变化，日元汇率也会随之敏感波动。',
          ),
          h3('二、风险偏好与避险'),
          p(
            '过去常常可以看到这样的规律：全球投资者积极承担风险时，日元容易被卖出；金融市场动荡时，日元则容易被买回。不过这一关系并非始终成立，在某些阶段也可能出现不同的走势。',
          ),
          h3('三、实际需求与资金流向'),
          p(
            '企业进出口和海外投资带来的货币买卖，也会影响中长期的汇率走势。近年来，日本经常账户顺差的主要来源已不是贸易收支，而是来自海外投资的利息、股息等初次收入。此外，也有观点认为，个人投资者对海外股票和海外基金的投资增加，是日元被卖出的因素之一。当汇率剧烈波动时，日本财务省可能会决定进行汇率干预。',
          ),
          h3('对投资者的影响'),
          p(
            '日元贬值往往会推高在海外赚钱的出口企业换算成日元后的利润，但对进口原材料的企业而言则意味着成本上升。此外，持有美股等海外股票时，即使股价不变，日元升值也会使以日元计算的市值减少，日元贬值则会使其增加。',
          ),
          p(
            '投资海外股票时，请理解股价和汇率都会影响盈亏。在 Kabuto 应用内兑换货币时，也建议事先确认适用的汇率。',
          ),
          p(NOTE.cn),
        ),
        us: html(
          h3('1. Interest-rate differentials'),
          p(
            'The most basic factor in currency markets is the gap between Japanese and overseas interest rates. Higher-yielding currencies tend to attract buyers because holding them earns more interest, so the yen is generally prone to weakness when that gap widens. This is why the yen reacts quickly to any change in the outlook for Bank of Japan or US Federal Reserve policy.',
          ),
          h3('2. Risk appetite and risk aversion'),
          p(
            'A pattern seen many times in the past is that the yen tends to weaken when investors worldwide are willing to take risk, and to be bought back when financial markets turn unsettled. The relationship does not always hold, however, and the yen can behave differently depending on the circumstances.',
          ),
          h3('3. Real-money flows'),
          p(
            'Currency trades tied to companies’ exports, imports and overseas investment also shape the longer-term trend. In recent years Japan’s current-account surplus has come mainly from primary income, such as interest and dividends earned on overseas investments, rather than from trade. Some observers also point to growing investment by individuals in foreign stocks and overseas funds as a source of yen selling. When the currency moves abruptly, Japan’s Ministry of Finance may decide to intervene in the market.',
          ),
          h3('What it means for investors'),
          p(
            'A weaker yen tends to lift the yen value of profits that exporters earn abroad, while raising costs for companies that import raw materials. If you hold US or other foreign stocks, a stronger yen reduces their value in yen even if the share price is unchanged, and a weaker yen increases it.',
          ),
          p(
            'When investing abroad, remember that both the share price and the exchange rate affect your return. If you exchange currencies in the Kabuto app, check the applicable rate first.',
          ),
          p(NOTE.us),
        ),
      },
    },
    {
      source: 'Kabuto Asia Desk',
      publishedAt: '2026-11-11T18:00:00+09:00',
      title: {
        jp: '韓国半導体株を読み解く：メモリーサイクルとAI需要',
        cn: '解读韩国半导体股：存储芯片周期与AI需求',
        us: 'Understanding Korean chip stocks: the memory cycle and AI demand',
      },
      summary: {
        jp: '韓国の株式市場では半導体関連銘柄の存在感が大きく、その動向が市場全体を左右しがちです。メモリー市況の見方と、注目しておきたい指標を整理しました。',
        cn: '半导体相关股票在韩国股市中占据重要地位，其走势往往左右整个市场。本文梳理存储芯片行情的分析方法以及值得关注的指标。',
        us: 'Chip stocks carry great weight in Korea’s stock market and often set the tone for the whole market. We look at how to read the memory market and which indicators to follow.',
      },
      content: {
        jp: html(
          h3('市場全体を左右する半導体'),
          p(
            '韓国の代表的な株価指数であるKOSPIでは、サムスン電子やSKハイニックスなど、半導体メモリーを手がける大手企業が時価総額の大きな割合を占めています。そのため、半導体株の値動きが指数全体の方向感を決めることが少なくありません。海外投資家の売買も、これらの大型株を通じて市場全体に影響を与えやすい構造です。',
          ),
          h3('メモリーサイクルとは'),
          p(
            'DRAMやNANDフラッシュなどのメモリー半導体は比較的標準化された製品であるため、需要と供給のバランスによって価格が大きく変動しやすいという特徴があります。需要が強まると価格が上昇して各社が設備投資を増やし、やがて供給が過剰になると価格が下落して投資が抑えられる――この繰り返しが「メモリーサイクル」と呼ばれます。株価は実際の業績よりも先に、サイクルの転換点を織り込もうとする傾向があります。',
          ),
          h3('AI需要と高帯域メモリー'),
          p(
            '生成AIの普及に伴い、AI向けの演算用半導体と組み合わせて使われる高帯域メモリー（HBM）への関心が高まっています。HBMはDRAMを積み重ねた高性能な製品で、高度な製造技術が求められます。AI関連の設備投資の動向は、メモリーメーカーの業績見通しを考えるうえで重要な材料のひとつになっています。',
          ),
          h3('注目しておきたい指標'),
          ul([
            '韓国の輸出統計：月初に前月分の輸出額が公表されるほか、月の途中には10日・20日までの速報値も発表され、半導体輸出の勢いを早めに把握できます。',
            'メモリー価格の動向：調査会社などが公表する価格動向は、市況の変化を知る手がかりになります。',
            '海外の大手テック企業の設備投資計画：データセンター投資の方向性は、メモリー需要に直結します。',
            '輸出規制など政策面の変化：半導体は通商政策の影響を受けやすい分野です。',
          ]),
          p(
            '韓国市場は日本と時差がなく、通常取引は日本時間の9時から15時30分までです。値幅制限は原則として前日終値比±30%と日本より広く、個別銘柄が大きく動くこともあるため、リスク管理を心がけましょう。',
          ),
          p(NOTE.jp),
        ),
        cn: html(
          h3('左右整体市场的半导体'),
          p(
            '在韩国代表性股指KOSPI中，三星电子、SK海力士等从事存储芯片业务的大型企业占据了很大比例的市值。因此，半导体股的走势常常决定整个指数的方向。外国投资者的买卖也容易通过这些大盘股影响整个市场。',
          ),
          h3('什么是存储芯片周期'),
          p(
            'DRAM、NAND闪存等存储芯片是相对标准化的产品，价格容易随供需关系大幅波动。需求走强时价格上涨，各家企业扩大资本开支；之后供给过剩，价格下跌，投资随之收缩——这种循环被称为“存储芯片周期”。股价往往会先于实际业绩，提前反映周期的拐点。',
          ),
          h3('AI需求与高带宽内存'),
          p(
            '随着生成式AI的普及，与AI计算芯片搭配使用的高带宽内存（HBM）备受关注。HBM是将DRAM堆叠而成的高性能产品，对制造技术要求很高。AI相关资本开支的动向，已成为判断存储芯片厂商业绩前景的重要因素之一。',
          ),
          h3('值得关注的指标'),
          ul([
            '韩国出口数据：每月初公布上月出口额，月中还会公布当月前10天、前20天的速报数据，便于尽早把握半导体出口的势头。',
            '存储芯片价格走势：调研机构等发布的价格动态是了解行情变化的线索。',
            '海外大型科技企业的资本开支计划：数据中心投资方向直接关系到存储芯片需求。',
            '出口管制等政策变化：半导体是容易受贸易政策影响的领域。',
          ]),
          p(
            '韩国市场与日本没有时差，常规交易时间为日本时间9:00至15:30。涨跌幅限制原则上为前一交易日收盘价的±30%，比日本更宽，个股可能出现大幅波动，请注意风险管理。',
          ),
          p(NOTE.cn),
        ),
        us: html(
          h3('Chips drive the whole market'),
          p(
            'In the KOSPI, Korea’s benchmark index, large memory chipmakers such as Samsung Electronics and SK hynix account for a big share of total market value. As a result, chip stocks often set the direction of the whole index, and foreign investors’ buying and selling tends to ripple through the market via these heavyweights.',
          ),
          h3('What is the memory cycle?'),
          p(
            'Memory chips such as DRAM and NAND flash are relatively standardised products, so their prices can swing widely with supply and demand. When demand strengthens, prices rise and makers step up investment; eventually supply overshoots, prices fall and investment is cut back. This recurring pattern is known as the memory cycle. Share prices tend to anticipate its turning points before they show up in actual earnings.',
          ),
          h3('AI demand and high-bandwidth memory'),
          p(
            'The spread of generative AI has drawn attention to high-bandwidth memory (HBM), which is paired with AI processors. HBM stacks DRAM dies into a high-performance package and requires advanced manufacturing skills. The direction of AI-related capital spending has become one of the key inputs when assessing the outlook for memory makers.',
          ),
          h3('Indicators to follow'),
          ul([
            'Korean trade data: monthly exports are published at the start of the following month, with early readings for the first 10 and 20 days released during the month, giving an early read on chip exports.',
            'Memory prices: price trends published by research firms offer clues to changing market conditions.',
            'Capital spending plans of major global tech companies: data-centre investment feeds directly into memory demand.',
            'Policy changes such as export controls: semiconductors are highly sensitive to trade policy.',
          ]),
          p(
            'Korea is in the same time zone as Japan, with regular trading from 9:00 to 15:30 Japan time. The daily price limit is generally ±30% of the previous close, wider than in Tokyo, so individual stocks can move sharply. Manage your risk accordingly.',
          ),
          p(NOTE.us),
        ),
      },
    },
    {
      source: 'Kabuto Market Desk',
      publishedAt: '2026-11-09T07:30:00+09:00',
      title: {
        jp: '米国決算シーズンの読み方：数字よりも「見通し」が問われる理由',
        cn: '如何解读美股财报季：为什么业绩指引比数字更重要',
        us: 'Reading US earnings season: why guidance matters more than the headline numbers',
      },
      summary: {
        jp: '米国の7〜9月期決算の発表は大型企業を中心に山場を越え、11月後半には小売大手などの決算が控えています。決算を読むポイントと、日本から米国株を取引する際の注意点をまとめました。',
        cn: '美国企业7～9月季度财报的发布已度过以大型企业为主的高峰期，11月下旬还有大型零售商等公司将公布业绩。本文总结解读财报的要点，以及从日本交易美股时的注意事项。',
        us: 'US earnings for the July–September quarter are past their peak now that most large companies have reported, with big retailers and others still to come in the second half of November. Here is what to look for in results and what to bear in mind when trading US stocks from Japan.',
      },
      content: {
        jp: html(
          h3('市場予想との比較'),
          p(
            '米国企業の決算では、売上高や1株当たり利益（EPS）がアナリストの予想平均（コンセンサス）を上回ったか下回ったかが、まず注目されます。ただし、予想を上回る決算が出ても株価が下がることは珍しくありません。市場はすでにある程度の好業績を織り込んでいることが多く、重要なのは「予想との差」とその中身だからです。',
          ),
          h3('見通し（ガイダンス）が鍵'),
          p(
            '多くの米国企業は決算発表と同時に、次の四半期や通期の業績見通しを示します。株価は過去の実績よりも将来の見通しに強く反応しやすく、決算説明会での経営陣のコメントも含めて評価されます。特に、設備投資の計画、利益率の方向性、消費者需要についての見方は、同業他社や関連する日本企業の株価にも影響することがあります。',
          ),
          h3('これから注目される決算'),
          p(
            '暦年を事業年度とする企業の決算が一巡する一方、事業年度の異なる小売大手や一部のテクノロジー企業の決算は11月後半に予定されています。年末商戦を控えた小売企業の見通しは、米国の個人消費を占う材料として注目されます。',
          ),
          h3('日本から取引する際の注意点'),
          ul([
            '米国の夏時間は11月第1日曜日に終了し、現在の通常取引時間は日本時間で23時30分から翌朝6時までです。',
            '決算は取引開始前か取引終了後に発表されることが多く、終了後の発表は日本時間の早朝にあたります。',
            '発表直後は時間外取引で株価が大きく動くことがあり、翌日の取引が前日の終値から大きく離れた価格で始まることもあります。',
            '米国株には1日の値幅制限がないため、決算をまたいでポジションを持つ場合は、損失の可能性を十分に考慮しましょう。',
          ]),
          p(NOTE.jp),
        ),
        cn: html(
          h3('与市场预期的比较'),
          p(
            '美国企业公布财报时，市场首先关注营业收入和每股收益（EPS）是高于还是低于分析师的一致预期。然而，即使业绩超出预期，股价下跌的情况也并不少见。因为市场往往已经提前消化了一定程度的好业绩，关键在于“与预期的差距”及其背后的内容。',
          ),
          h3('业绩指引是关键'),
          p(
            '许多美国企业会在公布财报的同时给出下一季度或全年的业绩指引。股价对未来展望的反应往往比对过往业绩更强烈，管理层在业绩说明会上的表态也会纳入评估。特别是关于资本开支计划、利润率走向和消费需求的看法，还可能影响同行业公司乃至相关日本企业的股价。',
          ),
          h3('接下来值得关注的财报'),
          p(
            '以自然年为财年的企业财报已基本发布完毕，而财年不同的大型零售商和部分科技企业将在11月下旬公布业绩。临近年末购物季，零售企业的业绩展望是判断美国个人消费的重要参考。',
          ),
          h3('从日本交易时的注意事项'),
          ul([
            '美国夏令时已于11月第一个星期日结束，目前常规交易时间为日本时间23:30至次日6:00。',
            '财报多在开盘前或收盘后公布，收盘后公布的时间相当于日本时间的清晨。',
            '公布后，股价可能在盘后交易中大幅波动，次日开盘价也可能与前一日收盘价相差较大。',
            '美股没有每日涨跌幅限制，如果在财报公布前后持仓，请充分考虑可能的损失。',
          ]),
          p(NOTE.cn),
        ),
        us: html(
          h3('Beating or missing expectations'),
          p(
            'When US companies report, the first thing investors check is whether revenue and earnings per share (EPS) came in above or below the analysts’ consensus. Even so, it is not unusual for a stock to fall after beating expectations. The market has often already priced in good results, so what counts is the size of the surprise and what lies behind it.',
          ),
          h3('Guidance is the key'),
          p(
            'Many US companies publish a forecast for the next quarter or the full year alongside their results. Share prices tend to react more to the outlook than to past performance, and management’s comments on the earnings call are part of the picture. Views on capital spending, the direction of margins and consumer demand in particular can move the shares of peers and related Japanese companies too.',
          ),
          h3('Results still to come'),
          p(
            'While companies whose fiscal year follows the calendar year have largely reported, major retailers and some technology companies with different fiscal years are due in the second half of November. Retailers’ outlooks ahead of the holiday shopping season are watched closely as a gauge of US consumer spending.',
          ),
          h3('Trading from Japan: points to note'),
          ul([
            'US daylight saving time ended on the first Sunday of November, so regular trading now runs from 23:30 to 6:00 the next morning, Japan time.',
            'Results are usually released before the open or after the close; after-the-close releases fall in the early morning in Japan.',
            'Prices can move sharply in after-hours trading straight after a release, and the next session may open well away from the previous close.',
            'US stocks have no daily price limit, so weigh the potential loss carefully before holding a position through an earnings release.',
          ]),
          p(NOTE.us),
        ),
      },
    },
    {
      source: 'Kabuto Asia Desk',
      publishedAt: '2026-11-05T19:00:00+09:00',
      title: {
        jp: '中国A株の政策動向と科創板（STAR Market）の基礎知識',
        cn: '中国A股政策动向与科创板基础知识',
        us: 'China A-shares: the policy backdrop and a primer on the STAR Market',
      },
      summary: {
        jp: '中国の株式市場では、上場企業の質の向上や投資家保護、科学技術イノベーションの支援が政策の重要なテーマになっています。上海の科創板の特徴と、A株を取引する際の基本ルールを解説します。',
        cn: '提高上市公司质量、保护投资者以及支持科技创新，已成为中国资本市场政策的重要主题。本文介绍上海科创板的特点以及交易A股时的基本规则。',
        us: 'Raising the quality of listed companies, protecting investors and supporting technological innovation have become central themes of China’s capital-market policy. This article explains the features of Shanghai’s STAR Market and the basic rules for trading A-shares.',
      },
      content: {
        jp: html(
          h3('政策の方向性'),
          p(
            '中国では2024年4月、国務院が資本市場の質の高い発展に向けた意見（いわゆる「新・国九条」）を公表しました。上場審査や上場廃止の厳格化、配当の充実、投資家保護の強化などが柱とされ、その後も証券当局はこの方向に沿って制度の整備を進めています。A株を見る際には、個別企業の業績に加えて、こうした政策の流れを押さえておくことが大切です。',
          ),
          h3('科創板（STAR Market）とは'),
          p(
            '科創板は、2019年に上海証券取引所に開設された科学技術・イノベーション企業向けの市場です。中国本土で初めて登録制による新規上場を試行した市場で、半導体、バイオ医薬、先端製造などの分野の企業が数多く上場しています。一定の条件を満たせば、上場時点で利益を出していない企業でも上場できる点が特徴です。',
          ),
          h3('主な取引ルール'),
          ul([
            '値幅制限は前日終値比±20%で、メインボードの±10%より広く設定されています。また、上場後5営業日は値幅制限がありません。',
            '中国本土の個人投資家が科創板の銘柄を取引するには、一定の資産額と取引経験の要件を満たす必要があります。',
            'A株は、当日に買い付けた株式をその日のうちに売却できない「T+1」の仕組みです。',
            '取引時間は北京時間の9時30分〜11時30分と13時〜15時で、日本時間に直すとそれぞれ10時30分〜12時30分と14時〜16時になります。',
          ]),
          p(
            '科創板の銘柄は成長への期待が高い一方、業績が安定していない企業も含まれ、値動きが大きくなりやすい傾向があります。Kabuto で取り扱う銘柄や取引条件はアプリ内の銘柄情報でご確認のうえ、余裕資金の範囲で取引しましょう。',
          ),
          p(NOTE.jp),
        ),
        cn: html(
          h3('政策方向'),
          p(
            '2024年4月，国务院发布《关于加强监管防范风险推动资本市场高质量发展的若干意见》（即“新国九条”），其要点包括严把发行上市准入关、严格退市制度、加大分红力度以及加强投资者保护等。此后，证券监管部门也沿着这一方向持续完善相关制度。分析A股时，除了关注个股业绩，把握这些政策脉络同样重要。',
          ),
          h3('什么是科创板'),
          p(
            '科创板于2019年在上海证券交易所设立，面向科技创新型企业，是中国内地首个试点注册制的市场，聚集了大量半导体、生物医药、高端制造等领域的企业。其特点之一是，满足一定条件的企业即使上市时尚未盈利，也可以上市。',
          ),
          h3('主要交易规则'),
          ul([
            '涨跌幅限制为前一交易日收盘价的±20%，比主板的±10%更宽；新股上市后前5个交易日不设涨跌幅限制。',
            '中国内地个人投资者参与科创板股票交易，需要满足一定的资产和交易经验要求。',
            'A股实行T+1制度，当日买入的股票不能当日卖出。',
            '交易时间为北京时间9:30—11:30和13:00—15:00，日本时间比北京时间早一小时，即日本时间10:30—12:30和14:00—16:00。',
          ]),
          p(
            '科创板股票成长预期较高，但也包括业绩尚不稳定的企业，股价波动往往较大。Kabuto 提供的股票及交易条件请以应用内的股票信息为准，并在闲置资金范围内进行交易。',
          ),
          p(NOTE.cn),
        ),
        us: html(
          h3('The policy direction'),
          p(
            'In April 2024 China’s State Council issued guidelines on strengthening oversight, preventing risks and promoting the high-quality development of the capital market, widely known as the new “Nine Articles”. Their pillars include stricter listing and delisting standards, more generous dividends and stronger investor protection, and the securities regulator has since continued to refine the rules in this direction. When looking at A-shares, it pays to follow this policy thread as well as company earnings.',
          ),
          h3('What is the STAR Market?'),
          p(
            'The STAR Market was launched on the Shanghai Stock Exchange in 2019 for science and technology innovation companies. It was the first market in mainland China to pilot a registration-based IPO system, and it is home to many companies in semiconductors, biopharmaceuticals and advanced manufacturing. A notable feature is that companies meeting certain conditions can list even if they are not yet profitable.',
          ),
          h3('Key trading rules'),
          ul([
            'The daily price limit is ±20% of the previous close, wider than the ±10% on the main board, and there is no limit for the first five trading days after a listing.',
            'Individual investors in mainland China must meet asset and trading-experience requirements to trade STAR Market shares.',
            'A-shares follow a T+1 rule: shares bought today cannot be sold until the next trading day.',
            'Trading hours are 9:30–11:30 and 13:00–15:00 Beijing time, which is one hour behind Japan (10:30–12:30 and 14:00–16:00 Japan time).',
          ]),
          p(
            'STAR Market stocks carry high growth expectations but include companies whose earnings are not yet stable, so prices tend to be volatile. Check the stock information in the Kabuto app for the shares and trading conditions available to you, and trade only with money you can afford to put at risk.',
          ),
          p(NOTE.us),
        ),
      },
    },
    {
      source: 'Kabuto 投資ガイド',
      publishedAt: '2026-11-02T09:00:00+09:00',
      title: {
        jp: 'はじめての新NISA：2つの投資枠と押さえておきたい基本',
        cn: '新手必读：日本新NISA的两种投资额度与基本要点',
        us: 'NISA for beginners: the two allowances and the basics to know',
      },
      summary: {
        jp: '2024年に始まった新しいNISAは、投資で得た利益が非課税になる国の制度です。つみたて投資枠と成長投資枠の違い、非課税枠の考え方、利用時の注意点を初心者向けにまとめました。',
        cn: 'NISA是日本政府推出的投资收益免税制度，新制度自2024年起实施。本文面向新手介绍定投额度与成长投资额度的区别、免税额度的计算方式以及使用时的注意事项。',
        us: 'The new NISA, launched in 2024, is a government scheme that makes investment gains tax-free. This beginner’s guide explains the two allowances, how the tax-free limits work and what to watch out for.',
      },
      content: {
        jp: html(
          h3('NISAとは'),
          p(
            'NISA（少額投資非課税制度）は、NISA口座で購入した株式や投資信託の値上がり益、配当金・分配金に税金がかからない制度です。通常、上場株式などの利益には20.315%の税金がかかりますが、NISA口座内であれば非課税になります。日本に住む18歳以上の方（口座を開設する年の1月1日時点）が利用でき、NISA口座は1人1口座に限られます。',
          ),
          h3('2つの投資枠'),
          ul([
            'つみたて投資枠：年間120万円まで。長期・積立・分散投資に適した一定の投資信託が対象です。',
            '成長投資枠：年間240万円まで。上場株式や投資信託などが対象です（一部対象外の商品があります）。',
            '2つの枠は併用でき、年間の合計は最大360万円です。',
            '生涯にわたって非課税で保有できる上限は1,800万円（買付時の金額ベース）で、そのうち成長投資枠は1,200万円までです。',
            '非課税で保有できる期間に期限はありません。',
          ]),
          p(
            '保有している商品を売却すると、その商品の買付時の金額分だけ生涯の非課税枠が翌年以降に復活します。ただし、その年の年間投資枠は売却しても増えない点に注意しましょう。',
          ),
          h3('知っておきたい注意点'),
          ul([
            'NISA口座で生じた損失は、特定口座や一般口座の利益と損益通算できず、繰越控除もできません。',
            '日本株の配当金を非課税で受け取るには、受取方法を「株式数比例配分方式」にする必要があります。',
            '外国株の配当金には現地で税金が課される場合があり、NISA口座ではその分を外国税額控除で取り戻すことができません。',
            '信用取引などのレバレッジ取引はNISAの対象外です。',
          ]),
          p(
            'NISA口座を開設できるかどうかや対象となる商品は、金融機関ごとに異なります。また、制度は改正されることがあるため、最新の内容は金融庁のウェブサイトなどで確認しましょう。非課税のメリットを生かしつつ、ご自身の目的や投資期間に合った無理のない投資を心がけることが大切です。',
          ),
          p(NOTE.jp),
        ),
        cn: html(
          h3('什么是NISA'),
          p(
            'NISA（日本少额投资免税制度）是指在NISA账户中购买的股票、投资信托，其增值收益以及股息、分配金均可免税的制度。通常，上市股票等投资收益需缴纳20.315%的税款，但在NISA账户内则免税。居住在日本、年满18岁（以开户当年1月1日为准）的人士均可使用，每人仅限开设一个NISA账户。',
          ),
          h3('两种投资额度'),
          ul([
            '定投额度（つみたて投資枠）：每年最多120万日元，投资对象为适合长期、定期、分散投资的指定投资信托。',
            '成长投资额度（成長投資枠）：每年最多240万日元，投资对象包括上市股票和投资信托等（部分产品除外）。',
            '两种额度可以同时使用，每年合计最多360万日元。',
            '终身免税持有上限为1,800万日元（按买入金额计算），其中成长投资额度最多1,200万日元。',
            '免税持有期限为无限期。',
          ]),
          p(
            '卖出持有的产品后，与其买入金额相当的终身免税额度将从次年起恢复；但当年的年度投资额度不会因卖出而增加，这一点需要注意。',
          ),
          h3('需要注意的事项'),
          ul([
            'NISA账户产生的亏损不能与特定账户或一般账户的收益相抵，也不能结转至以后年度。',
            '要免税领取日本股票的股息，需要将领取方式设为“按持股数比例分配方式”（株式数比例配分方式）。',
            '海外股票的股息可能需要在当地缴税，而NISA账户无法通过外国税额抵免收回这部分税款。',
            '融资融券等杠杆交易不属于NISA的适用范围。',
          ]),
          p(
            '能否开设NISA账户以及可投资的产品因金融机构而异。此外，制度可能会修改，最新内容请通过日本金融厅网站等渠道确认。在享受免税优惠的同时，请结合自身目标和投资期限，量力而行。',
          ),
          p(NOTE.cn),
        ),
        us: html(
          h3('What is NISA?'),
          p(
            'NISA (Nippon Individual Savings Account) is a scheme under which capital gains, dividends and fund distributions on shares and investment trusts bought in a NISA account are tax-free. Gains on listed shares are normally taxed at 20.315%, but inside a NISA account they are exempt. It is open to residents of Japan aged 18 or over (as of 1 January of the year the account is opened), and each person may hold only one NISA account.',
          ),
          h3('The two allowances'),
          ul([
            'Tsumitate (accumulation) allowance: up to ¥1.2 million a year, for designated investment trusts suited to long-term, regular and diversified investing.',
            'Growth allowance: up to ¥2.4 million a year, for listed shares, investment trusts and more (some products are excluded).',
            'The two can be used together, for a combined maximum of ¥3.6 million a year.',
            'The lifetime tax-free holding limit is ¥18 million, measured by purchase cost, of which up to ¥12 million can be in the growth allowance.',
            'There is no time limit on how long investments can be held tax-free.',
          ]),
          p(
            'When you sell a holding, the lifetime allowance it used (its purchase cost) becomes available again from the following year. The annual allowance for the current year, however, does not increase when you sell.',
          ),
          h3('Points to watch'),
          ul([
            'Losses in a NISA account cannot be offset against gains in a specified or general account, nor carried forward.',
            'To receive dividends on Japanese stocks tax-free, you must choose to have them paid into your brokerage account in proportion to your shareholding (the kabushiki-su hirei haibun method).',
            'Dividends on foreign stocks may be taxed in the issuer’s country, and a NISA account cannot use the foreign tax credit to recover that tax.',
            'Margin trading and other leveraged trading are not eligible for NISA.',
          ]),
          p(
            'Whether you can open a NISA account, and which products are eligible, varies by financial institution. The rules can also change, so check the latest details on the Financial Services Agency website and similar sources. Make the most of the tax benefit while investing within your means and in line with your goals and time horizon.',
          ),
          p(NOTE.us),
        ),
      },
    },
  ];
