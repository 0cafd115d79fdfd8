import { loginFailureStoreContract } from './login-failure-store.contract';
import { describeContract } from './store-backends';

describeContract('LoginFailureStore', loginFailureStoreContract);
