/** The first bundle's part of a translation file: .parcelrc's first-page pipeline. */
declare module 'first-page:*' {
  const translations: Record<string, unknown>;
  export default translations;
}
