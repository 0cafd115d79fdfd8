import { memberRepositoryContract } from './member-repository.contract';
import { describeContract } from './store-backends';

describeContract('MemberRepository', memberRepositoryContract);
