import { smsDeliveryContract } from './sms-delivery.contract';
import { describeContract } from './store-backends';

describeContract('SmsCodeStore deliveries', smsDeliveryContract);
