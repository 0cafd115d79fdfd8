import { paymentDirectoryContract } from './payment-directory.contract';
import { describeContract } from './store-backends';

describeContract('PaymentDirectory', paymentDirectoryContract);
