import { gatewayContract } from './gateway-contract';
import { HARNESSES } from './gateway-harnesses';
import { gatewayRefundContract } from './gateway-refund-cases';

for (const [name, setUp] of Object.entries(HARNESSES)) {
  gatewayContract(name, setUp);
  gatewayRefundContract(name, setUp);
}
