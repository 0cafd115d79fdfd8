import type { ReceiptLanguage } from '../../../src/contract/payment-history';

/** Every word a receipt prints, in each language a receipt is written in. */
export interface ReceiptTexts {
  title: string;
  receiptNumber: string;
  memberName: string;
  identity: string;
  transactionId: string;
  gatewayReference: string;
  amount: string;
  paymentMethod: string;
  paidAt: string;
  status: string;
  completed: string;
  /** A refund's row: its amount and when it was given back. */
  refund: string;
  /** Between a refund's amount and its time. */
  refundedOn: string;
  refundedTotal: string;
  /** Follows every time printed (spacing included) when the times are Malaysia's wall clock. */
  malaysiaTime: string;
  /**
   * Follows every time printed in another zone: `{zone}` its IANA name, `{offset}` its offset
   * then ('UTC+1').
   */
  inZone: string;
  /** Between a label and its value in running text, as the language writes it. */
  colon: string;
  issuedAt: string;
  footer: string;
}

export const RECEIPT_TEXTS: Record<ReceiptLanguage, ReceiptTexts> = {
  en: {
    title: 'Payment receipt',
    receiptNumber: 'Receipt number',
    memberName: 'Member name',
    identity: 'IC / Passport number',
    transactionId: 'Transaction ID',
    gatewayReference: 'Gateway reference',
    amount: 'Amount',
    paymentMethod: 'Payment method',
    paidAt: 'Paid at',
    status: 'Status',
    completed: 'Completed',
    refund: 'Refund',
    refundedOn: ' on ',
    refundedTotal: 'Total refunded',
    malaysiaTime: ' (Malaysia time, UTC+8)',
    inZone: ' ({zone} time, {offset})',
    colon: ': ',
    issuedAt: 'Issued',
    footer: 'Keep this receipt for your records.',
  },
  fr: {
    title: 'Reçu de paiement',
    receiptNumber: 'Numéro de reçu',
    memberName: 'Nom du membre',
    identity: 'Numéro IC / passeport',
    transactionId: 'ID de transaction',
    gatewayReference: 'Référence de la passerelle',
    amount: 'Montant',
    paymentMethod: 'Moyen de paiement',
    paidAt: 'Payé le',
    status: 'Statut',
    completed: 'Terminé',
    refund: 'Remboursement',
    refundedOn: ' le ',
    refundedTotal: 'Total remboursé',
    malaysiaTime: ' (heure de Malaisie, UTC+8)',
    inZone: ' (heure {zone}, {offset})',
    colon: ' : ',
    issuedAt: 'Émis le',
    footer: 'Conservez ce reçu pour vos dossiers.',
  },
  zn: {
    title: '付款收据',
    receiptNumber: '收据编号',
    memberName: '会员姓名',
    identity: '身份证 / 护照号码',
    transactionId: '交易编号',
    gatewayReference: '支付网关参考号',
    amount: '金额',
    paymentMethod: '付款方式',
    paidAt: '付款时间',
    status: '状态',
    completed: '已完成',
    refund: '退款',
    refundedOn: '，退款时间 ',
    refundedTotal: '退款总额',
    malaysiaTime: '（马来西亚时间，UTC+8）',
    inZone: '（{zone} 时间，{offset}）',
    colon: '：',
    issuedAt: '开具时间',
    footer: '请妥善保存此收据。',
  },
  ms: {
    title: 'Resit Bayaran',
    receiptNumber: 'Nombor resit',
    memberName: 'Nama ahli',
    identity: 'No. Kad Pengenalan / Pasport',
    transactionId: 'ID transaksi',
    gatewayReference: 'Rujukan gerbang pembayaran',
    amount: 'Amaun',
    paymentMethod: 'Kaedah bayaran',
    paidAt: 'Dibayar pada',
    status: 'Status',
    completed: 'Berjaya',
    refund: 'Bayaran balik',
    refundedOn: ' pada ',
    refundedTotal: 'Jumlah dibayar balik',
    malaysiaTime: ' (waktu Malaysia, UTC+8)',
    inZone: ' (waktu {zone}, {offset})',
    colon: ': ',
    issuedAt: 'Dikeluarkan',
    footer: 'Simpan resit ini untuk rekod anda.',
  },
};
