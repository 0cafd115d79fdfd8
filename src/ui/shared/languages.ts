/** The languages a member can pick; 'zn' is how the product spells Chinese. */
export const SUPPORTED_LANGUAGES = ['en', 'fr', 'zn'] as const;
