import {
  auditLogContract,
  memberDirectoryContract,
  operatorStoreContract,
} from './ops-stores.contract';
import { describeContract } from './store-backends';

describeContract('OperatorStore', operatorStoreContract);
describeContract('AuditLog', auditLogContract);
describeContract('MemberDirectory', memberDirectoryContract);
