/**
 * The money screens — assets, verification, bank accounts, deposit, withdrawal, records, exchange and
 * loans — loaded together as one chunk: the first of them costs one fetch, and moving between them
 * (deposit → transfer → records, withdraw → records) is instant. One import keeps the route table — part
 * of the first screen — small.
 */
export { MyPage } from '../features/assets/pages/my-page.tsx';
export { BankAddPage } from '../features/bank-cards/pages/bank-add-page.tsx';
export { BankPage } from '../features/bank-cards/pages/bank-page.tsx';
export { DepositPage } from '../features/deposit/pages/deposit-page.tsx';
export { DepositTransferPage } from '../features/deposit/pages/deposit-transfer-page.tsx';
export { ExchangePage } from '../features/exchange/pages/exchange-page.tsx';
export { KycPage } from '../features/kyc/pages/kyc-page.tsx';
export { LoanOrderPage } from '../features/loans/pages/loan-order-page.tsx';
export { LoanPage } from '../features/loans/pages/loan-page.tsx';
// the margin account (信用取引口座) sits under My page with the tax account
export { MarginPage } from '../features/margin/pages/margin-page.tsx';
export { RecordsPage } from '../features/records/pages/records-page.tsx';
// stock lending: its records sit with the money screens (it loads its own `lending` texts)
export { StockLendingPage } from '../features/stock-lending/pages/stock-lending-page.tsx';
// Support travels with them: the deposit's password and most questions about money lead there.
export { SupportPage } from '../features/support/pages/support-page.tsx';
// the tax account (特定口座, NISA) sits under My page with the records
export { TaxAccountPage } from '../features/tax/pages/tax-account-page.tsx';
export { WithdrawPage } from '../features/withdraw/pages/withdraw-page.tsx';
