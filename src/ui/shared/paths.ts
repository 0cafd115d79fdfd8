/** Every route of the app, in one place. */
export const Paths = {
  home: '/',
  movies: '/movies',
  tvSeries: '/tv-series',
  bookmarks: '/bookmarks',
  login: '/login',
  signUp: '/sign-up',
  forgotPassword: '/forgot-password',
  payment: '/payment',
  paymentStatus: '/payment-status',
  receipt: (transactionId: string) => `/receipt/${encodeURIComponent(transactionId)}`,
  receiptPattern: '/receipt/:transactionId',
  return: '/return',
  profile: '/member/profile',
  paymentHistory: '/member/payments',
  security: '/member/security',
  wizardz: '/wizardz',
} as const;
