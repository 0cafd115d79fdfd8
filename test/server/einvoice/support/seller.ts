import type { SellerSettings } from '../../../../server/einvoice/seller';

/** A complete seller, as the settings would give it. */
export const SELLER: SellerSettings = {
  name: 'Persatuan Contoh Berhad',
  tin: 'C12345678901',
  registrationNumber: '202001234567',
  sstNumber: null,
  msicCode: '94990',
  activity: 'Activities of other membership organisations n.e.c.',
  address: {
    lines: ['Lot 66', 'Jalan Merdeka'],
    city: 'Kuala Lumpur',
    postcode: '50480',
    stateCode: '14',
  },
  phone: '+60-123456789',
  email: 'finance@example.my',
};
