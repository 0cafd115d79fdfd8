import { smsCodeStoreContract } from './sms-code-store.contract';
import { describeContract } from './store-backends';

describeContract('SmsCodeStore', smsCodeStoreContract);
