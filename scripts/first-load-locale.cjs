/**
 * A Parcel transformer (.parcelrc: the `first-page:` pipeline): the English translations the
 * first bundle needs, out of locales/en/translation.json, so /login's first load does not carry
 * the lazily loaded screens' texts (they add the whole file when they arrive: i18n.ts,
 * addEnglish). test/ui/first-page-translations.test.ts checks that every key the first bundle's
 * sources name is kept.
 */
const { Transformer } = require('@parcel/plugin');

/** Whole namespaces the first page uses: the shell, the login page, the session, the errors. */
const NAMESPACES = ['common', 'validation', 'session', 'login', 'theme', 'serverMessages', 'pages'];

/** Single keys of other namespaces that the first bundle names (page titles, error texts). */
const KEYS = [
  'signUp.createAccount',
  'signUp.phoneTaken',
  'forgotPassword.title',
  'payment.title',
  'payment.validation.amountFormat',
  'payment.validation.methodInvalid',
  'paymentStatus.title',
  'paymentStatus.notFoundText',
  'profile.title',
  'wizardz.brand',
  'security.passkeys.cancelled',
  'security.passkeys.ceremonyFailed',
  'security.passkeys.unsupported',
  'security.passkeys.originRefused',
];

/** The part of a translation file the first bundle carries. */
function firstPageTranslations(translation) {
  const picked = {};
  for (const namespace of NAMESPACES) {
    if (namespace in translation) picked[namespace] = translation[namespace];
  }
  for (const key of KEYS) {
    const path = key.split('.');
    const value = path.reduce((node, part) => (node == null ? undefined : node[part]), translation);
    if (value === undefined) continue;
    let into = picked;
    for (const part of path.slice(0, -1)) into = into[part] ??= {};
    into[path[path.length - 1]] = value;
  }
  return picked;
}

module.exports = {
  NAMESPACES,
  KEYS,
  firstPageTranslations,
  // What Parcel loads: the transformer, as a plugin's default export.
  default: new Transformer({
    async transform({ asset }) {
      asset.setCode(JSON.stringify(firstPageTranslations(JSON.parse(await asset.getCode()))));
      return [asset];
    },
  }),
};
