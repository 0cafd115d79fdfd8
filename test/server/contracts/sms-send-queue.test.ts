import { smsSendQueueContract } from './sms-send-queue.contract';
import { describeContract } from './store-backends';

describeContract('SmsSendQueue', smsSendQueueContract);
