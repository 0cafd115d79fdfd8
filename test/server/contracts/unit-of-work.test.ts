import { describeContract } from './store-backends';
import { unitOfWorkContract } from './unit-of-work.contract';

describeContract('UnitOfWork', unitOfWorkContract);
