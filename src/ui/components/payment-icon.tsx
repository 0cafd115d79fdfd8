import type { PaymentStatus } from '../../domain/model/payment';
import type { ListedPaymentMethod } from '../../domain/rules/payment-form';

/** Small decorative icons (inline SVG: no image requests, no CDN); names come from text beside them. */
const paths: Record<ListedPaymentMethod | PaymentStatus | 'lock' | 'shield', string> = {
  qr: 'M3 3h7v7H3zM5 5v3h3V5zM14 3h7v7h-7zM16 5v3h3V5zM3 14h7v7H3zM5 16v3h3v-3zM14 14h3v3h-3zM18 18h3v3h-3zM18 14h3v2h-3zM14 18h2v3h-2z',
  bankTransfer: 'M12 2 2 7v2h20V7zM4 11h3v7H4zM10.5 11h3v7h-3zM17 11h3v7h-3zM2 20h20v2H2z',
  eWallet:
    'M3 6a2 2 0 0 1 2-2h13v3H5v10h15v-3h-5a3 3 0 0 1 0-6h5V6h1v12a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2zM15 10a1 1 0 0 0 0 2h6v-2z',
  lock: 'M7 10V7a5 5 0 0 1 10 0v3h1a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2zm2 0h6V7a3 3 0 0 0-6 0z',
  // Drawn, not typed: emoji and dingbat glyphs depend on the fonts the member happens to have.
  pending:
    'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 2a8 8 0 1 1 0 16 8 8 0 0 1 0-16zm-1 3v6l5 3 1-1.7-4-2.4V7z',
  completed: 'M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z',
  failed:
    'M19 6.4 17.6 5 12 10.6 6.4 5 5 6.4 10.6 12 5 17.6 6.4 19 12 13.4 17.6 19 19 17.6 13.4 12z',
  shield:
    'M12 2 4 5v6c0 5 3.4 9.5 8 11 4.6-1.5 8-6 8-11V5zm-1.2 14.2-3.5-3.5 1.4-1.4 2.1 2.1 4.9-4.9 1.4 1.4z',
};

export function PaymentIcon({ name }: { name: keyof typeof paths }) {
  return (
    <svg className="payment-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path d={paths[name]} fill="currentColor" fillRule="evenodd" />
    </svg>
  );
}
