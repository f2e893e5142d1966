/**
 * The money screens, loaded together as one chunk: the first of them costs one fetch, and moving between
 * them (deposit → transfer → records, withdraw → records) is instant. One import keeps the route table —
 * part of the first screen — small.
 */
export { BankAddPage } from './bank-add-page.tsx';
export { BankPage } from './bank-page.tsx';
export { DepositPage } from './deposit-page.tsx';
export { ExchangePage } from './exchange-page.tsx';
export { LoanOrderPage } from './loan-order-page.tsx';
export { LoanPage } from './loan-page.tsx';
export { MyPage } from './my-page.tsx';
export { RecordsPage } from './records-page.tsx';
export { StoredPage } from './stored-page.tsx';
export { VerifiedPage } from './verified-page.tsx';
export { WithdrawPage } from './withdraw-page.tsx';
