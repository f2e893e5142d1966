import type { Text } from '@kabuto/contract';

/**
 * The agreement pages served by /common/wenben: user agreement (protocol), privacy policy and
 * "about Kabuto", each as HTML in the three interface languages.
 */

const p = (text: string): string => `<p>${text}</p>`;
const h3 = (text: string): string => `<h3>${text}</h3>`;
const ul = (items: string[]): string => `<ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`;
const html = (...blocks: string[]): string => blocks.join('');

const protocol: Text = {
  jp: html(
    p(
      'この利用規約（以下「本規約」といいます）は、Kabuto（以下「当社」といいます）が提供するオンライン証券取引サービス（ウェブサイトおよびアプリケーションを含み、以下「本サービス」といいます）の利用条件を定めるものです。本サービスをご利用になる前に、本規約の全文をよくお読みください。',
    ),
    h3('第1条（適用および同意）'),
    p(
      'お客様は、本規約に同意したうえで口座開設の手続きを行うものとし、登録の完了をもって本規約に同意したものとみなします。本サービス上に掲載する取引ルール、手数料表、各種の注意事項その他の個別規定は本規約の一部を構成し、本規約と個別規定の内容が異なる場合は、個別規定が優先します。',
    ),
    h3('第2条（口座開設）'),
    ul([
      '本サービスの口座は、満18歳以上で本規約に同意いただいた個人のお客様に限り開設できます。口座はお一人につき一つとします。',
      'お客様は、登録にあたり真実かつ正確な情報を提供し、内容に変更があった場合は速やかに届け出るものとします。',
      'お客様は、ご自身が暴力団その他の反社会的勢力に該当しないこと、および将来にわたっても該当しないことを表明し、保証するものとします。',
      '当社は、当社の基準により、理由を示すことなく口座開設をお断りする場合があります。',
    ]),
    h3('第3条（本人確認）'),
    p(
      'お客様は、入出金、取引その他当社が指定するサービスを利用する前に、当社所定の方法により本人確認を完了する必要があります。本人確認では、氏名、生年月日などの情報に加え、本人確認書類の画像をご提出いただきます。提出された情報に不備や疑義がある場合、当社は追加書類の提出を求め、または本人確認を承認しないことがあります。',
    ),
    h3('第4条（パスワードおよび取引パスワードの管理）'),
    p(
      'お客様は、ログインパスワード、および出金などの資金操作や取引の際に使用する取引パスワード（数字6桁）を自己の責任で管理し、第三者に開示、貸与または譲渡してはなりません。当社の担当者がお客様にパスワードを尋ねることはありません。パスワードの誤入力が一定回数続いた場合、一定時間、ログインまたは取引パスワードの利用を制限します。当社に故意または過失がある場合を除き、登録されたパスワードを用いて行われた操作は、お客様ご本人による操作とみなします。',
    ),
    h3('第5条（取引）'),
    ul([
      '本サービスでは、日本、米国、中国（A株）および韓国の株式等を取引できます。取扱銘柄、取引時間、最低注文数量、呼値の単位その他の取引条件は、本サービス上の表示に従います。',
      '注文は当社が受け付けた時点で受付となりますが、受付は約定を保証するものではありません。値幅制限を超える価格や、呼値の単位に合わない価格の注文は受け付けません。',
      '中国A株は買い付けた当日に売却できないなど、各市場のルールにより市場ごとに異なる制限があります。',
      'お客様は注文内容を確認したうえで発注するものとし、誤発注による損失はお客様のご負担となります。ただし、当社の故意または過失による場合はこの限りではありません。',
    ]),
    h3('第6条（レバレッジ取引・借入とリスク）'),
    p(
      '本サービスでは、所定の条件のもとで、レバレッジを利用した取引や当社からの借入（与信）を利用できる場合があります。レバレッジを利用すると少ない資金で大きな金額の取引ができる一方、相場のわずかな変動でも損益が大きくなり、預け入れた資金を上回る損失が発生するおそれがあります。お客様は、これらのリスクを十分に理解し、ご自身の判断と責任において取引を行うものとします。借入には当社所定の利息・手数料がかかり、返済期限および返済方法は本サービス上の表示に従います。',
    ),
    h3('第7条（証拠金と強制決済）'),
    p(
      'レバレッジ取引を行うお客様は、当社が定める証拠金を維持する必要があります。相場の変動により、評価損を反映した証拠金の額が当社所定の基準を下回った場合、当社はお客様への事前の通知なく、お客様の計算において建玉の全部または一部を決済（強制決済）することができます。強制決済は市場の状況により、お客様の想定と異なる価格で行われる場合があります。決済後に不足金が生じたときは、お客様は直ちにその不足金を当社に支払うものとします。',
    ),
    h3('第8条（入金および出金）'),
    ul([
      '入出金は、本人確認を完了したお客様ご本人名義の銀行口座との間でのみ行うことができます。出金先口座の名義は、本人確認済みの氏名と一致している必要があります。',
      '第三者名義による入金は受け付けません。当社がご本人以外からの入金と判断した場合、返金その他の措置をとることがあり、その際の手数料はお客様のご負担となる場合があります。',
      '入出金の受付時間、最低・最高金額、必要書類（振込明細の画像等）その他の条件は、本サービス上の表示に従います。',
      '出金は当社所定の審査を経て処理します。保有中の建玉や未返済の借入がある場合その他当社所定の条件に該当する場合は、出金をお受けできないことがあります。',
    ]),
    h3('第9条（手数料等）'),
    p(
      '本サービスの取引手数料、両替に適用される為替レート、借入の利息その他の費用は、本サービス上の手数料表等に定めるとおりとします。当社は手数料等を変更する場合、事前に本サービス上でお知らせします。取引により生じた利益に係る税金の申告および納付は、法令に従いお客様の責任で行っていただきます。',
    ),
    h3('第10条（相場情報等）'),
    p(
      '本サービスで提供する株価、チャート、ニュースその他の情報（以下「相場情報等」といいます）は、取引所や情報提供元の事情、通信状況などにより遅延し、または誤りを含む場合があります。相場情報等は投資判断の参考として提供するものであり、特定の銘柄の売買を勧誘・推奨するものではありません。当社は、相場情報等の正確性、完全性および適時性を保証しません。',
    ),
    h3('第11条（禁止事項）'),
    p('お客様は、本サービスの利用にあたり、次の行為を行ってはなりません。'),
    ul([
      '虚偽の情報の登録、他人の本人確認書類や名義の使用、または複数口座の開設',
      '口座、パスワードまたは取引パスワードを第三者に貸与、譲渡もしくは売買し、または第三者に利用させること',
      '相場操縦、インサイダー取引その他金融商品取引法その他の法令に違反する行為',
      'マネー・ローンダリング、テロ資金供与その他犯罪に関連する行為',
      '本サービスのシステムへの不正アクセス、自動化ツールによる過度なアクセス、脆弱性の悪用その他運営を妨げる行為',
      'キャンペーン、招待制度等の不正な利用',
      '当社の従業員または他のお客様に対する脅迫、誹謗中傷その他の迷惑行為',
      'その他、当社が不適切と合理的に判断する行為',
    ]),
    h3('第12条（利用の制限、口座の凍結および解約）'),
    p(
      '当社は、お客様が本規約に違反した場合、登録情報に虚偽があった場合、不正な取引や不審な入出金が疑われる場合、法令または捜査機関等からの要請がある場合、その他当社が必要と合理的に判断した場合には、事前の通知なく、取引の制限、入出金の停止、ログインの禁止、口座の凍結または解約その他必要な措置をとることができます。措置の内容や解除に関するお問い合わせは、カスタマーサービスにて承ります。',
    ),
    p(
      'お客様は、所定の手続きによりいつでも解約を申し出ることができます。ただし、建玉や未返済の借入がある場合は、これらを精算したうえでの解約となります。',
    ),
    h3('第13条（免責）'),
    p(
      '当社は、天災地変、戦争、暴動、法令の制定・改廃、取引所における売買停止、通信回線やシステムの障害その他当社の責めに帰すことのできない事由によりお客様に生じた損害について、責任を負いません。当社がお客様に対して損害賠償責任を負う場合でも、当社に故意または重大な過失がある場合を除き、その範囲は通常生ずべき直接の損害に限られるものとします。',
    ),
    h3('第14条（規約の変更）'),
    p(
      '当社は、民法の定型約款の変更に関する規定に基づき、本規約を変更することがあります。変更する場合は、変更後の内容および効力発生日を、効力発生日の相当期間前までに本サービス上で周知します。効力発生日以降に本サービスを利用された場合、お客様は変更後の規約に同意したものとみなします。',
    ),
    h3('第15条（準拠法および管轄）'),
    p(
      '本規約は日本法に準拠し、日本法に従って解釈されます。本規約または本サービスに関してお客様と当社との間に紛争が生じた場合は、東京地方裁判所を第一審の専属的合意管轄裁判所とします。本規約は日本語を正本とし、他の言語による翻訳との間に相違がある場合は日本語版が優先します。',
    ),
    h3('お問い合わせ'),
    p('本規約に関するお問い合わせは、アプリ内のカスタマーサービスまでご連絡ください。'),
  ),
  cn: html(
    p(
      '本用户协议（以下简称“本协议”）规定了您使用 Kabuto（以下简称“本公司”）提供的在线证券交易服务（包括网站及应用程序，以下简称“本服务”）的条件。使用本服务前，请仔细阅读本协议全文。',
    ),
    h3('第一条 适用与同意'),
    p(
      '您应在同意本协议后办理开户手续，完成注册即视为您已同意本协议。本服务上发布的交易规则、费用表、各类注意事项及其他单项规定构成本协议的一部分；如本协议与单项规定不一致，以单项规定为准。',
    ),
    h3('第二条 开户'),
    ul([
      '本服务账户仅限年满18周岁并同意本协议的个人开设，每人限开一个账户。',
      '注册时，您应提供真实、准确的信息；信息发生变更时，应及时更新。',
      '您声明并保证，您现在及将来均不属于暴力团等反社会势力。',
      '本公司可根据内部标准拒绝开户申请，且无需说明理由。',
    ]),
    h3('第三条 实名认证'),
    p(
      '在使用出入金、交易及本公司指定的其他服务前，您须按本公司规定的方式完成实名认证。认证时，除姓名、出生日期等信息外，还需提交身份证明文件的图片。如提交的信息存在缺漏或疑点，本公司可要求您补充材料，或不予通过认证。',
    ),
    h3('第四条 密码与交易密码的管理'),
    p(
      '您应自行妥善保管登录密码，以及在出金等资金操作和交易时使用的交易密码（6位数字），不得向第三方透露、出借或转让。本公司工作人员不会向您索要密码。密码连续输错达到一定次数时，将在一定时间内限制登录或交易密码的使用。除本公司存在故意或过失的情况外，使用已登记密码进行的操作均视为您本人的操作。',
    ),
    h3('第五条 交易'),
    ul([
      '您可通过本服务交易日本、美国、中国（A股）及韩国的股票等。可交易的股票、交易时间、最低委托数量、最小变动价位等交易条件，以本服务上的显示为准。',
      '委托在本公司接收时即视为受理，但受理并不保证成交。超出涨跌幅限制或不符合最小变动价位的委托价格将不予受理。',
      '根据各市场规则，不同市场有不同的限制，例如中国A股当日买入的股票不能当日卖出。',
      '您应在确认委托内容后下单，因误操作造成的损失由您自行承担，但因本公司故意或过失造成的除外。',
    ]),
    h3('第六条 杠杆交易、借款及其风险'),
    p(
      '在规定条件下，您可以在本服务中进行杠杆交易或向本公司借款（授信）。使用杠杆可以用较少的资金进行较大金额的交易，但行情的微小变动也会放大盈亏，可能产生超过所存入资金的损失。您应充分理解上述风险，依据自己的判断并自行承担责任进行交易。借款须支付本公司规定的利息和费用，还款期限和还款方式以本服务上的显示为准。',
    ),
    h3('第七条 保证金与强制平仓'),
    p(
      '进行杠杆交易的用户须维持本公司规定的保证金。因行情变动，计入浮动亏损后的保证金低于本公司规定的标准时，本公司可不经事先通知，以您的账户对全部或部分持仓进行平仓（强制平仓）。受市场状况影响，强制平仓的成交价格可能与您的预期不同。平仓后如出现资金不足，您应立即向本公司补足差额。',
    ),
    h3('第八条 入金与出金'),
    ul([
      '出入金仅限在已完成实名认证的您本人名下的银行账户之间进行。出金银行账户的户名须与实名认证的姓名一致。',
      '本公司不接受以第三方名义的入金。如本公司判断入金并非来自您本人，可采取退款等措施，由此产生的手续费可能由您承担。',
      '出入金的受理时间、最低及最高金额、所需材料（转账凭证图片等）及其他条件，以本服务上的显示为准。',
      '出金须经本公司规定的审核后处理。如您持有仓位、有未还清的借款或符合本公司规定的其他情形，可能无法受理出金申请。',
    ]),
    h3('第九条 手续费等'),
    p(
      '本服务的交易手续费、货币兑换适用的汇率、借款利息及其他费用，以本服务上的费用表等规定为准。本公司变更手续费等时，将事先在本服务上通知。因交易获得的收益所涉及的税款，应由您依照法律法规自行申报和缴纳。',
    ),
    h3('第十条 行情信息等'),
    p(
      '本服务提供的股价、图表、新闻及其他信息（以下简称“行情信息等”）可能因交易所或信息提供方的原因、网络状况等出现延迟或错误。行情信息等仅作为投资判断的参考，并不构成对任何股票买卖的劝诱或推荐。本公司不保证行情信息等的准确性、完整性和及时性。',
    ),
    h3('第十一条 禁止行为'),
    p('您在使用本服务时，不得有以下行为：'),
    ul([
      '登记虚假信息、冒用他人身份证明文件或名义，或开设多个账户',
      '向第三方出借、转让或买卖账户、密码或交易密码，或让第三方使用',
      '操纵市场、内幕交易等违反日本《金融商品交易法》及其他法律法规的行为',
      '洗钱、资助恐怖活动及其他与犯罪有关的行为',
      '非法访问本服务系统、使用自动化工具过度访问、利用系统漏洞或其他妨碍运营的行为',
      '不正当利用活动、邀请制度等',
      '对本公司员工或其他用户进行威胁、诽谤或其他骚扰行为',
      '其他本公司合理判断为不适当的行为',
    ]),
    h3('第十二条 使用限制、账户冻结与注销'),
    p(
      '如您违反本协议、登记信息不实、涉嫌不当交易或可疑出入金、法律法规或侦查机关等提出要求，或本公司合理判断有必要时，本公司可不经事先通知，采取限制交易、停止出入金、禁止登录、冻结或注销账户等必要措施。有关措施内容及解除的咨询，请联系客服。',
    ),
    p('您可随时按规定手续申请注销账户；如有持仓或未还清的借款，须在结清后方可注销。'),
    h3('第十三条 免责'),
    p(
      '对于因自然灾害、战争、暴乱、法律法规的制定或修改、交易所暂停交易、通信线路或系统故障等不可归责于本公司的原因给您造成的损失，本公司不承担责任。即使本公司须对您承担损害赔偿责任，除本公司存在故意或重大过失的情况外，赔偿范围也仅限于通常会发生的直接损失。',
    ),
    h3('第十四条 协议的变更'),
    p(
      '本公司可依据日本《民法》关于格式条款（定型约款）变更的规定变更本协议。变更时，本公司将在生效日前的合理期间内，在本服务上公布变更后的内容及生效日期。生效日以后您继续使用本服务的，视为您同意变更后的协议。',
    ),
    h3('第十五条 准据法与管辖'),
    p(
      '本协议适用日本法律，并依照日本法律解释。您与本公司之间因本协议或本服务发生争议时，以东京地方法院为第一审专属协议管辖法院。本协议以日文版本为正本，如其他语言的译本与日文版本不一致，以日文版本为准。',
    ),
    h3('联系我们'),
    p('有关本协议的咨询，请通过应用内的客服与我们联系。'),
  ),
  us: html(
    p(
      'This User Agreement (the “Agreement”) sets out the terms on which you may use the online securities trading service, including its website and applications (the “Service”), provided by Kabuto (“Kabuto”, “we” or “us”). Please read the entire Agreement carefully before using the Service.',
    ),
    h3('Article 1. Application and acceptance'),
    p(
      'You open an account after agreeing to this Agreement, and completing registration constitutes your acceptance of it. Trading rules, fee schedules, notices and other specific terms published in the Service form part of this Agreement; where they differ from this Agreement, the specific terms prevail.',
    ),
    h3('Article 2. Opening an account'),
    ul([
      'Accounts are available only to individuals aged 18 or over who accept this Agreement. Each person may hold one account.',
      'You must provide true and accurate information when registering and update it promptly if it changes.',
      'You represent and warrant that you are not, and will not become, a member of an organised crime group or any other anti-social force.',
      'We may decline an application under our own criteria without giving reasons.',
    ]),
    h3('Article 3. Identity verification'),
    p(
      'Before using deposits, withdrawals, trading and other services we designate, you must complete identity verification in the manner we specify. This requires your name, date of birth and other details, together with images of an identity document. If the information is incomplete or raises doubts, we may ask for additional documents or decline to approve the verification.',
    ),
    h3('Article 4. Passwords and the fund password'),
    p(
      'You are responsible for keeping safe your login password and the six-digit fund password used for withdrawals, other fund operations and trading, and you must not disclose, lend or transfer them to anyone. Our staff will never ask you for your passwords. After a certain number of consecutive wrong entries, login or use of the fund password is locked for a period of time. Except where we are at fault, any operation performed with your registered passwords is treated as performed by you.',
    ),
    h3('Article 5. Trading'),
    ul([
      'The Service lets you trade stocks and other instruments in Japan, the United States, China (A-shares) and Korea. The stocks available, trading hours, minimum order quantities, tick sizes and other trading conditions are as shown in the Service.',
      'An order is accepted when we receive it, but acceptance does not guarantee execution. Orders priced beyond the daily price limit or not in line with the tick size are not accepted.',
      'Each market has its own restrictions under its rules; for example, China A-shares bought on a given day cannot be sold on that same day.',
      'You must check your order before submitting it. Losses from mistaken orders are your responsibility, except where they are caused by our intentional act or negligence.',
    ]),
    h3('Article 6. Leverage, loans and risk'),
    p(
      'Subject to conditions, the Service may allow you to trade with leverage or to borrow from us (credit). Leverage lets you trade larger amounts with less capital, but small market moves then produce large gains or losses, and you may lose more than the funds you have deposited. You must fully understand these risks and trade on your own judgement and at your own responsibility. Loans carry the interest and fees we specify, and repayment dates and methods are as shown in the Service.',
    ),
    h3('Article 7. Margin and forced liquidation'),
    p(
      'If you trade with leverage, you must maintain the margin we require. If market moves cause your margin, after reflecting unrealised losses, to fall below our threshold, we may close all or part of your positions for your account without prior notice (forced liquidation). Depending on market conditions, a forced liquidation may be executed at a price different from what you expect. If a shortfall remains afterwards, you must pay it to us immediately.',
    ),
    h3('Article 8. Deposits and withdrawals'),
    ul([
      'Deposits and withdrawals may be made only to and from bank accounts held in your own name once you have completed identity verification. The name on your withdrawal account must match your verified name.',
      'We do not accept deposits made in the name of a third party. If we determine that a deposit did not come from you, we may return it or take other measures, and any resulting charges may be borne by you.',
      'Deposit and withdrawal hours, minimum and maximum amounts, required documents (such as an image of the transfer receipt) and other conditions are as shown in the Service.',
      'Withdrawals are processed after our review. We may be unable to accept a withdrawal while you hold positions, have an unpaid loan or meet other conditions we specify.',
    ]),
    h3('Article 9. Fees'),
    p(
      'Trading fees, the exchange rates applied to currency exchange, loan interest and other charges are as set out in the fee schedule and elsewhere in the Service. We will announce any change to fees in the Service in advance. You are responsible for filing and paying any tax on profits from trading in accordance with the law.',
    ),
    h3('Article 10. Market data and information'),
    p(
      'Share prices, charts, news and other information in the Service (“Market Data”) may be delayed or contain errors because of circumstances at exchanges or data providers, network conditions or other causes. Market Data is provided as a reference for your own decisions and is not a solicitation or recommendation to buy or sell any security. We do not guarantee that Market Data is accurate, complete or timely.',
    ),
    h3('Article 11. Prohibited acts'),
    p('When using the Service, you must not:'),
    ul([
      'register false information, use another person’s identity documents or name, or open more than one account;',
      'lend, transfer or sell your account, password or fund password to others, or let others use them;',
      'engage in market manipulation, insider trading or any other act that violates the Financial Instruments and Exchange Act or other laws;',
      'engage in money laundering, terrorist financing or any other crime-related activity;',
      'gain unauthorised access to our systems, access the Service excessively with automated tools, exploit vulnerabilities or otherwise disrupt its operation;',
      'abuse campaigns, the invitation programme or similar schemes;',
      'threaten, defame or harass our staff or other users; or',
      'do anything else we reasonably consider inappropriate.',
    ]),
    h3('Article 12. Restrictions, freezing and closure'),
    p(
      'If you breach this Agreement, your registered information is false, improper trading or suspicious deposits or withdrawals are suspected, the law or an investigating authority requires it, or we otherwise reasonably consider it necessary, we may without prior notice restrict trading, suspend deposits and withdrawals, block login, freeze or close your account, or take other necessary measures. Please contact customer service about any such measure or its removal.',
    ),
    p(
      'You may ask to close your account at any time through the prescribed procedure. If you hold positions or have an unpaid loan, they must be settled before the account is closed.',
    ),
    h3('Article 13. Disclaimer'),
    p(
      'We are not liable for losses you suffer because of natural disasters, war, civil unrest, new or amended laws, trading halts on an exchange, failures of communication lines or systems, or other causes for which we are not responsible. Where we are liable to you for damages, our liability is limited to direct damages that would ordinarily arise, except in cases of our wilful misconduct or gross negligence.',
    ),
    h3('Article 14. Amendments'),
    p(
      'We may amend this Agreement in accordance with the provisions of the Civil Code of Japan on amending standard terms. We will announce the amended content and its effective date in the Service a reasonable period before it takes effect. If you use the Service on or after the effective date, you are deemed to have accepted the amended Agreement.',
    ),
    h3('Article 15. Governing law and jurisdiction'),
    p(
      'This Agreement is governed by and construed in accordance with the laws of Japan. The Tokyo District Court has exclusive jurisdiction in the first instance over any dispute between you and us relating to this Agreement or the Service. The Japanese text of this Agreement is the original; if a translation differs from it, the Japanese version prevails.',
    ),
    h3('Contact'),
    p('For questions about this Agreement, please contact customer service in the app.'),
  ),
};

const privacy: Text = {
  jp: html(
    p(
      'Kabuto（以下「当社」といいます）は、お客様の個人情報を適切に取り扱うことが、金融サービスを提供する者としての重要な責務であると考えています。当社は、個人情報の保護に関する法律その他の関係法令およびガイドラインを遵守し、以下のとおり個人情報を取り扱います。',
    ),
    h3('1. 取得する情報'),
    ul([
      '登録情報：アカウント（携帯電話番号）、その他ご登録時に入力いただく情報',
      '本人確認情報：氏名、生年月日など本人確認書類に記載された情報、本人確認書類の画像、審査の結果',
      '金融情報：出金先として登録された銀行口座の情報、入金時にご提出いただく振込明細の画像',
      '取引情報：注文、約定、保有状況、入出金、両替、借入などの履歴',
      '端末・ログ情報：IPアドレス、端末やOS・ブラウザの種類、アクセス日時、操作履歴、Cookieやブラウザのストレージに保存される識別子',
      'お問い合わせ情報：カスタマーサービスとのやり取りの内容',
    ]),
    h3('2. 取得の方法'),
    p(
      '当社は、お客様ご自身による入力やアップロード、本サービスのご利用に伴う自動的な記録、カスタマーサービスへのお問い合わせなど、適法かつ公正な手段によって個人情報を取得します。',
    ),
    h3('3. 利用目的'),
    ul([
      '口座開設、本人確認および口座の管理のため',
      '株式等の取引、入出金、両替、借入その他のサービスを提供するため',
      '犯罪による収益の移転防止など、法令に基づく義務を履行するため',
      'なりすまし、不正アクセスおよび不正取引を検知・防止し、お客様の資産と本サービスの安全を守るため',
      'お知らせ、重要なご連絡の送付およびお問い合わせへの対応のため',
      'サービスの品質向上、新機能の開発および利用状況の分析のため（統計的に処理し、個人を特定できない形で利用します）',
      'その他、上記の利用目的に付随する目的のため',
    ]),
    h3('4. 保存期間'),
    p(
      '当社は、利用目的の達成に必要な期間、個人情報を保存します。口座を解約された後も、法令により保存が義務付けられている情報（本人確認記録や取引記録など）は、定められた期間保存します。保存期間が経過し、または不要となった情報は、復元できない方法により速やかに削除または廃棄します。',
    ),
    h3('5. 第三者への提供'),
    p('当社は、次の場合を除き、お客様の同意を得ることなく個人情報を第三者に提供しません。'),
    ul([
      '法令に基づく場合（裁判所、捜査機関、監督官庁などからの適法な要請がある場合を含みます）',
      '人の生命、身体または財産の保護のために必要があり、お客様の同意を得ることが困難な場合',
      '合併、事業譲渡その他の事由による事業の承継に伴って提供する場合',
    ]),
    h3('6. 業務の委託'),
    p(
      '当社は、システムの運用、データの保管、本人確認の支援など業務の一部を外部の事業者に委託することがあります。その場合は、個人情報を適切に取り扱う委託先を選定し、契約等により必要かつ適切な監督を行います。外国にある事業者に委託する場合は、法令に従い必要な措置を講じます。',
    ),
    h3('7. 安全管理措置'),
    ul([
      '通信は暗号化し、本人確認書類の画像などの重要な情報にアクセスできる担当者は業務上必要な範囲に限定しています。',
      'ログインパスワードおよび取引パスワードは、元に戻せない形式（ハッシュ化）で保存しており、当社の従業員もその内容を知ることはできません。',
      'アクセス権限の管理、操作ログの記録・監視、不正アクセス対策などの技術的な措置を講じています。',
      '従業員に対して個人情報の取扱いに関する教育を行い、社内規程に基づいて管理しています。',
    ]),
    h3('8. Cookie等の利用'),
    p(
      '本サービスでは、ログイン状態の維持、表示言語の保存、利用状況の把握などのために、Cookieやブラウザのローカルストレージを利用します。ブラウザの設定によりこれらを無効にすることができますが、その場合は本サービスの一部が利用できなくなることがあります。',
    ),
    h3('9. お客様の権利'),
    p(
      'お客様は、当社が保有するご自身の個人情報について、法令の定めるところにより、利用目的の通知、開示、内容の訂正・追加・削除、利用の停止・消去、第三者への提供の停止、および第三者提供記録の開示を請求することができます。ご請求の際はカスタマーサービスまでご連絡ください。ご本人であることを確認したうえで、法令に従い遅滞なく対応します。法令により保存が義務付けられている情報など、ご請求に応じられない場合は、その理由をお知らせします。',
    ),
    h3('10. 本ポリシーの改定'),
    p(
      '当社は、法令の改正やサービス内容の変更などに応じて、本ポリシーを改定することがあります。重要な変更を行う場合は、本サービス上でお知らせします。',
    ),
    h3('11. お問い合わせ'),
    p(
      '本ポリシーおよび個人情報の取扱いに関するご質問、ご相談、苦情は、アプリ内のカスタマーサービスまでお寄せください。',
    ),
  ),
  cn: html(
    p(
      'Kabuto（以下简称“本公司”）认为，妥善处理您的个人信息是金融服务提供者的重要责任。本公司遵守日本《个人信息保护法》及其他相关法律法规和指南，按以下方式处理个人信息。',
    ),
    h3('一、收集的信息'),
    ul([
      '注册信息：账户（手机号码）及注册时填写的其他信息',
      '实名认证信息：姓名、出生日期等身份证明文件上记载的信息，身份证明文件图片，以及审核结果',
      '金融信息：登记为出金账户的银行账户信息，入金时提交的转账凭证图片',
      '交易信息：委托、成交、持仓、出入金、货币兑换、借款等记录',
      '设备及日志信息：IP地址、设备、操作系统及浏览器类型、访问时间、操作记录，以及保存在Cookie或浏览器存储中的标识符',
      '咨询信息：您与客服沟通的内容',
    ]),
    h3('二、收集方式'),
    p('本公司通过您本人填写或上传、使用本服务时的自动记录、向客服咨询等合法、正当的方式收集个人信息。'),
    h3('三、使用目的'),
    ul([
      '办理开户、实名认证及账户管理',
      '提供股票等交易、出入金、货币兑换、借款及其他服务',
      '履行防止犯罪收益转移等法律法规规定的义务',
      '发现并防止冒用身份、非法访问和不当交易，保护您的资产及本服务的安全',
      '发送通知和重要信息，回复您的咨询',
      '提升服务质量、开发新功能、分析使用情况（经统计处理，以无法识别个人的形式使用）',
      '与上述目的相关的其他附带目的',
    ]),
    h3('四、保存期限'),
    p(
      '本公司在实现使用目的所需的期间内保存个人信息。注销账户后，法律法规规定必须保存的信息（如实名认证记录、交易记录等）仍将在规定期间内保存。保存期限届满或不再需要的信息，将以无法恢复的方式及时删除或销毁。',
    ),
    h3('五、向第三方提供'),
    p('除以下情形外，未经您的同意，本公司不会向第三方提供您的个人信息：'),
    ul([
      '依据法律法规的情形（包括法院、侦查机关、监管部门等依法提出要求的情形）',
      '为保护人的生命、身体或财产安全所必需，且难以取得您同意的情形',
      '因合并、业务转让等原因承继业务而提供的情形',
    ]),
    h3('六、业务委托'),
    p(
      '本公司可能将系统运维、数据存储、实名认证协助等部分业务委托给外部机构。此时，本公司将选择能够妥善处理个人信息的受托方，并通过合同等方式进行必要且适当的监督。委托位于境外的机构时，本公司将依照法律法规采取必要措施。',
    ),
    h3('七、安全保护措施'),
    ul([
      '通信经过加密；能够访问身份证明文件图片等重要信息的人员，仅限于业务上必要的范围。',
      '登录密码和交易密码以不可逆的形式（哈希处理）保存，本公司员工也无法获知其内容。',
      '采取访问权限管理、操作日志记录与监控、防范非法访问等技术措施。',
      '对员工进行个人信息处理方面的培训，并依据内部规章进行管理。',
    ]),
    h3('八、Cookie等的使用'),
    p(
      '本服务使用Cookie和浏览器本地存储，用于保持登录状态、保存显示语言、了解使用情况等。您可以通过浏览器设置将其禁用，但届时可能无法使用本服务的部分功能。',
    ),
    h3('九、您的权利'),
    p(
      '对于本公司持有的您的个人信息，您可以依照法律法规的规定，要求本公司告知使用目的、予以公开、更正、补充或删除内容、停止使用或消除、停止向第三方提供，以及公开向第三方提供的记录。如需提出请求，请联系客服。本公司在确认您的身份后，将依法及时处理。对于法律法规规定必须保存的信息等无法满足请求的情形，本公司将告知理由。',
    ),
    h3('十、本政策的修订'),
    p('本公司可能根据法律法规的修订或服务内容的变更等修订本政策。如有重要变更，将在本服务上通知。'),
    h3('十一、联系我们'),
    p('如对本政策或个人信息的处理有任何疑问、咨询或投诉，请通过应用内的客服与我们联系。'),
  ),
  us: html(
    p(
      'Kabuto (“we” or “us”) regards the proper handling of your personal information as a core responsibility of a financial service provider. We comply with the Act on the Protection of Personal Information and other applicable laws and guidelines of Japan, and handle personal information as described below.',
    ),
    h3('1. Information we collect'),
    ul([
      'Registration details: your account (mobile number) and other information you enter when registering',
      'Identity verification details: your name, date of birth and other details shown on your identity document, images of that document, and the result of our review',
      'Financial details: the bank account you register for withdrawals and the images of transfer receipts you submit with deposits',
      'Transaction details: records of orders, executions, holdings, deposits, withdrawals, currency exchanges and loans',
      'Device and log data: IP address, device, operating system and browser type, access times, activity records, and identifiers stored in cookies or browser storage',
      'Enquiry details: the content of your communications with customer service',
    ]),
    h3('2. How we collect it'),
    p(
      'We collect personal information by lawful and fair means, such as what you enter or upload yourself, records made automatically when you use the Service, and your enquiries to customer service.',
    ),
    h3('3. Purposes of use'),
    ul([
      'To open your account, verify your identity and manage your account',
      'To provide trading in stocks and other instruments, deposits, withdrawals, currency exchange, loans and other services',
      'To meet our legal obligations, including those on preventing the transfer of criminal proceeds',
      'To detect and prevent impersonation, unauthorised access and improper trading, protecting your assets and the security of the Service',
      'To send notices and important communications and to respond to your enquiries',
      'To improve the quality of the Service, develop new features and analyse usage (in statistical form that does not identify individuals)',
      'For other purposes incidental to the above',
    ]),
    h3('4. Retention'),
    p(
      'We keep personal information for as long as needed to achieve the purposes of use. After you close your account, information that the law requires us to keep, such as identity verification and transaction records, is retained for the prescribed period. Information whose retention period has ended or that is no longer needed is promptly deleted or destroyed in a way that cannot be reversed.',
    ),
    h3('5. Disclosure to third parties'),
    p('We do not provide your personal information to third parties without your consent, except:'),
    ul([
      'where required by law, including lawful requests from courts, investigating authorities or regulators;',
      'where it is necessary to protect a person’s life, body or property and it is difficult to obtain your consent; or',
      'where it is provided as part of a business succession due to a merger, business transfer or similar event.',
    ]),
    h3('6. Outsourcing'),
    p(
      'We may outsource parts of our operations, such as running our systems, storing data and supporting identity verification, to external service providers. We choose providers that handle personal information properly and supervise them appropriately through contracts and other means. Where a provider is located outside Japan, we take the measures required by law.',
    ),
    h3('7. Security measures'),
    ul([
      'Communications are encrypted, and access to sensitive information such as identity document images is limited to staff who need it for their work.',
      'Login passwords and fund passwords are stored in a one-way hashed form, so not even our staff can know them.',
      'We apply technical measures such as access-rights management, recording and monitoring of activity logs, and protection against unauthorised access.',
      'We train our staff in handling personal information and manage it under internal rules.',
    ]),
    h3('8. Cookies and similar technologies'),
    p(
      'The Service uses cookies and browser local storage to keep you logged in, remember your display language and understand how the Service is used. You can disable them in your browser settings, but parts of the Service may then stop working.',
    ),
    h3('9. Your rights'),
    p(
      'As provided by law, you may ask us to notify you of the purposes of use of the personal information we hold about you, to disclose it, to correct, add to or delete it, to stop using or erase it, to stop providing it to third parties, and to disclose records of its provision to third parties. To make a request, please contact customer service. We will respond without delay in accordance with the law once we have confirmed your identity. If we cannot comply, for example because the law requires us to keep the information, we will tell you why.',
    ),
    h3('10. Changes to this policy'),
    p(
      'We may revise this policy in response to changes in the law or in the Service. We will announce any significant change in the Service.',
    ),
    h3('11. Contact'),
    p(
      'For questions, requests or complaints about this policy or our handling of personal information, please contact customer service in the app.',
    ),
  ),
};

const about: Text = {
  jp: html(
    h3('Kabutoとは'),
    p(
      'Kabuto は、日本にお住まいの個人投資家のためのオンライン証券サービスです。スマートフォンのブラウザからすぐに使えるモバイルウェブ証券として、口座開設から情報収集、取引、入出金までを一つのサービスで完結できるよう設計しています。',
    ),
    p(
      '「Kabuto」という名前は、東京証券取引所がある日本の金融街、兜町（かぶとちょう）に由来しています。日本の投資文化に根ざしながら、世界の市場にも手軽にアクセスできるサービスを目指しています。',
    ),
    h3('取り扱う市場'),
    ul([
      '日本株：東京証券取引所の上場銘柄',
      '米国株：ニューヨーク証券取引所やナスダックの上場銘柄',
      '中国株：上海・深セン証券取引所のA株',
      '韓国株：韓国取引所（KOSPI・KOSDAQ）の上場銘柄',
    ]),
    p('具体的な取扱銘柄は、アプリ内の銘柄一覧でご確認ください。'),
    h3('主な機能'),
    ul([
      '各市場の株価・チャートと、Kabuto マーケットデスクによるマーケットニュース',
      '株式の売買と、所定の条件のもとでのレバレッジ取引',
      '新規公開株（IPO）の申込',
      '複数通貨の残高管理とアプリ内での両替',
      'お知らせ機能とアプリ内のカスタマーサービス',
    ]),
    h3('各市場の通常取引時間（日本時間）'),
    ul([
      '日本：9:00〜11:30、12:30〜15:30',
      '米国：23:30〜翌6:00（米国の夏時間中は22:30〜翌5:00）',
      '中国：10:30〜12:30、14:00〜16:00',
      '韓国：9:00〜15:30',
    ]),
    p('Kabuto での注文受付時間や各市場の休場日は、アプリ内の表示をご確認ください。'),
    h3('私たちの考え方'),
    ul([
      'わかりやすさ：はじめての方でも迷わず使える画面と、専門用語に頼らない説明を心がけます。',
      '透明性：手数料や取引条件は、お取引の前に確認できるよう表示します。',
      '学びの支援：市場の仕組みや制度を解説するコンテンツを通じて、お客様の判断を支えます。',
    ]),
    h3('安心してご利用いただくために'),
    p(
      '口座開設時には本人確認を行い、入出金はご本人名義の銀行口座に限定しています。ログインパスワードに加えて、資金操作や取引に使う取引パスワードを設定いただくことで、不正な操作からお客様の資産を守ります。パスワードは元に戻せない形式で保存し、通信は暗号化しています。',
    ),
    h3('投資に関するリスク'),
    p(
      '株式の価格は、発行体の業績や市場環境の変化などにより変動し、投資元本を割り込むことがあります。外国株には為替変動のリスクが加わり、レバレッジ取引では預け入れた資金を上回る損失が生じるおそれがあります。お取引の前に利用規約や各種の注意事項をよくお読みいただき、ご自身の判断と責任で投資を行ってください。',
    ),
    h3('お問い合わせ'),
    p('サービスに関するご質問やご意見は、アプリ内のカスタマーサービスまでお気軽にお寄せください。'),
  ),
  cn: html(
    h3('Kabuto 是什么'),
    p(
      'Kabuto 是面向居住在日本的个人投资者的在线证券服务。作为一款通过手机浏览器即可使用的移动网页证券平台，Kabuto 力求让开户、获取信息、交易和出入金都能在同一个服务中完成。',
    ),
    p(
      '“Kabuto”这个名字来源于东京证券交易所所在的日本金融街——兜町（Kabutocho）。我们希望立足于日本的投资文化，同时让用户能够便捷地投资全球市场。',
    ),
    h3('可交易的市场'),
    ul([
      '日本股票：东京证券交易所上市股票',
      '美国股票：纽约证券交易所和纳斯达克上市股票',
      '中国股票：上海、深圳证券交易所的A股',
      '韩国股票：韩国交易所（KOSPI、KOSDAQ）上市股票',
    ]),
    p('具体可交易的股票，请在应用内的股票列表中确认。'),
    h3('主要功能'),
    ul([
      '各市场的股价、图表，以及 Kabuto 市场资讯团队发布的市场新闻',
      '股票买卖，以及在规定条件下的杠杆交易',
      '新股（IPO）申购',
      '多币种余额管理及应用内货币兑换',
      '站内通知及应用内客服',
    ]),
    h3('各市场常规交易时间（日本时间）'),
    ul([
      '日本：9:00—11:30、12:30—15:30',
      '美国：23:30—次日6:00（美国夏令时期间为22:30—次日5:00）',
      '中国：10:30—12:30、14:00—16:00',
      '韩国：9:00—15:30',
    ]),
    p('Kabuto 的委托受理时间及各市场休市日，请以应用内的显示为准。'),
    h3('我们的理念'),
    ul([
      '简单易懂：界面让新手也能轻松上手，说明尽量避免晦涩的专业术语。',
      '公开透明：手续费和交易条件会在交易前清楚展示。',
      '支持学习：通过讲解市场机制和相关制度的内容，帮助您做出判断。',
    ]),
    h3('安全保障'),
    p(
      '开户时我们会进行实名认证，出入金仅限本人名下的银行账户。除登录密码外，您还需设置用于资金操作和交易的交易密码，以保护您的资产免受非法操作。密码以不可逆的形式保存，通信经过加密。',
    ),
    h3('投资风险提示'),
    p(
      '股票价格会因发行公司的业绩、市场环境变化等因素而波动，可能导致投资本金亏损。投资海外股票还存在汇率波动风险；杠杆交易可能产生超过所存入资金的损失。交易前请仔细阅读用户协议及各项注意事项，并根据自己的判断自行承担投资责任。',
    ),
    h3('联系我们'),
    p('如对服务有任何疑问或建议，欢迎随时通过应用内的客服与我们联系。'),
  ),
  us: html(
    h3('What is Kabuto?'),
    p(
      'Kabuto is an online brokerage for individual investors living in Japan. It is a mobile web service that works straight from your smartphone’s browser, designed so that you can open an account, follow the markets, trade, and deposit and withdraw funds all in one place.',
    ),
    p(
      'The name comes from Kabutocho, the financial district in Tokyo that is home to the Tokyo Stock Exchange. We aim to stay rooted in Japan’s investing culture while giving you easy access to markets around the world.',
    ),
    h3('Markets'),
    ul([
      'Japanese stocks: shares listed on the Tokyo Stock Exchange',
      'US stocks: shares listed on the New York Stock Exchange and Nasdaq',
      'Chinese stocks: A-shares on the Shanghai and Shenzhen stock exchanges',
      'Korean stocks: shares listed on the Korea Exchange (KOSPI and KOSDAQ)',
    ]),
    p('Please check the stock list in the app for the specific stocks available.'),
    h3('Main features'),
    ul([
      'Prices and charts for each market, plus market news from the Kabuto Market Desk',
      'Buying and selling stocks, and leveraged trading subject to conditions',
      'Subscriptions to initial public offerings (IPOs)',
      'Balances in multiple currencies and currency exchange in the app',
      'Notifications and in-app customer service',
    ]),
    h3('Regular trading hours of each market (Japan time)'),
    ul([
      'Japan: 9:00–11:30 and 12:30–15:30',
      'United States: 23:30–6:00 the next day (22:30–5:00 during US daylight saving time)',
      'China: 10:30–12:30 and 14:00–16:00',
      'Korea: 9:00–15:30',
    ]),
    p('Please check the app for the hours during which Kabuto accepts orders and for market holidays.'),
    h3('What we stand for'),
    ul([
      'Clarity: screens that first-time investors can find their way around, and explanations that do not hide behind jargon.',
      'Transparency: fees and trading conditions are shown so you can check them before you trade.',
      'Learning: content explaining how markets and rules work, to support your own decisions.',
    ]),
    h3('Keeping you safe'),
    p(
      'We verify your identity when you open an account, and deposits and withdrawals are limited to bank accounts in your own name. In addition to your login password, you set a fund password for fund operations and trading, which protects your assets against unauthorised use. Passwords are stored in a form that cannot be reversed, and communications are encrypted.',
    ),
    h3('Investment risks'),
    p(
      'Share prices move with the issuer’s performance, changes in market conditions and other factors, and you may lose part of the money you invest. Foreign stocks add currency risk, and leveraged trading can lead to losses greater than the funds you have deposited. Please read the User Agreement and other notices carefully before trading, and invest on your own judgement and at your own responsibility.',
    ),
    h3('Contact'),
    p('If you have any questions or feedback about the Service, please contact customer service in the app.'),
  ),
};

export const SEED_PAGES: { name: 'protocol' | 'privacy' | 'about'; title: Text; content: Text }[] = [
  {
    name: 'protocol',
    title: { jp: '利用規約', cn: '用户协议', us: 'User Agreement' },
    content: protocol,
  },
  {
    name: 'privacy',
    title: { jp: 'プライバシーポリシー', cn: '隐私政策', us: 'Privacy Policy' },
    content: privacy,
  },
  {
    name: 'about',
    title: { jp: 'Kabutoについて', cn: '关于 Kabuto', us: 'About Kabuto' },
    content: about,
  },
];
