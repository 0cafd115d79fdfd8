import {
  auditLogContract,
  memberDirectoryContract,
  operatorStoreContract,
} from './ops-stores.contract';
import { operatorApprovalStoreContract } from './operator-approvals.contract';
import { describeContract } from './store-backends';

describeContract('OperatorStore', operatorStoreContract);
describeContract('AuditLog', auditLogContract);
describeContract('MemberDirectory', memberDirectoryContract);
describeContract('OperatorApprovalStore', operatorApprovalStoreContract);
