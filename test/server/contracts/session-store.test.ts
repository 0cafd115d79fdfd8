import { sessionStoreContract } from './session-store.contract';
import { describeContract } from './store-backends';

describeContract('SessionStore', sessionStoreContract);
