import { type Language } from '../src/contract/languages';

/** Every word of the payment page, in each language of the portal. */
export interface PaymentPageTexts {
  /** Above every page: that this gateway only pretends. */
  badge: string;
  /** The page's title, around the merchant's name. */
  title: (merchantName: string) => string;
  transactionId: string;
  method: string;
  qrAlt: (transactionId: string) => string;
  qrCaption: string;
  approve: string;
  decline: string;
}

/** The page as a payer reads it: the language their browser prefers (Accept-Language). */
export const PAYMENT_PAGE_TEXTS: Record<Language, PaymentPageTexts> = {
  en: {
    badge: 'Sandbox gateway · no real money moves',
    title: (merchant) => `Pay ${merchant}`,
    transactionId: 'Transaction ID',
    method: 'Method',
    qrAlt: (id) => `DuitNow QR code for transaction ${id}`,
    qrCaption: 'Scan with your banking app, or decide below.',
    approve: 'Approve payment',
    decline: 'Decline payment',
  },
  fr: {
    badge: 'Passerelle de test · aucun argent réel ne circule',
    title: (merchant) => `Payer ${merchant}`,
    transactionId: 'ID de transaction',
    method: 'Moyen',
    qrAlt: (id) => `Code QR DuitNow de la transaction ${id}`,
    qrCaption: 'Scannez-le avec votre application bancaire, ou décidez ci-dessous.',
    approve: 'Approuver le paiement',
    decline: 'Refuser le paiement',
  },
  zn: {
    badge: '沙盒网关 · 不涉及真实资金',
    title: (merchant) => `向 ${merchant} 付款`,
    transactionId: '交易编号',
    method: '付款方式',
    qrAlt: (id) => `交易 ${id} 的 DuitNow 二维码`,
    qrCaption: '请用您的银行应用扫描，或在下方选择。',
    approve: '批准付款',
    decline: '拒绝付款',
  },
  ms: {
    badge: 'Gerbang kotak pasir · tiada wang sebenar dipindahkan',
    title: (merchant) => `Bayar kepada ${merchant}`,
    transactionId: 'ID Transaksi',
    method: 'Kaedah',
    qrAlt: (id) => `Kod QR DuitNow bagi transaksi ${id}`,
    qrCaption: 'Imbas dengan aplikasi perbankan anda, atau buat pilihan di bawah.',
    approve: 'Luluskan bayaran',
    decline: 'Tolak bayaran',
  },
};
