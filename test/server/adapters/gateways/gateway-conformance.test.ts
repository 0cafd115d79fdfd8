import { describeContract } from '../../contracts/store-backends';
import { gatewayConformance } from './gateway-conformance';
import { HARNESSES } from './gateway-harnesses';

// Every adapter, against its gateway's simulator, on every store (in memory, PGlite, PostgreSQL).
for (const [name, setUp] of Object.entries(HARNESSES)) {
  describeContract(`${name} gateway conformance`, (stores) => gatewayConformance(setUp, stores));
}
