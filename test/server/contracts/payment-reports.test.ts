import { paymentReportsContract } from './payment-reports.contract';
import { describeContract } from './store-backends';

describeContract('PaymentReports', paymentReportsContract);
