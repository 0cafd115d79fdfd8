import type {
  GatewayCallbackRequest,
  GatewayMessage,
  GatewayPaymentRef,
  GatewayRefundAnswer,
  GatewayRefundRequest,
  GatewayStatusAnswer,
  OurPaymentCheck,
  PaymentGateway,
  PaymentStart,
  PaymentStartRequest,
} from '../ports/payment-gateway.port';
import { inSpan, tracingActive } from './spans';

/**
 * The gateway as it is when tracing is off; when on, each call to it is a span of its own
 * (`gateway.start_payment`, `gateway.verify_callback`, ...), so a payment's trace shows the
 * gateway's part even where no network call is made (a signed hand-off, a callback's signature
 * checked), and the HTTP call under it where there is one. Attributes: the gateway's name and the
 * outcome (a verdict's status or rejection kind), never the payer's details a request carries.
 */
export function tracedGateway(gateway: PaymentGateway): PaymentGateway {
  return tracingActive() ? new TracedPaymentGateway(gateway) : gateway;
}

class TracedPaymentGateway implements PaymentGateway {
  readonly name: string;
  readonly capabilities: PaymentGateway['capabilities'];
  /** Present exactly when the inner gateway sends refunds itself. */
  readonly refund?: (request: GatewayRefundRequest) => Promise<GatewayRefundAnswer>;

  constructor(private readonly inner: PaymentGateway) {
    this.name = inner.name;
    this.capabilities = inner.capabilities;
    const refund = inner.refund?.bind(inner);
    if (refund !== undefined) {
      this.refund = (request) =>
        this.call('refund', async () => {
          const answer = await refund(request);
          return { value: answer, outcome: answer.kind };
        });
    }
  }

  startPayment(request: PaymentStartRequest): Promise<PaymentStart> {
    return this.call('start_payment', async () => ({
      value: await this.inner.startPayment(request),
      outcome: 'started',
    }));
  }

  verifyCallback(
    request: GatewayCallbackRequest,
    isOurs: OurPaymentCheck,
  ): Promise<GatewayMessage> {
    return this.call('verify_callback', async () => {
      const message = await this.inner.verifyCallback(request, isOurs);
      return { value: message, outcome: verdictOf(message) };
    });
  }

  verifyRedirect(query: Record<string, unknown>): Promise<GatewayMessage> {
    return this.call('verify_redirect', async () => {
      const message = await this.inner.verifyRedirect(query);
      return { value: message, outcome: verdictOf(message) };
    });
  }

  queryStatus(payment: GatewayPaymentRef): Promise<GatewayStatusAnswer> {
    return this.call('query_status', async () => {
      const answer = await this.inner.queryStatus(payment);
      return {
        value: answer,
        outcome: answer.kind === 'found' ? verdictOf(answer.message) : answer.kind,
      };
    });
  }

  private call<T>(
    operation: string,
    work: () => Promise<{ value: T; outcome: string }>,
  ): Promise<T> {
    const attributes = { 'payment.gateway': this.inner.name, 'gateway.operation': operation };
    return inSpan(`gateway.${operation}`, attributes, async (span) => {
      const { value, outcome } = await work();
      span?.setAttribute('gateway.outcome', outcome);
      return value;
    });
  }
}

/** A verified message's status (`completed`, `pending`...) or a rejection's kind. */
function verdictOf(message: GatewayMessage): string {
  return message.verdict.ok ? message.verdict.value.status : message.verdict.error.kind;
}
