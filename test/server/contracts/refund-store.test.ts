import { refundStoreContract } from './refund-store.contract';
import { describeContract } from './store-backends';

describeContract('RefundStore', refundStoreContract);
