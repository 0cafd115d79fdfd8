import { gatewayContract } from './gateway-contract';
import { HARNESSES } from './gateway-harnesses';

for (const [name, setUp] of Object.entries(HARNESSES)) gatewayContract(name, setUp);
