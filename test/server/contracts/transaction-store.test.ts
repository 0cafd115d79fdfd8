import { describeContract } from './store-backends';
import { transactionStoreContract } from './transaction-store.contract';

describeContract('TransactionStore', transactionStoreContract);
