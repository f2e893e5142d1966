import type { Text } from '@kabuto/contract';

/**
 * Site messages the system sends, in the three languages. `{name}` placeholders are filled from params.
 * Areas add their templates here (deposit approved, withdrawal rejected, forced close, …).
 */
export const NOTICE_TEMPLATES = {
  welcome: {
    title: { jp: 'Kabutoへようこそ', cn: '欢迎使用 Kabuto', us: 'Welcome to Kabuto' },
    content: {
      jp: '{account} 様、口座開設ありがとうございます。お取引の前に本人確認と取引パスワードの設定をお願いいたします。ご不明な点はカスタマーサービスまでお問い合わせください。',
      cn: '{account}，感谢您开户。交易前请先完成实名认证并设置交易密码。如有疑问，请联系客服。',
      us: 'Thank you for opening an account, {account}. Before trading, please verify your identity and set a fund password. Customer service is here if you need help.',
    },
  },
  secondFactorLocked: {
    title: { jp: '確認コードの誤りが続きました', cn: '验证码多次错误', us: 'Too many wrong codes' },
    content: {
      jp: 'お客様のアカウントで確認コード（認証アプリまたはリカバリーコード）の誤りが続いたため、進行中のログインを無効にし、しばらくコードを受け付けません。心当たりがない場合は、パスワードを変更してください。',
      cn: '您的账户多次输入错误的验证码（身份验证器或恢复码），进行中的登录已作废，验证码暂时无法使用。如非本人操作，请修改登录密码。',
      us: 'Wrong codes (authenticator or recovery codes) were entered for your account several times: the sign-in in progress was cancelled and codes are locked for a while. If this was not you, change your password.',
    },
  },
  kycApproved: {
    title: { jp: '本人確認が完了しました', cn: '实名认证已通过', us: 'Identity verified' },
    content: {
      jp: '{name} 様の本人確認が完了しました。入出金とお取引をご利用いただけます。',
      cn: '{name}，您的实名认证已通过，现在可以充值、提现和交易。',
      us: 'Your identity has been verified, {name}. Deposits, withdrawals and trading are now available.',
    },
  },
  kycRejected: {
    title: { jp: '本人確認が却下されました', cn: '实名认证未通过', us: 'Identity verification rejected' },
    content: {
      jp: '本人確認書類を確認できませんでした。理由: {reason}。内容をご確認のうえ、再度ご提出ください。',
      cn: '您的实名认证未通过。原因：{reason}。请核对后重新提交。',
      us: 'We could not verify your identity. Reason: {reason}. Please check your details and submit again.',
    },
  },
  depositApproved: {
    title: { jp: '入金が反映されました', cn: '充值已到账', us: 'Deposit credited' },
    content: {
      jp: '入金（注文番号 {order}）{amount} {currency} が口座に反映されました。',
      cn: '充值（订单号 {order}）{amount} {currency} 已到账。',
      us: 'Your deposit {order} of {amount} {currency} has been credited to your account.',
    },
  },
  depositRejected: {
    title: { jp: '入金申請が却下されました', cn: '充值申请被驳回', us: 'Deposit rejected' },
    content: {
      jp: '入金申請（注文番号 {order}）{amount} {currency} は却下されました。理由: {reason}',
      cn: '充值申请（订单号 {order}）{amount} {currency} 已被驳回。原因：{reason}',
      us: 'Your deposit {order} of {amount} {currency} was rejected. Reason: {reason}',
    },
  },
  withdrawApproved: {
    title: { jp: '出金が承認されました', cn: '提现已通过', us: 'Withdrawal approved' },
    content: {
      jp: '出金（注文番号 {order}）{amount} {currency} を承認し、ご登録の口座へ送金しました。',
      cn: '提现（订单号 {order}）{amount} {currency} 已通过审核并汇至您的银行账户。',
      us: 'Your withdrawal {order} of {amount} {currency} was approved and sent to your bank account.',
    },
  },
  withdrawRequested: {
    title: { jp: '出金申請を受け付けました', cn: '已收到提现申请', us: 'Withdrawal requested' },
    content: {
      jp: '出金申請（注文番号 {order}）{amount} {currency}、振込先 {bank} を受け付けました。審査後に送金します。お心当たりがない場合は、ただちにパスワードを変更し、カスタマーサービスへご連絡ください。',
      cn: '已收到提现申请（订单号 {order}）{amount} {currency}，收款账户 {bank}，审核后汇出。如非本人操作，请立即修改密码并联系客服。',
      us: 'We received your withdrawal request {order} of {amount} {currency} to {bank}; it is paid once reviewed. If this was not you, change your password at once and contact customer service.',
    },
  },
  withdrawRejected: {
    title: { jp: '出金申請が却下されました', cn: '提现申请被驳回', us: 'Withdrawal rejected' },
    content: {
      jp: '出金申請（注文番号 {order}）{amount} {currency} は却下され、金額は口座に戻りました。理由: {reason}',
      cn: '提现申请（订单号 {order}）{amount} {currency} 已被驳回，资金已退回账户。原因：{reason}',
      us: 'Your withdrawal {order} of {amount} {currency} was rejected and the money is back in your account. Reason: {reason}',
    },
  },
  loanApproved: {
    title: { jp: '借入が実行されました', cn: '借款已放款', us: 'Loan paid out' },
    content: {
      jp: '借入（注文番号 {order}）{amount} {currency} が口座に入金されました。年利 {rate}% で日割り計算されます。',
      cn: '借款（订单号 {order}）{amount} {currency} 已存入您的账户，按年利率 {rate}% 按日计息。',
      us: 'Your loan {order} of {amount} {currency} has been paid into your account. Interest: {rate}% a year, charged per day.',
    },
  },
  loanRejected: {
    title: { jp: '借入申請が却下されました', cn: '借款申请被驳回', us: 'Loan application rejected' },
    content: {
      jp: '借入申請（注文番号 {order}）{amount} {currency} は却下されました。理由: {reason}',
      cn: '借款申请（订单号 {order}）{amount} {currency} 已被驳回。原因：{reason}',
      us: 'Your loan application {order} of {amount} {currency} was rejected. Reason: {reason}',
    },
  },
  marginAccountApproved: {
    title: { jp: '信用取引口座を開設しました', cn: '融资融券账户已开通', us: 'Margin account opened' },
    content: {
      jp: '信用取引口座の審査が完了しました。1倍を超える取引と空売りをご利用いただけます。委託保証金維持率が維持ラインを下回ると追証が発生します。',
      cn: '您的融资融券账户已通过审核，可以进行超过1倍的交易和卖空。维持率低于维持线时将产生追加保证金。',
      us: 'Your margin account is open: you may trade above 1× and sell short. A margin call is issued when the maintenance ratio falls below the maintenance line.',
    },
  },
  marginAccountRejected: {
    title: {
      jp: '信用取引口座の申込が却下されました',
      cn: '融资融券账户申请未通过',
      us: 'Margin account application rejected',
    },
    content: {
      jp: '信用取引口座の申込は承認されませんでした。理由: {reason}',
      cn: '您的融资融券账户申请未通过。原因：{reason}',
      us: 'Your margin account application was not approved. Reason: {reason}',
    },
  },
  marginCall: {
    title: { jp: '追証が発生しました', cn: '追加保证金通知', us: 'Margin call' },
    content: {
      jp: '{currency} 口座の委託保証金維持率が {ratio}% となり、維持率 {line}% を下回りました。{deadline} までに {amount} {currency} をご入金いただくか、建玉を決済してください。期限までに解消されない場合、損失の大きい建玉から強制決済します。',
      cn: '您的 {currency} 账户维持率为 {ratio}%，低于 {line}%。请在 {deadline} 前入金 {amount} {currency} 或平仓。逾期未解决时，将从亏损最大的仓位开始强制平仓。',
      us: 'The maintenance ratio of your {currency} account is {ratio}%, below {line}%. Deposit {amount} {currency} or close positions by {deadline}. If the call is not met by then, positions are force-closed, largest loss first.',
    },
  },
  marginCallMet: {
    title: { jp: '追証が解消されました', cn: '追加保证金已解除', us: 'Margin call met' },
    content: {
      jp: '{currency} 口座の追証は解消されました（維持率 {ratio}%）。',
      cn: '您的 {currency} 账户追加保证金已解除（维持率 {ratio}%）。',
      us: 'The margin call on your {currency} account has been met (maintenance ratio {ratio}%).',
    },
  },
  marginCallClosed: {
    title: {
      jp: '追証により建玉を強制決済しました',
      cn: '因追加保证金强制平仓',
      us: 'Positions force-closed for a margin call',
    },
    content: {
      jp: '{currency} 口座の追証が期限までに解消されなかったため、損失の大きい建玉から {count} 件を強制決済しました（維持率 {ratio}%）。',
      cn: '您的 {currency} 账户追加保证金逾期未解决，已从亏损最大的仓位开始强制平仓 {count} 笔（维持率 {ratio}%）。',
      us: 'The margin call on your {currency} account was not met by its deadline: {count} position(s) were force-closed, largest loss first (maintenance ratio {ratio}%).',
    },
  },
  marginEmergencyClosed: {
    title: {
      jp: '維持率の急低下により強制決済しました',
      cn: '维持率骤降强制平仓',
      us: 'Positions force-closed: emergency level',
    },
    content: {
      jp: '{currency} 口座の委託保証金維持率が {floor}% を下回ったため、損失の大きい建玉から {count} 件を直ちに強制決済しました（維持率 {ratio}%）。',
      cn: '您的 {currency} 账户维持率低于 {floor}%，已立即从亏损最大的仓位开始强制平仓 {count} 笔（维持率 {ratio}%）。',
      us: 'The maintenance ratio of your {currency} account fell below {floor}%: {count} position(s) were force-closed at once, largest loss first (maintenance ratio {ratio}%).',
    },
  },
  forcedClosePending: {
    title: { jp: '強制決済のお知らせ', cn: '强制平仓通知', us: 'Position being force-closed' },
    content: {
      jp: '建玉（注文番号 {order}）{name}（{code}）は損失が維持証拠金（{ratio}%）に達したため、強制決済の手続きに入りました（決済準備中）。',
      cn: '持仓（订单号 {order}）{name}（{code}）亏损已达到维持保证金（{ratio}%），已进入强制平仓流程（准备平仓）。',
      us: 'Your position {order} in {name} ({code}) has lost enough to reach the maintenance margin ({ratio}%) and is being force-closed (preparing to close).',
    },
  },
  forcedClosed: {
    title: { jp: '強制決済が完了しました', cn: '强制平仓已完成', us: 'Position force-closed' },
    content: {
      jp: '建玉（注文番号 {order}）{name}（{code}）を {price} で強制決済しました。確定損益: {pnl} {currency}。',
      cn: '持仓（订单号 {order}）{name}（{code}）已按 {price} 强制平仓。实现盈亏：{pnl} {currency}。',
      us: 'Your position {order} in {name} ({code}) was force-closed at {price}. Realised P&L: {pnl} {currency}.',
    },
  },
  marginTermClosed: {
    title: { jp: '信用期日による決済', cn: '融资融券到期平仓', us: 'Margin position closed at its term' },
    content: {
      jp: '信用建玉（注文番号 {order}）{name}（{code}）は返済期日（6か月）を迎えたため、{price} で決済しました。確定損益（金利・貸株料等を含む）: {pnl} {currency}。',
      cn: '融资融券持仓（订单号 {order}）{name}（{code}）已到期（6个月），已按 {price} 平仓。实现盈亏（含利息、融券费等）：{pnl} {currency}。',
      us: 'Your margin position {order} in {name} ({code}) reached the end of its term (6 months) and was closed at {price}. Realised P&L (after interest and lending fees): {pnl} {currency}.',
    },
  },
  orderExpired: {
    title: { jp: '注文が失効しました', cn: '委托已失效', us: 'Order expired' },
    content: {
      jp: '指値注文（注文番号 {order}）{name}（{code}）は当日中に約定しなかったため失効しました。拘束していた証拠金と手数料は解除されました。',
      cn: '限价委托（订单号 {order}）{name}（{code}）当日未成交，已失效。冻结的保证金和手续费已解冻。',
      us: 'Your limit order {order} for {name} ({code}) was not filled during its trading day and has expired. The margin and fees it held are released.',
    },
  },
  newSignIn: {
    title: { jp: '新しいログインがありました', cn: '新的登录提醒', us: 'New sign-in to your account' },
    content: {
      jp: '{time}（日本時間）にお客様のアカウントへログインがありました。方法: {method}。デバイス: {device}。場所: {location}（{ip}）。お心当たりがない場合は、マイページ › セキュリティでこのデバイスをログアウトし、パスワードを変更してください。',
      cn: '您的账户于 {time}（日本时间）登录。方式：{method}。设备：{device}。位置：{location}（{ip}）。如非本人操作，请在“我的 › 安全设置”中退出该设备并修改密码。',
      us: 'Your account was signed in to at {time} (Japan time). Method: {method}. Device: {device}. Location: {location} ({ip}). If this was not you, sign that device out under My page › Security and change your password.',
    },
  },
  ipoWon: {
    title: { jp: '新規公開株に当選しました', cn: '新股中签', us: 'New share: you won' },
    content: {
      jp: '{name}（{code}）に当選しました。{shares}株、払込金額 {amount} {currency}（申込番号 {order}）。購入期限 {deadline} までは辞退できます。',
      cn: '{name}（{code}）中签 {shares} 股，缴款金额 {amount} {currency}（申购单号 {order}）。缴款截止 {deadline} 前可放弃认购。',
      us: 'You won {shares} shares of {name} ({code}); {amount} {currency} paid (application {order}). You may decline until {deadline}.',
    },
  },
  ipoNotWon: {
    title: { jp: '新規公開株の抽選結果', cn: '新股抽签结果', us: 'New share lottery result' },
    content: {
      jp: '{name}（{code}）は落選しました（申込番号 {order}）。拘束されていた資金は解除されました。',
      cn: '{name}（{code}）未中签（申购单号 {order}），冻结资金已退回。',
      us: 'Your application {order} for {name} ({code}) was not drawn. Any money held has been released.',
    },
  },
  ipoWaitlisted: {
    title: { jp: '新規公開株：補欠となりました', cn: '新股：候补', us: 'New share: waitlisted' },
    content: {
      jp: '{name}（{code}）は補欠です（申込番号 {order}）。当選者の辞退があれば抽選順に繰り上がります。購入期限 {deadline} を過ぎると資金は解除されます。',
      cn: '{name}（{code}）为候补（申购单号 {order}）。如有中签者放弃，将按抽签顺序递补。缴款截止 {deadline} 后冻结资金退回。',
      us: 'Your application {order} for {name} ({code}) is waitlisted: if a winner declines, you move up in draw order. Any hold is released after {deadline}.',
    },
  },
  ipoPaymentFailed: {
    title: { jp: '新規公開株：払込できませんでした', cn: '新股：缴款失败', us: 'New share: payment failed' },
    content: {
      jp: '{name}（{code}）に当選しましたが、残高不足のため払込できず辞退扱いとなりました（申込番号 {order}）。',
      cn: '{name}（{code}）中签，但余额不足无法缴款，视为放弃（申购单号 {order}）。',
      us: 'You won {name} ({code}) but your balance could not pay for it, so the win was declined (application {order}).',
    },
  },
  ipoAbstained: {
    title: { jp: '新規公開株を辞退しました', cn: '已放弃新股认购', us: 'New share declined' },
    content: {
      jp: '{name}（{code}）を辞退しました。{amount} {currency} を返金しました（申込番号 {order}）。',
      cn: '已放弃 {name}（{code}），退款 {amount} {currency}（申购单号 {order}）。',
      us: 'You declined {name} ({code}); {amount} {currency} has been refunded (application {order}).',
    },
  },
  ipoListed: {
    title: { jp: '新規公開株が上場しました', cn: '新股已上市', us: 'New share listed' },
    content: {
      jp: '{name}（{code}）が上場しました。初値 {first}。{shares}株を公開価格 {price} で保有しています。',
      cn: '{name}（{code}）已上市，首日价格 {first}。您以发行价 {price} 持有 {shares} 股。',
      us: '{name} ({code}) has listed at {first}. You hold {shares} shares at the offer price {price}.',
    },
  },
  ipoCancelled: {
    title: { jp: '新規公開株の募集中止', cn: '新股发行取消', us: 'New share offering cancelled' },
    content: {
      jp: '{name}（{code}）の募集は中止されました。申込（{order}）の資金は解除されました。',
      cn: '{name}（{code}）的发行已取消，申购（{order}）的资金已退回。',
      us: 'The offering of {name} ({code}) was cancelled. The money of your application {order} has been released.',
    },
  },
  blockAllocated: {
    title: { jp: 'ブロック取引の割当結果', cn: '大宗交易配售结果', us: 'Block trade allocated' },
    content: {
      jp: 'ブロック取引（注文番号 {order}）{name}（{code}）：申込 {applied} 株のうち {allocated} 株が 1株 {price} で割り当てられ、保有銘柄に追加されました。割当外の {refund} は返金されました。',
      cn: '大宗交易（订单号 {order}）{name}（{code}）：申购 {applied} 股，获配 {allocated} 股，价格 {price}，已加入持仓。未获配部分 {refund} 已退回。',
      us: 'Block trade {order}, {name} ({code}): {allocated} of the {applied} shares you applied for were allocated at {price} and added to your holdings. {refund} not allocated was refunded.',
    },
  },
  blockRefunded: {
    title: { jp: 'ブロック取引の返金', cn: '大宗交易退款', us: 'Block trade refunded' },
    content: {
      jp: 'ブロック取引（注文番号 {order}）{name}（{code}）は割当がありませんでした。申込金額 {refund} は返金されました。',
      cn: '大宗交易（订单号 {order}）{name}（{code}）未获配售，申购金额 {refund} 已退回。',
      us: 'Block trade {order}, {name} ({code}): no shares were allocated. The {refund} held was refunded.',
    },
  },
  supportReplied: {
    title: { jp: 'お問い合わせへの回答', cn: '客服回复', us: 'Support replied' },
    content: {
      jp: 'お問い合わせ「{question}」への回答です。<br><br>{reply}',
      cn: '关于您的咨询「{question}」的回复：<br><br>{reply}',
      us: 'Our answer to your message “{question}”:<br><br>{reply}',
    },
  },
  dayTradeApproved: {
    title: { jp: 'デイトレードが承認されました', cn: '日内交易已获批准', us: 'Day trading approved' },
    content: {
      jp: 'デイトレード申請（注文番号 {order}）が承認されました。{date} の取引枠は {amount} {currency} です。建玉は大引け前に自動で決済されます。',
      cn: '日内交易申请（订单号 {order}）已获批准。{date} 的交易额度为 {amount} {currency}。持仓将在收盘前自动平仓。',
      us: 'Your day-trading application {order} was approved. Your line for {date} is {amount} {currency}. Positions are closed automatically before the close.',
    },
  },
  dayTradeRejected: {
    title: { jp: 'デイトレード申請が却下されました', cn: '日内交易申请被驳回', us: 'Day trading rejected' },
    content: {
      jp: 'デイトレード申請（注文番号 {order}）{amount} {currency} は却下され、拘束金額は解除されました。理由: {reason}',
      cn: '日内交易申请（订单号 {order}）{amount} {currency} 已被驳回，冻结金额已解冻。原因：{reason}',
      us: 'Your day-trading application {order} of {amount} {currency} was rejected and the amount held is released. Reason: {reason}',
    },
  },
  dayTradeSettled: {
    title: { jp: 'デイトレードの精算が完了しました', cn: '日内交易已结算', us: 'Day trading settled' },
    content: {
      jp: 'デイトレード（注文番号 {order}、{date}）を精算しました。{payout} {currency} を口座に戻しました（損益 {pnl}）。',
      cn: '日内交易（订单号 {order}，{date}）已结算，{payout} {currency} 已返回账户（盈亏 {pnl}）。',
      us: 'Your day trading {order} of {date} is settled: {payout} {currency} returned to your account (P&L {pnl}).',
    },
  },
  dayTradeFailed: {
    title: { jp: 'デイトレードは不成立でした', cn: '日内交易未成立', us: 'Day trading not carried out' },
    content: {
      jp: 'デイトレード（注文番号 {order}、{date}）は取引がないまま終了しました。{payout} {currency} を口座に戻しました。',
      cn: '日内交易（订单号 {order}，{date}）未发生交易即已结束，{payout} {currency} 已返回账户。',
      us: 'Your day trading {order} of {date} ended without a trade. {payout} {currency} was returned to your account.',
    },
  },
  reportReady: {
    title: { jp: '{report}を交付しました', cn: '{report}已发布', us: 'Your {report} is ready' },
    content: {
      jp: '{report}（{period}）を交付しました。マイページの「報告書」からダウンロードできます。',
      cn: '{report}（{period}）已发布，可在"我的"页面的"报告"中下载。',
      us: 'Your {report} ({period}) is ready. Download it from My page › Reports.',
    },
  },
} satisfies Record<string, { title: Text; content: Text }>;

export type NoticeTemplate = keyof typeof NOTICE_TEMPLATES;
