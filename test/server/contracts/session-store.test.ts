import { passkeyStoreContract } from './passkey-store.contract';
import { memberSessionsContract } from './member-sessions.contract';
import { personalDataContract } from './personal-data.contract';
import { sessionStoreContract } from './session-store.contract';
import { describeContract } from './store-backends';

describeContract('SessionStore', (stores) => {
  sessionStoreContract(stores);
  memberSessionsContract(stores);
});

describeContract('PersonalDataStore', personalDataContract);

describeContract('PasskeyStore', passkeyStoreContract);
