import { describeContract } from './store-backends';
import { paymentHistoryContract } from './payment-history.contract';
import { transactionStoreContract } from './transaction-store.contract';

describeContract('TransactionStore', transactionStoreContract);
describeContract('PaymentHistoryStore', paymentHistoryContract);
